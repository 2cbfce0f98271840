import { useState } from 'react';
import { updateOpeningHours } from '../../../api/update-pricing';
import { useToast } from '../../../shared/toasts';
import { useRequest } from '../../../shared/use-request';
import { Button, Checkbox, TextField } from '../../../components/ui';
import type { OpeningHours } from '../../../../openapi/schema';
import { WEEKDAY_NAMES } from '../../../../domain/time/london-days';

export const WEEKDAYS = WEEKDAY_NAMES;
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

/** One weekday's opening hours (UK time): open or closed, opens and closes as HH:mm, opening first. */
export function HoursForm({ hours, onSaved }: { hours: OpeningHours; onSaved: () => void }) {
  const day = WEEKDAYS[hours.weekday] ?? String(hours.weekday);
  const [open, setOpen] = useState(hours.open);
  const [opens, setOpens] = useState(hours.opens);
  const [closes, setCloses] = useState(hours.closes);
  const [invalid, setInvalid] = useState<{ opens?: string; closes?: string }>({});
  const showToast = useToast();
  const saving = useRequest(async () => {
    const saved = await updateOpeningHours({ weekday: hours.weekday, open, opens, closes });
    showToast(`Opening hours of ${day} saved`, 'success');
    onSaved();
    return saved;
  });
  const unchanged = open === hours.open && opens === hours.opens && closes === hours.closes;
  const submit = () => {
    const problems: { opens?: string; closes?: string } = {};
    if (!CLOCK.test(opens)) problems.opens = 'Enter a time as HH:mm, such as 07:00';
    if (!CLOCK.test(closes)) problems.closes = 'Enter a time as HH:mm, such as 20:00';
    if (!problems.opens && !problems.closes && opens >= closes) problems.closes = `${day} must close after it opens (${opens})`;
    setInvalid(problems);
    if (!problems.opens && !problems.closes) saving.send();
  };
  return (
    <tr>
      <th scope="row">{day}</th>
      <td>
        <Checkbox isSelected={open} onChange={setOpen} isDisabled={saving.loading} aria-label={`Open on ${day}`}>
          Open
        </Checkbox>
      </td>
      <td>
        <TextField label={`${day} opens`} className="pricing__field pricing__time" value={opens} onChange={setOpens} errorMessage={invalid.opens} isDisabled={saving.loading} />
      </td>
      <td>
        <TextField label={`${day} closes`} className="pricing__field pricing__time" value={closes} onChange={setCloses} errorMessage={invalid.closes ?? saving.error} isDisabled={saving.loading} />
      </td>
      <td>
        <Button size="sm" variant="secondary" aria-label={`Save ${day}`} onPress={submit} isPending={saving.loading} isDisabled={unchanged}>
          Save
        </Button>
      </td>
    </tr>
  );
}
