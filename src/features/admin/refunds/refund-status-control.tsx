import { useActorRef, useSelector } from '@xstate/react';
import { useToast } from '../../../shared/toasts';
import { useEffect, useRef } from 'react';
import { refundUpdateMachine } from '../../../../machines/refund-update.machine';
import { updateRefundStatusActor } from '../../../api/update-refund-status';
import { inspect } from '../../../shared/inspector';
import { Button, Dialog, Modal, Select } from '../../../components/ui';
import { formatMoney } from '../../../../domain/money/money';
import { statusLabel } from '../../../../domain/orders/status-labels';
import { useRefundActions } from './refund-actions-context';
import type { RefundRequest, RefundStatusUpdate } from '../../../../openapi/schema';
import { orderNumberShown } from '../../../../domain/orders/order-reference';

/** R-ADMIN-5: the only decisions an administrator can set. */
const decisions: { id: RefundStatusUpdate['status']; label: string }[] = [
  { id: 'accepted', label: 'Accepted' },
  { id: 'rejected', label: 'Rejected' },
];

/**
 * The "Update Status" cell: accepted or rejected and Update, driven by one refund-update machine
 * per row. A decision updates the row in place; a refused one (409) puts the dropdown back to the
 * stored decision; other errors stay on the row with Retry. Accepting asks once, in a dialog naming
 * the amount refunded and the amount kept, from the ledger (decision 070).
 */
export function RefundStatusControl({ refund }: { refund: RefundRequest }) {
  const { refundSaved, reloadRefunds } = useRefundActions();
  const showToast = useToast();
  const screen = useRef({ refundSaved, reloadRefunds });
  screen.current = { refundSaved, reloadRefunds };
  const id = refund.order_id;
  const number = orderNumberShown(refund);

  const actorRef = useActorRef(
    refundUpdateMachine.provide({
      actors: { updateRefundStatus: updateRefundStatusActor },
      actions: {
        notifyUpdated: ({ context }) =>
          showToast(`Refund for order ${number} ${statusLabel(context.status).toLowerCase()}`, 'success'),
        rowSaved: ({ event }) => screen.current.refundSaved((event as unknown as { output: RefundRequest }).output),
        reloadRefunds: () => screen.current.reloadRefunds(),
      },
    }),
    { input: { orderId: id, status: refund.status, version: refund.version }, inspect },
  );
  useEffect(() => {
    actorRef.send({ type: 'refund.sync', status: refund.status, version: refund.version });
  }, [actorRef, refund.status, refund.version]);

  const selected = useSelector(actorRef, (s) => s.context.chosen ?? (s.context.status === 'pending' ? null : s.context.status));
  const canUpdate = useSelector(actorRef, (s) => s.can({ type: 'refund.update' }));
  const updating = useSelector(actorRef, (s) => s.matches('updating'));
  const error = useSelector(actorRef, (s) => (s.matches('failed') || s.matches('conflicted') ? s.context.error : null));
  const conflicted = useSelector(actorRef, (s) => s.matches('conflicted'));
  const confirming = useSelector(actorRef, (s) => s.matches('confirming'));

  return (
    <div className="row-update">
      <Select
        label={`Refund status of order ${number}`}
        hideLabel
        placeholder="Choose"
        options={decisions}
        selectedKey={selected}
        onSelectionChange={(key) =>
          key !== null && actorRef.send({ type: 'status.choose', status: key as RefundStatusUpdate['status'] })
        }
        isDisabled={updating}
      />
      <Button size="sm" aria-label={`Update refund of order ${number}`} isDisabled={!canUpdate} onPress={() => actorRef.send({ type: 'refund.update' })}>
        {updating ? 'Updating…' : 'Update'}
      </Button>
      {error ? (
        <p role="alert" className="row-update__error">
          {error}
          {conflicted ? ' The list now shows the stored status.' : (
            <Button size="sm" variant="secondary" aria-label={`Retry refund of order ${number}`} onPress={() => actorRef.send({ type: 'refund.retry' })}>
              Retry
            </Button>
          )}
        </p>
      ) : null}
      <Modal isOpen={confirming} onOpenChange={(open) => !open && actorRef.send({ type: 'refund.dismiss' })}>
        <Dialog title={`Accept the cancellation of order ${number}?`} role="alertdialog">
          <p>{acceptedMoneyText(refund)}</p>
          <p>Order {number} of {refund.name} will be cancelled. This cannot be undone from this list.</p>
          <div className="dialog__actions">
            <Button variant="secondary" autoFocus onPress={() => actorRef.send({ type: 'refund.dismiss' })}>
              Keep it pending
            </Button>
            <Button variant="danger" onPress={() => actorRef.send({ type: 'refund.confirm' })}>
              {refund.amount > 0 ? `Accept and refund ${formatMoney(refund.amount)}` : 'Accept'}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </div>
  );
}

/** What accepting does with the money, the server's figures (what it refunds, keeps, or leaves owed). */
function acceptedMoneyText(refund: RefundRequest): string {
  if (refund.amount > 0) return `${formatMoney(refund.amount)} is refunded to the customer's card and ${formatMoney(refund.kept)} is kept${refund.kept > 0 ? ' (the cancellation fee)' : ''}.`;
  if (refund.kept > 0) return `Nothing is refunded: ${formatMoney(refund.kept)} paid is kept (the cancellation fee).`;
  return refund.fee > 0
    ? `Nothing was paid, so nothing is refunded: the cancellation fee of ${formatMoney(refund.fee)} is then owed on the order.`
    : 'Nothing was paid, so nothing is refunded or owed.';
}
