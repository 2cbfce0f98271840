import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { jobEditMachine } from '../../../../machines/job-edit.machine';
import { formatMoney } from '../../../../domain/money/money';
import { loadJobActor, previewEditActor, saveEditActor } from '../../../api/job-edits';
import { Alert, Button, Spinner } from '../../../components/ui';
import { inspect } from '../../../shared/inspector';
import { JobEditConfirm } from './job-edit-confirm';
import { JobEditForm } from './job-edit-form';

const HEADINGS: Record<string, string> = {
  loading: 'Edit the job',
  editing: 'Edit the job',
  previewing: 'Edit the job',
  confirming: 'Check the difference',
  saving: 'Check the difference',
  taken: 'Time taken',
  failed: 'Not saved',
  saved: 'Job changed',
};

/**
 * Staff edit a booked job (decision 055). Thin: the job edit machine holds the steps, the server
 * prices and checks; each panel renders its part of the snapshot and sends events. The order page
 * reloads after a save, so its lines, total and history show the change.
 */
export function JobEditor({ orderId, onSaved }: { orderId: number; onSaved: () => void }) {
  const actorRef = useActorRef(jobEditMachine.provide({ actors: { loadJob: loadJobActor, previewEdit: previewEditActor, saveEdit: saveEditActor } }), { input: { orderId }, inspect });
  const state = useSelector(actorRef, (s) => String(s.value));
  const error = useSelector(actorRef, (s) => s.context.error);
  const saved = useSelector(actorRef, (s) => s.context.saved);
  const heading = HEADINGS[state] ?? 'Edit the job';
  // The panel is replaced at each step: keyboard and screen reader users are taken to its heading.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shown = useRef(heading);
  useEffect(() => {
    if (shown.current !== heading) headingRef.current?.focus();
    shown.current = heading;
  }, [heading]);
  useEffect(() => {
    if (state === 'saved') onSaved();
  }, [state, onSaved]);
  return (
    <div className="job-edit">
      <h3 ref={headingRef} id="job-edit-step" tabIndex={-1}>{heading}</h3>
      {state === 'loading' ? <Spinner label="Loading the job" /> : null}
      {state === 'editing' || state === 'previewing' ? <JobEditForm actorRef={actorRef} /> : null}
      {state === 'confirming' || state === 'saving' ? <JobEditConfirm actorRef={actorRef} /> : null}
      {state === 'taken' ? (
        <>
          <Alert variant="error">{error}</Alert>
          <div className="job-edit__actions"><Button onPress={() => actorRef.send({ type: 'edit.retime' })}>Choose another time</Button></div>
        </>
      ) : null}
      {state === 'failed' ? (
        <>
          <Alert variant="error">{error}</Alert>
          <div className="job-edit__actions">
            <Button variant="secondary" onPress={() => actorRef.send({ type: 'edit.back' })}>Back to the edit</Button>
            <Button onPress={() => actorRef.send({ type: 'edit.retry' })}>Start again</Button>
          </div>
        </>
      ) : null}
      {state === 'saved' && saved ? (
        <>
          <Alert variant="success">Saved: the order&apos;s total is now {formatMoney(saved.total)}. The customer was mailed.</Alert>
          <div className="job-edit__actions"><Button variant="secondary" onPress={() => actorRef.send({ type: 'edit.restart' })}>Edit again</Button></div>
        </>
      ) : null}
    </div>
  );
}
