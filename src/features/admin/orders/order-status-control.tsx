import { useActorRef, useSelector } from '@xstate/react';
import { useToast } from '../../../app/toasts';
import { useEffect, useRef } from 'react';
import { orderUpdateMachine } from '../../../../machines/order-update.machine';
import type { AdminOrder } from '../../../api/list-orders';
import { updateOrderStatusActor } from '../../../api/update-order-status';
import { inspect } from '../../../app/inspector';
import { Button, Select } from '../../../components/ui';
import { statusLabel } from '../shared/status-label';
import { useOrderActions } from './order-actions-context';

/**
 * The "Update Order" cell: a status dropdown and Update, driven by one order-update machine per
 * row. Errors stay on the row with Retry; a conflict (409) also reloads the list.
 */
export function OrderStatusControl({ order }: { order: AdminOrder }) {
  const { statuses, reloadOrders } = useOrderActions();
  const showToast = useToast();
  const reload = useRef(reloadOrders);
  reload.current = reloadOrders;

  const actorRef = useActorRef(
    orderUpdateMachine.provide({
      actors: { updateOrderStatus: updateOrderStatusActor },
      actions: {
        notifyUpdated: ({ context }) =>
          showToast(`Order ${context.orderId} is now ${statusLabel(context.status)}`, 'success'),
        reloadOrders: () => reload.current(),
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
  const error = useSelector(actorRef, (s) => (s.matches('failed') || s.matches('conflicted') ? s.context.error : null));
  const conflicted = useSelector(actorRef, (s) => s.matches('conflicted'));

  return (
    <div className="row-update">
      <Select
        label={`Status of order ${order.id}`}
        hideLabel
        options={statuses.map((status) => ({ id: status, label: statusLabel(status) }))}
        selectedKey={selected}
        onSelectionChange={(key) => key !== null && actorRef.send({ type: 'status.choose', status: key as AdminOrder['status'] })}
        isDisabled={updating}
      />
      <Button size="sm" aria-label={`Update order ${order.id}`} isDisabled={!canUpdate} onPress={() => actorRef.send({ type: 'order.update' })}>
        {updating ? 'Updating…' : 'Update'}
      </Button>
      {error ? (
        <p role="alert" className="row-update__error">
          {error}
          {conflicted ? ' The list now shows the latest status.' : ''}
          <Button size="sm" variant="secondary" aria-label={`Retry order ${order.id}`} onPress={() => actorRef.send({ type: 'order.retry' })}>
            Retry
          </Button>
        </p>
      ) : null}
    </div>
  );
}
