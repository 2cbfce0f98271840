import { fromPromise } from 'xstate';
import type { AdminOrder, OrderStatus } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';

export interface OrderStatusChange {
  id: number;
  status: OrderStatus;
  /** The row's version; a stale one answers 409 instead of overwriting someone else's change. */
  version: number;
}

/** PUT /admin/order/update/{status}/{id}: the status travels in the path and the body. */
export function updateOrderStatus({ id, status, version }: OrderStatusChange, signal?: AbortSignal): Promise<AdminOrder> {
  return unwrap(
    api.PUT('/admin/order/update/{status}/{id}', {
      params: { path: { status, id } },
      body: { status, version },
      signal,
    }),
  );
}

/** The `updateOrderStatus` actor the order-update machine invokes. */
export const updateOrderStatusActor = fromPromise<AdminOrder, OrderStatusChange>(({ input, signal }) =>
  updateOrderStatus(input, signal),
);
