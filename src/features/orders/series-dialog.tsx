import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { SERIES_ACTION_BUTTONS, skipEndsSeries, type seriesMachine } from '../../../machines/series.machine';
import { Alert, Button, Dialog, Modal } from '../../components/ui';
import { formatDateTime } from '../../lib/dates';
import { cancellationFeeText } from './order-labels';
import type { BookingSeries } from '../../../openapi/schema';
import { shownOrderName } from '../../../domain/orders/order-reference';
import { endingCostText } from '../../../domain/terms/booking-terms';

type SeriesRef = ActorRefFrom<typeof seriesMachine>;

/**
 * Confirms "Skip" or "End the series" with the terms of a single cancellation; an "Undo" that
 * failed opens it too, with the server's reason (e.g. the time was taken) and Try again.
 */
const TITLES = { skip: 'Skip this visit?', cancel: 'End the series?', undo: 'Bring this visit back' } as const;
export function SeriesDialog({ actorRef, series }: { actorRef: SeriesRef; series: readonly BookingSeries[] }) {
  const isOpen = useSelector(actorRef, (s) => s.matches('confirming') || s.matches('saving') || s.matches('failed'));
  const saving = useSelector(actorRef, (s) => s.matches('saving'));
  const failed = useSelector(actorRef, (s) => s.matches('failed'));
  const error = useSelector(actorRef, (s) => s.context.error);
  const action = useSelector(actorRef, (s) => s.context.action);
  const id = useSelector(actorRef, (s) => s.context.id);
  const fee = useSelector(actorRef, (s) => s.context.fee);
  const visits = useSelector(actorRef, (s) => s.context.visits);
  const close = () => actorRef.send({ type: 'dialog.close' });
  const visit = action === 'skip' || action === 'undo' ? series.flatMap((one) => one.visits).find((candidate) => candidate.id === id) : undefined;
  const chosen = action === 'cancel' ? series.find((one) => one.id === id) : undefined;
  // Skipping the last visit to come ends the series as "End the series" does (decision 060).
  const skippedFrom = visit && action === 'skip' ? series.find((one) => one.visits.some((candidate) => candidate.id === visit.id)) : undefined;
  const ending = skippedFrom && skipEndsSeries(skippedFrom, visit!.id) ? skippedFrom : undefined;
  // The figure the server charges on ending (decision 037), said before Confirm.
  const ended = chosen ?? ending;
  const endingCost = ended ? endingCostText(ended.endingCost ?? 0) : null;

  return (
    <Modal isOpen={isOpen} isDismissable={!saving} isKeyboardDismissDisabled={saving} onOpenChange={(open) => !open && close()}>
      {/* Neither can be undone once done: an alert dialog whose focus starts on the safe choice
          (Close), so one stray Enter or Space does nothing (WAI-ARIA alert dialog pattern, decision 076). */}
      <Dialog title={TITLES[action ?? 'skip']} role="alertdialog">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            actorRef.send(failed ? { type: 'retry' } : { type: 'action.confirm' });
          }}
        >
          {visit && action === 'skip' ? (
            <p className="series-dialog__what">
              The visit of {formatDateTime(visit.due)} (UK time), {shownOrderName(visit)}, will be cancelled now.
              {/* The last one to come ends the series, so it cannot come back (decision 060). */}
              {ending ? ' It is the last visit still to come, so skipping it ends the series: no more will be planned' : ' The other visits stay booked'}
              {/* A paid visit is refunded at once and so cannot come back (decision 043). */}
              {visit.payment.status === 'unpaid' || visit.payment.status === 'awaiting_payment'
                ? ending ? '.' : ', and you can undo this while its time is still free.'
                : '. What you paid, less any fee, is refunded to your card at once, so this cannot be undone.'}
            </p>
          ) : null}
          {visit && action === 'undo' ? (
            <p className="series-dialog__what">The visit of {formatDateTime(visit.due)} (UK time), {shownOrderName(visit)}, could not be booked again.</p>
          ) : null}
          {chosen ? (
            <p className="series-dialog__what">
              {visits === 1 ? '1 visit' : `${visits} visits`} of {chosen.frequencyName} {chosen.service} will be cancelled, and no more will be planned.
            </p>
          ) : null}
          {endingCost ? <p className="cancel-dialog__fee cancel-dialog__fee--charged">{endingCost}</p> : null}
          {action === 'undo' ? null : (
            <p className={fee > 0 ? 'cancel-dialog__fee cancel-dialog__fee--charged' : 'cancel-dialog__fee'}>{cancellationFeeText(fee)}</p>
          )}
          {failed && error ? <Alert variant="error">{error}</Alert> : null}
          <div className="cancel-dialog__actions">
            <Button variant="secondary" isDisabled={saving} onPress={close} autoFocus>
              Close
            </Button>
            <Button type="submit" variant="danger" isDisabled={saving} isPending={saving}>
              {failed ? 'Try again' : SERIES_ACTION_BUTTONS[action ?? 'skip']}
            </Button>
          </div>
        </form>
      </Dialog>
    </Modal>
  );
}
