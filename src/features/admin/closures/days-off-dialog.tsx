import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { closureMachine, ClosureMeta } from '../../../../machines/closure.machine';
import { Alert, Button, Dialog, Modal, Spinner } from '../../../components/ui';
import { formatDateTime } from '../../../lib/dates';
import { formatMoney } from '../../../../domain/money/money';
import type { ClosureVisit } from '../../../../openapi/schema';

type ClosureRef = ActorRefFrom<typeof closureMachine>;

export interface DaysOffWording {
  /** The dialog's title, also its name (e.g. "Close the company on 2026-12-25?"). */
  title: string;
  /** The Confirm button's name. */
  confirm: string;
  /** What is said once done (e.g. "Closed on 2026-12-25."). */
  done: string;
}

/**
 * The dialog of the closure machine (decision 057), the same for a closure and a team's time off:
 * the visits booked then, what happens to each, Confirm; then how many customers were mailed.
 * Thin: the machine says which part shows; Escape is Cancel except while the server works.
 */
export function DaysOffDialog({ actorRef, wording }: { actorRef: ClosureRef; wording: DaysOffWording }) {
  const meta = useSelector(actorRef, (s) => Object.values(s.getMeta())[0] as ClosureMeta | undefined);
  const context = useSelector(actorRef, (s) => s.context);
  const dialog = meta?.dialog ?? null;
  const close = () => actorRef.send({ type: dialog === 'done' ? 'dialog.done' : 'dialog.cancel' });
  return (
    <Modal isOpen={dialog !== null} isDismissable={!meta?.busy} isKeyboardDismissDisabled={Boolean(meta?.busy)} onOpenChange={(open) => !open && close()}>
      <Dialog title={wording.title}>
        {dialog === 'list' ? <VisitsToConfirm actorRef={actorRef} busy={Boolean(meta?.busy)} wording={wording} /> : null}
        {dialog === 'done' ? (
          <>
            <p role="status">
              {wording.done} {mailedText(context.mailed)}
              {context.moved > 0 ? ` ${context.moved === 1 ? '1 visit' : `${context.moved} visits`} moved to another team.` : ''}
            </p>
            <div className="dialog__actions">
              <Button autoFocus onPress={close}>Done</Button>
            </div>
          </>
        ) : null}
        {dialog === 'failed' ? (
          <>
            <Alert variant="error">{context.error}</Alert>
            <div className="dialog__actions">
              <Button variant="secondary" onPress={close}>Cancel</Button>
              <Button autoFocus onPress={() => actorRef.send({ type: 'closure.retry' })}>Try again</Button>
            </div>
          </>
        ) : null}
      </Dialog>
    </Modal>
  );
}

const mailedText = (mailed: number) =>
  mailed === 0 ? 'No customer needed a mail.' : `${mailed === 1 ? '1 customer was' : `${mailed} customers were`} mailed a link to choose another time.`;

function VisitsToConfirm({ actorRef, busy, wording }: { actorRef: ClosureRef; busy: boolean; wording: DaysOffWording }) {
  const visits = useSelector(actorRef, (s) => s.context.visits);
  const listing = useSelector(actorRef, (s) => s.matches('listing'));
  if (listing) return <Spinner label="Loading the visits booked then" />;
  const mailed = visits.filter((visit) => typeof visit.moved_to !== 'string').length;
  const teamOff = visits.some((visit) => visit.moved_to !== undefined);
  return (
    <>
      {visits.length === 0 ? (
        <p>No visits are booked then.</p>
      ) : (
        <>
          <p>
            {visits.length === 1 ? '1 visit is' : `${visits.length} visits are`} booked then.{' '}
            {mailed > 0
              ? `${mailed === 1 ? 'Its customer' : `The ${mailed} customers`}${teamOff ? ' without another team free' : ''} will be mailed a link to choose another time, free of charge; the booking and its payment stay as they are.`
              : 'Each moves to another team free then: no customer needs a mail.'}
          </p>
          <VisitTable visits={visits} teamOff={teamOff} />
        </>
      )}
      <div className="dialog__actions">
        <Button variant="secondary" autoFocus isDisabled={busy} onPress={() => actorRef.send({ type: 'dialog.cancel' })}>Cancel</Button>
        <Button variant="danger" isPending={busy} onPress={() => actorRef.send({ type: 'closure.confirm' })}>{wording.confirm}</Button>
      </div>
    </>
  );
}

function VisitTable({ visits, teamOff }: { visits: ClosureVisit[]; teamOff: boolean }) {
  return (
    <div className="data-table">
      <div className="data-table__scroll" role="region" aria-label="Visits booked then" tabIndex={0}>
        <table>
          <thead>
            <tr>
              <th scope="col">Customer</th>
              <th scope="col">Time (UK)</th>
              <th scope="col">Team</th>
              <th scope="col">Total</th>
              {teamOff ? <th scope="col">Then</th> : null}
            </tr>
          </thead>
          <tbody>
            {visits.map((visit) => (
              <tr key={visit.order_id}>
                <th scope="row">{visit.customer}</th>
                <td>{formatDateTime(visit.due)}</td>
                <td>{visit.team ?? 'Unassigned'}</td>
                <td>{formatMoney(visit.total)}</td>
                {teamOff ? <td>{typeof visit.moved_to === 'string' ? `Moves to ${visit.moved_to}` : 'Mailed a link'}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
