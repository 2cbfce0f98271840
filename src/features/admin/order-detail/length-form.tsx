import { useState } from 'react';
import { setJobLength } from '../../../api/job-length';
import { useRequest } from '../../../shared/use-request';
import { Alert, Button, Select, TextField } from '../../../components/ui';
import { durationLabel } from '../../../../domain/capacity/job-length';
import { JobLengthSetRules } from '../../../../openapi/rules';

const { minimum, maximum, multipleOf } = JobLengthSetRules.properties.minutes;
/** Every length the contract takes: 30 min to 10 h in 15-minute steps. */
const LENGTHS = Array.from({ length: (maximum - minimum) / multipleOf + 1 }, (_, index) => minimum + index * multipleOf)
  .map((minutes) => ({ id: minutes, label: durationLabel(minutes) }));

/**
 * Staff give this job its own length with a reason (issue 36 row 2, decision 084): one step, so a
 * form rather than a machine. The server judges whether a longer job still fits its team's day and
 * says why not; the page then reloads, showing the length and the history line.
 */
export function LengthForm({ orderId, minutes, onSet }: { orderId: number; minutes: number; onSet: () => void }) {
  const [length, setLength] = useState<number>(minutes);
  const [reason, setReason] = useState('');
  const setting = useRequest(async (body: { minutes: number; reason: string }) => {
    const order = await setJobLength({ id: orderId, ...body });
    setReason('');
    onSet();
    return order;
  });
  const ready = length !== minutes && reason.trim().length >= JobLengthSetRules.properties.reason.minLength;
  return (
    <form
      noValidate
      aria-labelledby="order-length-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (ready) setting.send({ minutes: length, reason: reason.trim() });
      }}
    >
      <h3 id="order-length-form">Set the length</h3>
      <Select
        label="New length"
        description="For this job only: a big house, a first deep clean, a difficult access."
        options={LENGTHS}
        selectedKey={length}
        onSelectionChange={(key) => setLength(Number(key))}
        isDisabled={setting.loading}
      />
      <TextField label="Why this length" maxLength={JobLengthSetRules.properties.reason.maxLength} value={reason} onChange={setReason} isDisabled={setting.loading} />
      {setting.error ? <Alert variant="error">{setting.error}</Alert> : null}
      <Button type="submit" size="sm" isDisabled={!ready} isPending={setting.loading}>
        Set the length
      </Button>
    </form>
  );
}
