import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { rescheduleMachine } from '../../../machines/reschedule.machine';
import { Alert, Button, Dialog, Modal } from '../../components/ui';
import { formatDateTime } from '../../lib/dates';
import { formatMoney } from '../../../domain/money/money';
import { DateField } from '../../components/ui/date-field';
import { BookingTimeField } from '../../components/ui/date-time-fields';
import { BOOKING_TERMS } from '../../../domain/terms/booking-terms';
import { COMPANY_MOVE_TEXT } from '../../../domain/terms/reschedule-terms';
import { rescheduleTermsText } from './order-rules';
import { RescheduleTimes } from './reschedule-times';
import type { MyOrder, WaitlistOffer } from '../../../openapi/schema';

type RescheduleRef = ActorRefFrom<typeof rescheduleMachine>;

/** Reschedule: the terms (free, or the 30% fee), a new Date and Time in UK time with the day's free times, and Confirm. */
export function RescheduleDialog({ actorRef, orders, held, onWaitlistJoined }: {
  actorRef: RescheduleRef;
  orders: readonly MyOrder[];
  /** A time a waiting list holds for one of these visits (decision 067), opened from its mail. */
  held: WaitlistOffer | null;
  onWaitlistJoined: () => void;
}) {
  const isOpen = useSelector(actorRef, (s) => !s.matches('closed'));
  const busy = useSelector(actorRef, (s) => s.matches('rescheduling'));
  // Failed, and sending the same again can help (a network failure, a 5xx): Try again. A refusal is
  // said in the alert, and Confirm waits for another time.
  const failed = useSelector(actorRef, (s) => s.matches('failed') && s.context.canRetry);
  const refused = useSelector(actorRef, (s) => s.matches('failed') && !s.context.canRetry);
  const error = useSelector(actorRef, (s) => s.context.error);
  const orderId = useSelector(actorRef, (s) => s.context.orderId);
  const movedByUs = useSelector(actorRef, (s) => s.context.move !== null);
  const canConfirm = useSelector(actorRef, (s) => s.can({ type: 'reschedule.confirm' }) || s.can({ type: 'retry' }));
  const order = orders.find((candidate) => candidate.id === orderId);
  const heldHere = held && held.order_id === orderId ? held : null;
  const close = () => actorRef.send({ type: 'dialog.close' });
  // Opened from a closure's mailed link: we moved the visit, so the customer's own terms do not apply.
  const terms = movedByUs ? COMPANY_MOVE_TEXT : order ? rescheduleTermsText(order.reschedule) : null;

  return (
    <Modal isOpen={isOpen} isDismissable={!busy} isKeyboardDismissDisabled={busy} onOpenChange={(open) => !open && close()}>
      <Dialog title="Reschedule the booking">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            actorRef.send(failed ? { type: 'retry' } : { type: 'reschedule.confirm' });
          }}
        >
          {order ? (
            <p className="cancel-dialog__order">
              {order.reference ? `Order #${order.reference}: ` : ''}{order.service}, {formatMoney(order.total)}
              {order.due ? <>, now {formatDateTime(order.due)} (UK time)</> : null}
            </p>
          ) : null}
          {terms ? (
            <p className={!movedByUs && order && order.reschedule.fee > 0 ? 'cancel-dialog__fee cancel-dialog__fee--charged' : 'cancel-dialog__fee'}>{terms}</p>
          ) : null}
          <p className="cancel-dialog__terms">{BOOKING_TERMS}</p>
          {heldHere ? (
            <Alert variant="info">
              {heldHere.date} {heldHere.time} (UK time) is held for you until {formatDateTime(heldHere.held_until)} (UK time): Confirm moves your booking there.
            </Alert>
          ) : null}
          {order && order.serviceId ? (
            <RescheduleTimes actorRef={actorRef} order={order} isDisabled={busy} heldDate={heldHere?.date ?? null} onWaitlistJoined={onWaitlistJoined} />
          ) : (
            <div className="field-row">
              <DateField
                label="Date"
                description="dd/mm/yyyy, UK date, at least 24 hours ahead"
                isRequired
                isDisabled={busy}
                initialValue=""
                onChange={(value) => actorRef.send({ type: 'date.change', value })}
              />
              <BookingTimeField
                label="Time"
                description="UK time, 24-hour clock, e.g. 09:30"
                errorMessage={null}
                isDisabled={busy}
                initialValue=""
                onChange={(value) => actorRef.send({ type: 'time.change', value })}
              />
            </div>
          )}
          {(failed || refused) && error ? <Alert variant="error">{error}</Alert> : null}
          <div className="cancel-dialog__actions">
            <Button variant="secondary" isDisabled={busy} onPress={close}>
              Close
            </Button>
            <Button type="submit" isDisabled={!canConfirm} isPending={busy}>
              {failed ? 'Try again' : 'Confirm'}
            </Button>
          </div>
        </form>
      </Dialog>
    </Modal>
  );
}
