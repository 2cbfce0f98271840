import { useActorRef, useSelector } from '@xstate/react';
import { useToast } from '../../../shared/toasts';
import { useEffect, useRef } from 'react';
import { orderUpdateMachine } from '../../../../machines/order-update.machine';
import { updateOrderStatusActor } from '../../../api/update-order-status';
import { inspect } from '../../../shared/inspector';
import { Button, Dialog, Modal, Select } from '../../../components/ui';
import { statusLabel } from '../../../../domain/orders/status-labels';
import { useOrderActions } from './order-actions-context';
import type { AdminOrder } from '../../../../openapi/schema';
import { orderNumberShown } from '../../../../domain/orders/order-reference';

/**
 * The "Update Order" cell: a status dropdown and Update, driven by one order-update machine per
 * row. A saved status updates the row in place; cancelling asks for confirmation first; a refused
 * change (409) puts the dropdown back to the stored status; other errors stay on the row with Retry.
 */
export function OrderStatusControl({ order }: { order: AdminOrder }) {
  const { statuses, orderSaved, reloadOrders } = useOrderActions();
  const showToast = useToast();
  const screen = useRef({ orderSaved, reloadOrders });
  screen.current = { orderSaved, reloadOrders };

  const actorRef = useActorRef(
    orderUpdateMachine.provide({
      actors: { updateOrderStatus: updateOrderStatusActor },
      actions: {
        notifyUpdated: ({ context }) =>
          showToast(`Order ${orderNumberShown(order)} is now ${statusLabel(context.status)}`, 'success'),
        rowSaved: ({ event }) => screen.current.orderSaved((event as unknown as { output: AdminOrder }).output),
        reloadOrders: () => screen.current.reloadOrders(),
      },
    }),
    { input: { orderId: order.id, status: order.status, version: order.version }, inspect },
  );
  useEffect(() => {
    actorRef.send({ type: 'order.sync', status: order.status, version: order.version });
  }, [actorRef, order.status, order.version]);

  const selected = useSelector(actorRef, (s) => s.context.chosen ?? s.context.status);
  const canUpdate = useSelector(actorRef, (s) => s.can({ type: 'order.update' }));
  const updating = useSelector(actorRef, (s) => s.matches('updating'));
  const confirming = useSelector(actorRef, (s) => s.matches('confirming'));
  const error = useSelector(actorRef, (s) => (s.matches('failed') || s.matches('conflicted') ? s.context.error : null));
  const conflicted = useSelector(actorRef, (s) => s.matches('conflicted'));

  return (
    <div className="row-update">
      <Select
        label={`Status of order ${orderNumberShown(order)}`}
        hideLabel
        options={statuses.map((status) => ({ id: status, label: statusLabel(status) }))}
        selectedKey={selected}
        onSelectionChange={(key) => key !== null && actorRef.send({ type: 'status.choose', status: key as AdminOrder['status'] })}
        isDisabled={updating}
      />
      <Button size="sm" aria-label={`Update order ${orderNumberShown(order)}`} isDisabled={!canUpdate} onPress={() => actorRef.send({ type: 'order.update' })}>
        {updating ? 'Updating…' : 'Update'}
      </Button>
      {error ? (
        <p role="alert" className="row-update__error">
          {error}
          {conflicted ? ' The list now shows the stored status.' : (
            <Button size="sm" variant="secondary" aria-label={`Retry order ${orderNumberShown(order)}`} onPress={() => actorRef.send({ type: 'order.retry' })}>
              Retry
            </Button>
          )}
        </p>
      ) : null}
      <Modal isOpen={confirming} onOpenChange={(open) => !open && actorRef.send({ type: 'order.dismiss' })}>
        <Dialog title={`Cancel order ${orderNumberShown(order)}?`} role="alertdialog">
          <p>
            Order {orderNumberShown(order)} of {order.user} ({order.service}) will be cancelled. This cannot be undone from this list.
          </p>
          <div className="dialog__actions">
            <Button variant="secondary" autoFocus onPress={() => actorRef.send({ type: 'order.dismiss' })}>
              Keep the order
            </Button>
            <Button variant="danger" onPress={() => actorRef.send({ type: 'order.confirm' })}>
              Cancel the order
            </Button>
          </div>
        </Dialog>
      </Modal>
    </div>
  );
}
