import type { AdminOrder, OrderStatus } from '../openapi/schema';
import { createAdminUpdateMachine, type AdminUpdateContext, type AdminUpdateEvent, type AdminUpdateInput } from './admin-update.machine';

/**
 * One order row of the back office (R-ADMIN-4 /orders): the administrator picks a status from
 * the server's list, then Update sends it with the row's `version` (the shape every admin row
 * update has: machines/admin-update.machine.ts). A 409 means someone else changed the order.
 * Cancelling asks for confirmation first. The screen provides `notifyUpdated` (toast), `rowSaved`
 * (the row updated in place) and `reloadOrders` (after a 409); src/api provides the actor.
 */

export type OrderUpdateInput = AdminUpdateInput<OrderStatus>;
export type OrderUpdateContext = AdminUpdateContext<OrderStatus, OrderStatus>;
export type OrderUpdateEvent = AdminUpdateEvent<'order', OrderStatus, OrderStatus>;

export const orderUpdateMachine = createAdminUpdateMachine({
  types: {} as { status: OrderStatus; choice: OrderStatus; call: { id: number; status: OrderStatus; version: number }; saved: AdminOrder },
  id: 'orderUpdate',
  events: 'order',
  actor: 'updateOrderStatus',
  reload: 'reloadOrders',
  call: (context) => ({ id: context.orderId, status: context.chosen ?? context.status, version: context.version }),
  // Cancelling cannot be undone by choosing again (refunds, mails): it is confirmed in a dialog.
  confirm: ['cancelled'],
});
