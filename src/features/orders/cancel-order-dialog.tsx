import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { cancellationMachine } from '../../../machines/cancellation.machine';
import { Alert, Button, Dialog, Modal, TextField } from '../../components/ui';
import { formatMoney } from '../../../domain/money/money';
import { BOOKING_TERMS } from '../../../domain/terms/booking-terms';
import { cancellationFeeText } from './order-labels';
import { cancellationRuleText } from './order-rules';
import type { MyOrder } from '../../../openapi/schema';
import { RefundRequestBodyRules } from '../../../openapi/rules';

type CancellationRef = ActorRefFrom<typeof cancellationMachine>;

/** R-CANCEL-2: 'Do you want to cancel the order ? tell us why!', a required reason, and Send. */
export function CancelOrderDialog({ actorRef, orders }: { actorRef: CancellationRef; orders: readonly MyOrder[] }) {
  const isOpen = useSelector(actorRef, (s) => !s.matches('closed'));
  const sending = useSelector(actorRef, (s) => s.matches('sending'));
  // Failed, and sending the same again can help (a network failure, a 5xx): Try again. A refusal is
  // said in the alert, and Send waits for a change.
  const failed = useSelector(actorRef, (s) => s.matches('failed') && s.context.canRetry);
  const refused = useSelector(actorRef, (s) => s.matches('failed') && !s.context.canRetry);
  const error = useSelector(actorRef, (s) => s.context.error);
  const reason = useSelector(actorRef, (s) => s.context.reason);
  const fee = useSelector(actorRef, (s) => s.context.fee);
  const orderId = useSelector(actorRef, (s) => s.context.orderId);
  const order = orders.find((candidate) => candidate.id === orderId);
  const canSend = useSelector(actorRef, (s) => s.can({ type: 'reason.send' }) || s.can({ type: 'retry' }));
  const close = () => actorRef.send({ type: 'dialog.close' });

  return (
    <Modal isOpen={isOpen} isDismissable={!sending} isKeyboardDismissDisabled={sending} onOpenChange={(open) => !open && close()}>
      <Dialog title="Do you want to cancel the order ? tell us why!">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            actorRef.send(failed ? { type: 'retry' } : { type: 'reason.send' });
          }}
        >
          {order ? (
            <p className="cancel-dialog__order">
              {order.reference ? `Order #${order.reference}: ` : ''}{order.service}, {formatMoney(order.total)}
            </p>
          ) : null}
          <p className={fee > 0 ? 'cancel-dialog__fee cancel-dialog__fee--charged' : 'cancel-dialog__fee'}>
            {(order && cancellationRuleText(order.cancellation)) ?? cancellationFeeText(fee)}
          </p>
          <p className="cancel-dialog__terms">{BOOKING_TERMS}</p>
          <TextField
            label="Type here your reason"
            isRequired
            maxLength={RefundRequestBodyRules.properties.reason.maxLength}
            showCount
            multiline
            rows={4}
            autoFocus
            value={reason}
            isDisabled={sending}
            onChange={(value) => actorRef.send({ type: 'reason.change', value })}
          />
          {(failed || refused) && error ? <Alert variant="error">{error}</Alert> : null}
          <div className="cancel-dialog__actions">
            <Button variant="secondary" isDisabled={sending} onPress={close}>
              Close
            </Button>
            <Button type="submit" variant="danger" isDisabled={!canSend} isPending={sending}>
              {failed ? 'Try again' : 'Send'}
            </Button>
          </div>
        </form>
      </Dialog>
    </Modal>
  );
}
