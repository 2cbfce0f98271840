import { useRef, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { closureMachine } from '../../../../machines/closure.machine';
import { closureActors } from '../../../api/closure-actors';
import { listClosures, removeClosure } from '../../../api/closures';
import { inspect } from '../../../shared/inspector';
import { DaysOffDialog } from './days-off-dialog';
import { useRequest } from '../../../shared/use-request';
import { Alert, Button, DateField, Spinner, TextField } from '../../../components/ui';
import { dayInWords } from '../../../../domain/time/london-days';
import '../data-table/data-table.css';
import './closures.css';
import type { Closure } from '../../../../openapi/schema';

/**
 * Issue 15, /settings: the days the company is shut (e.g. 25 December). A closed day reads "Closed"
 * in the customers' calendar on their next look and cannot be booked (decision 022); the visits booked
 * that day are listed before Confirm, then set aside and their customers mailed a link (decisions 048, 057).
 */
export function ClosuresSection() {
  const closures = useRequest(listClosures, { auto: true });
  const [announcement, setAnnouncement] = useState('');
  const done = (message: string) => {
    setAnnouncement(message);
    closures.retry();
  };
  const removing = useRequest(async (date: string) => {
    const left = await removeClosure(date);
    done(`Open again on ${date}`);
    return left;
  });

  return (
    <section className="closures" aria-labelledby="closures-title">
      <h2 id="closures-title">Closures</h2>
      <p>Days the company is shut. Customers see them as &quot;Closed&quot; and cannot book them.</p>
      <AddClosureForm onAdded={(date) => done(`Closed on ${date}`)} />
      <p role="status" className="saved-status">{announcement}</p>
      {closures.loading && !closures.data ? <Spinner label="Loading the closures" /> : null}
      {closures.error ? (
        <Alert variant="error" className="load-error">
          {closures.error} <Button size="sm" variant="secondary" onPress={closures.retry}>Try again</Button>
        </Alert>
      ) : null}
      {removing.error ? <Alert variant="error">{removing.error}</Alert> : null}
      {closures.data ? <ClosureTable closures={closures.data} isDisabled={removing.loading} onRemove={removing.send} /> : null}
    </section>
  );
}

function ClosureTable({ closures, isDisabled, onRemove }: { closures: Closure[]; isDisabled: boolean; onRemove: (date: string) => void }) {
  return (
    <div className="data-table">
      <div className="data-table__scroll" role="region" aria-label="Closures" tabIndex={0}>
        <table>
          <caption className="visually-hidden">Closures from today on</caption>
          <thead>
            <tr>
              <th scope="col">Day (UK)</th>
              <th scope="col">Reason</th>
              <th scope="col">Jobs booked</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {closures.length === 0 ? (
              <tr>
                <td colSpan={4} className="data-table__empty">No closures to come.</td>
              </tr>
            ) : (
              closures.map((closure) => (
                <tr key={closure.date}>
                  <th scope="row">{closure.date}</th>
                  <td>{closure.reason || '—'}</td>
                  <td>{closure.jobs ? <strong className="closures__jobs">{closure.jobs} to move</strong> : 'None'}</td>
                  <td>
                    <Button size="sm" variant="secondary" aria-label={`Open again on ${closure.date}`} isDisabled={isDisabled} onPress={() => onRemove(closure.date)}>
                      Open again
                    </Button>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** The day and reason are chosen here; the closure machine lists the day's visits in its dialog before closing. */
function AddClosureForm({ onAdded }: { onAdded: (date: string) => void }) {
  const [date, setDate] = useState('');
  const [reason, setReason] = useState('');
  const [checked, setChecked] = useState(false);
  // The machine's actions are made once: they reach the latest callback through a ref.
  const added = useRef(onAdded);
  added.current = onAdded;
  const actorRef = useActorRef(
    closureMachine.provide({
      actors: closureActors,
      actions: {
        reload: ({ context }) => {
          setDate('');
          setReason('');
          setChecked(false);
          added.current(context.days.from);
        },
      },
    }),
    { inspect },
  );
  const day = useSelector(actorRef, (s) => s.context.days.from);
  const choosing = useSelector(actorRef, (s) => s.matches('choosing'));
  return (
    <>
      <form
        noValidate
        className="closures__form"
        onSubmit={(event) => {
          event.preventDefault();
          setChecked(true);
          actorRef.send({ type: 'days.review', days: { from: date, to: date, reason } });
        }}
      >
        <DateField
          label="Day to close"
          description="dd/mm/yyyy, a UK date"
          isRequired
          value={date}
          onChange={setDate}
          errorMessage={checked && !dayInWords(date) ? 'Enter the whole date, day, month and year, e.g. 25/12/2026' : null}
          isDisabled={!choosing}
        />
        <TextField label="Reason (optional)" description="Shown to customers, e.g. Christmas Day" maxLength={200} value={reason} onChange={setReason} isDisabled={!choosing} />
        <div className="closures__submit">
          <Button type="submit" isDisabled={!choosing}>
            Close the company
          </Button>
        </div>
      </form>
      <DaysOffDialog actorRef={actorRef} wording={{ title: `Close the company on ${day}?`, confirm: 'Close the company', done: `Closed on ${day}.` }} />
    </>
  );
}
