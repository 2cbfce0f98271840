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
   * The transition table: where the order may go from here, and who may move it there (the order
   * lifecycle, docs/business-rules.md). `completed` also needs the job's start to have passed
   * (services/orders-admin.ts says so with the UK time); a completion made by mistake can be set
   * back by the office; for the office and the team `cancelled` is final, only the customer undoing
   * a skipped series visit brings it back to the status it had.
   */
  next: Partial<Record<OrderStatus, readonly StatusActor[]>>;
}

/**
 * Who moves an order's status: the back office (the status control, a refund accepted), the
 * customer (ending a series or skipping a visit, and undoing the skip), the team checking out (the
 * job done), the payment provider (the card payment recorded).
 */
export type StatusActor = 'admin' | 'customer' | 'cleaner' | 'provider';

/** The transition table of an order's status, with its words, tone and sets. */
export const ORDER_STATUS_RULES: Record<OrderStatus, OrderStatusRule> = {
  awaiting_validation: {
    label: 'Awaiting validation', customerLabel: 'Awaiting validation', tone: 'waiting', revenue: false, inQueue: true,
    next: { payment_validated: ['admin', 'provider'], completed: ['admin', 'cleaner'], cancelled: ['admin', 'customer'] },
  },
  payment_validated: {
    label: 'Payment validated', customerLabel: 'Paid', tone: 'completed', revenue: true, inQueue: true,
    next: { awaiting_validation: ['admin'], completed: ['admin', 'cleaner'], cancelled: ['admin', 'customer'] },
  },
  completed: {
    label: 'Completed', customerLabel: 'Completed', tone: 'completed', revenue: true, inQueue: false,
    next: { awaiting_validation: ['admin'], payment_validated: ['admin'], cancelled: ['admin'] },
  },
  cancelled: {
    label: 'Cancelled', customerLabel: 'Cancelled', tone: 'cancelled', revenue: false, inQueue: false,
    next: { awaiting_validation: ['customer'], payment_validated: ['customer'] },
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

/** Whether the lifecycle lets `by` move an order from one status to another (the same status: no move). */
export const canChangeStatus = (from: OrderStatus, to: OrderStatus, by: StatusActor): boolean =>
  ORDER_STATUS_RULES[from].next[to]?.includes(by) ?? false;

/** The statuses `by` may move an order in `from` to: none for the office and the team once it is cancelled. */
export const statusExits = (from: OrderStatus, by: StatusActor): OrderStatus[] =>
  ORDER_STATUSES.filter((to) => canChangeStatus(from, to, by));

/** The status every order starts in: booked, not yet paid (a draft, a series visit, an office booking). */
export const FIRST_STATUS = 'awaiting_validation' satisfies OrderStatus;

/** The status of a cancelled order (or a skipped visit): its slot given up, its money settled by the terms. */
export const CANCELLED_STATUS = 'cancelled' satisfies OrderStatus;

/** The status of a job done (the team checked out, or the office said so). */
export const COMPLETED_STATUS = 'completed' satisfies OrderStatus;

/** The status of an order whose card payment is recorded. */
export const PAID_STATUS = 'payment_validated' satisfies OrderStatus;

/** Whether the order is cancelled. */
export const isCancelled = (status: OrderStatus): boolean => status === CANCELLED_STATUS;

/** Whether the order is still to be done (neither completed nor cancelled): its job can still be moved or changed. */
export const isInQueue = (status: OrderStatus): boolean => ORDER_STATUS_RULES[status].inQueue;

/** A status's badge tone; a name that is no order status (an old row, a typo) is neutral. */
export const orderStatusTone = (status: OrderStatus | string): StatusTone => (isOrderStatus(status) ? ORDER_STATUS_RULES[status].tone : 'neutral');

/** My orders' word for a status. */
export const customerStatusLabel = (status: OrderStatus): string => ORDER_STATUS_RULES[status].customerLabel;

/** A status as a word in a sentence ("This order is cancelled"): the back office's label, in lower case. */
export const statusWord = (status: OrderStatus): string => ORDER_STATUS_RULES[status].label.toLowerCase();

/** Whether the order still awaits its payment: the table lets the payment provider record it as paid. */
export const awaitsPayment = (status: OrderStatus): boolean => canChangeStatus(status, PAID_STATUS, 'provider');

/** Whether the customer may still cancel the order (or skip the visit): the table's `cancelled` exit for them. */
export const customerMayCancel = (status: OrderStatus): boolean => canChangeStatus(status, CANCELLED_STATUS, 'customer');
