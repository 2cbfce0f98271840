import { useState } from 'react';
import { OUTWARD_CODE } from '../../../../domain/site/postcodes';
import { addCongestionDistrict, addServiceDistrict, removeCongestionDistrict, removeServiceDistrict } from '../../../api/update-pricing';
import { useToast } from '../../../shared/toasts';
import { useRequest } from '../../../shared/use-request';
import { Alert, Button, TextField } from '../../../components/ui';


/** The two lists of districts the page edits: the Congestion Charge zone, and where the company works (decision 041). */
const LISTS = {
  congestion: {
    add: addCongestionDistrict, remove: removeCongestionDistrict, list: 'Districts in the zone', field: 'Postcode district', button: 'Add district',
    added: (district: string) => `${district} is inside the Congestion Charge zone`,
    removed: (district: string) => `${district} is outside the Congestion Charge zone`,
    removeLabel: (district: string) => `Remove ${district}`,
  },
  served: {
    add: addServiceDistrict, remove: removeServiceDistrict, list: 'Districts we cover', field: 'District to cover', button: 'Cover district',
    added: (district: string) => `We now cover ${district}`,
    removed: (district: string) => `We no longer cover ${district}`,
    removeLabel: (district: string) => `Stop covering ${district}`,
  },
} as const;

/** A list of postcode districts (outward codes): add one, remove one. */
export function DistrictsEditor({ districts, onSaved, kind = 'congestion' }: { districts: readonly string[]; onSaved: () => void; kind?: keyof typeof LISTS }) {
  const words = LISTS[kind];
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const showToast = useToast();
  const adding = useRequest(async (district: string) => {
    const saved = await words.add(district);
    showToast(words.added(district), 'success');
    setText('');
    onSaved();
    return saved;
  });
  const removing = useRequest(async (district: string) => {
    const saved = await words.remove(district);
    showToast(words.removed(district), 'success');
    onSaved();
    return saved;
  });
  return (
    <>
      <ul className="pricing__districts" aria-label={words.list}>
        {districts.map((district) => (
          <li key={district} className="pricing__district">
            {district}
            <Button size="sm" variant="ghost" aria-label={words.removeLabel(district)} onPress={() => removing.send(district)} isDisabled={removing.loading}>
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
          label={words.field}
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
          {words.button}
        </Button>
      </form>
    </>
  );
}
