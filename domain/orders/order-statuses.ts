import type { OrderStatus } from '../../openapi/schema';

/** How a status looks on a badge: done (green), waiting (amber), cancelled (red); neutral for a name not known. */
export type StatusTone = 'completed' | 'waiting' | 'cancelled' | 'neutral';

/** Everything the product says about one order status, in one place (issue 35, decision 077). */
export interface OrderStatusRule {
  /** The back office's word (R-ADMIN-4), "payment_validated" readable. */
  label: string;
  /** My orders' word for it (a customer reads "Paid"). */
  customerLabel: string;
  tone: Exclude<StatusTone, 'neutral'>;
  /** The company has (or, for a completed cash job, will have) the order's money: the revenue. */
  revenue: boolean;
  /** Still to be done: the dashboard's "Orders in queue", access notes still editable. */
  inQueue: boolean;
  /**
   * Where an administrator may move it (the order lifecycle, docs/business-rules.md). `completed`
   * also needs the job's start to have passed (services/orders-admin.ts says so with the UK time);
   * a completion made by mistake can be set back; `cancelled` is final.
   */
  next: readonly OrderStatus[];
}

/** The transition table of an order's status, with its words, tone and sets. */
export const ORDER_STATUS_RULES: Record<OrderStatus, OrderStatusRule> = {
  awaiting_validation: {
    label: 'Awaiting validation', customerLabel: 'Awaiting validation', tone: 'waiting', revenue: false, inQueue: true,
    next: ['payment_validated', 'completed', 'cancelled'],
  },
  payment_validated: {
    label: 'Payment validated', customerLabel: 'Paid', tone: 'completed', revenue: true, inQueue: true,
    next: ['awaiting_validation', 'completed', 'cancelled'],
  },
  completed: {
    label: 'Completed', customerLabel: 'Completed', tone: 'completed', revenue: true, inQueue: false,
    next: ['awaiting_validation', 'payment_validated', 'cancelled'],
  },
  cancelled: {
    label: 'Cancelled', customerLabel: 'Cancelled', tone: 'cancelled', revenue: false, inQueue: false,
    next: [],
  },
};

/** The one list of order statuses, in the lifecycle's order; `GET /admin/order-status/list` answers it for the UI. */
export const ORDER_STATUSES = [
  'awaiting_validation',
  'payment_validated',
  'completed',
  'cancelled',
] as const satisfies readonly OrderStatus[];

const statusesWhere = (test: (rule: OrderStatusRule) => boolean): readonly OrderStatus[] =>
  ORDER_STATUSES.filter((status) => test(ORDER_STATUS_RULES[status]));

/** Orders whose money the company has (or will have, for completed cash jobs): the revenue. */
export const REVENUE_STATUSES: readonly OrderStatus[] = statusesWhere((rule) => rule.revenue);

/** Orders still to be done: the dashboard's "Orders in queue". */
export const IN_QUEUE_STATUSES: readonly OrderStatus[] = statusesWhere((rule) => rule.inQueue);

const isOrderStatus = (status: string): status is OrderStatus => Object.hasOwn(ORDER_STATUS_RULES, status);

/** Whether the lifecycle lets an administrator move an order from one status to another (the same status: no move). */
export const canChangeStatus = (from: OrderStatus, to: OrderStatus): boolean => ORDER_STATUS_RULES[from].next.includes(to);

/** A status's badge tone; a name that is no order status (an old row, a typo) is neutral. */
export const orderStatusTone = (status: OrderStatus | string): StatusTone => (isOrderStatus(status) ? ORDER_STATUS_RULES[status].tone : 'neutral');

/** My orders' word for a status. */
export const customerStatusLabel = (status: OrderStatus): string => ORDER_STATUS_RULES[status].customerLabel;
