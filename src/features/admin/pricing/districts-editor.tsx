import { useState } from 'react';
import { addCongestionDistrict, removeCongestionDistrict } from '../../../api/update-pricing';
import { useToast } from '../../../shared/toasts';
import { useRequest } from '../../../shared/use-request';
import { Alert, Button, TextField } from '../../../components/ui';

const OUTWARD_CODE = /^[A-Z]{1,2}\d[A-Z\d]?$/;

/** The postcode districts (outward codes) inside the Congestion Charge zone: add one, remove one. */
export function DistrictsEditor({ districts, onSaved }: { districts: readonly string[]; onSaved: () => void }) {
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const showToast = useToast();
  const adding = useRequest(async (district: string) => {
    const saved = await addCongestionDistrict(district);
    showToast(`${district} is inside the Congestion Charge zone`, 'success');
    setText('');
    onSaved();
    return saved;
  });
  const removing = useRequest(async (district: string) => {
    const saved = await removeCongestionDistrict(district);
    showToast(`${district} is outside the Congestion Charge zone`, 'success');
    onSaved();
    return saved;
  });
  return (
    <>
      <ul className="pricing__districts" aria-label="Districts in the zone">
        {districts.map((district) => (
          <li key={district} className="pricing__district">
            {district}
            <Button size="sm" variant="ghost" aria-label={`Remove ${district}`} onPress={() => removing.send(district)} isDisabled={removing.loading}>
              <span aria-hidden="true">×</span>
            </Button>
          </li>
        ))}
      </ul>
      {removing.error ? <Alert variant="error">{removing.error}</Alert> : null}
      <form
        noValidate
        className="pricing__amount"
        onSubmit={(event) => {
          event.preventDefault();
          const district = text.trim().toUpperCase();
          if (!OUTWARD_CODE.test(district)) {
            setInvalid('Enter a postcode district (the first half of a postcode), such as WC2N or SE1');
            return;
          }
          setInvalid(null);
          adding.send(district);
        }}
      >
        <TextField
          label="Postcode district"
          description="The first half of a postcode, such as WC2N."
          className="pricing__field"
          value={text}
          onChange={(typed) => {
            setText(typed);
            setInvalid(null);
          }}
          errorMessage={invalid ?? adding.error}
          isDisabled={adding.loading}
        />
        <Button type="submit" size="sm" variant="secondary" isPending={adding.loading}>
          Add district
        </Button>
      </form>
    </>
  );
}
