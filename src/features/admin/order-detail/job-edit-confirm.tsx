import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { formatMoney } from '../../../../domain/money/money';
import { Alert, Button, TextField } from '../../../components/ui';
import type { JobEditRef } from './job-edit-ref';

/** Confirming: the server's difference line by line, the totals before and after, and the reason asked for. */
export function JobEditConfirm({ actorRef }: { actorRef: JobEditRef }) {
  const preview = useSelector(actorRef, (s) => s.context.preview)!;
  const edit = useSelector(actorRef, (s) => s.context.edit)!;
  const busy = useSelector(actorRef, (s) => s.matches('saving'));
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim().length < 3) return setProblem('Give the reason (at least 3 characters): it is kept with the change and mailed to the customer');
    actorRef.send({ type: 'edit.save', reason });
  };
  return (
    <form noValidate onSubmit={submit} aria-label="Confirm the change" className="job-edit__form">
      <p>New time: {edit.due_date} {edit.due_time} (UK time), {preview.duration_minutes} minutes.</p>
      {preview.lines.length > 0 ? (
        <table className="job-edit__lines">
          <caption>Price difference</caption>
          <thead>
            <tr><th scope="col">Line</th><th scope="col">Quantity</th><th scope="col">Amount</th></tr>
          </thead>
          <tbody>
            {preview.lines.map((line, index) => (
              <tr key={`${line.kind}-${index}`}>
                <th scope="row">{line.name}</th>
                <td>{line.quantity ?? ''}</td>
                <td>{formatMoney(line.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>The price stays the same.</p>
      )}
      <dl className="job-edit__totals">
        <dt>Total before</dt><dd>{formatMoney(preview.previousTotal)}</dd>
        <dt>Total after</dt><dd>{formatMoney(preview.total)}</dd>
        <dt>Difference</dt><dd>{formatMoney(preview.difference)}</dd>
      </dl>
      <TextField label="Reason" maxLength={500} value={reason} onChange={(value) => { setReason(value); setProblem(null); }} isDisabled={busy} />
      {problem ? <Alert variant="error">{problem}</Alert> : null}
      <div className="job-edit__actions">
        <Button variant="secondary" isDisabled={busy} onPress={() => actorRef.send({ type: 'edit.back' })}>Back</Button>
        <Button type="submit" isPending={busy}>Save the change</Button>
      </div>
    </form>
  );
}
