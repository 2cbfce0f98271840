import type { OrderStatus } from '../../openapi/schema';


/** The one list of order statuses; `GET /admin/order-status/list` answers it for the UI. */
export const ORDER_STATUSES = [
  'awaiting_validation',
  'payment_validated',
  'completed',
  'cancelled',
] as const satisfies readonly OrderStatus[];

/** Orders whose money the company has (or will have, for completed cash jobs): the revenue. */
export const REVENUE_STATUSES = ['payment_validated', 'completed'] as const satisfies readonly OrderStatus[];

/** Orders still to be done: the dashboard's "Orders in queue". */
export const IN_QUEUE_STATUSES = ['awaiting_validation', 'payment_validated'] as const satisfies readonly OrderStatus[];
