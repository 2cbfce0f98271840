import type { OrderStatus } from '../../openapi/schema';
import { CANCELLED_STATUS } from '../../domain/orders/order-statuses';

/**
 * An order status as an SQL literal (`'cancelled'`), from the domain's typed names, never typed in
 * SQL (decision 096): a name the contract does not have fails the typecheck instead of quietly
 * matching no row, and the statement's text stays what it was, so the planner still proves a
 * partial index's predicate (orders_series_unpaid_card_idx) and no statement is added.
 */
export const sqlStatus = (status: OrderStatus): string => `'${status}'`;

/** A set of statuses (domain/orders/order-statuses.ts) for `IN (…)`: `'awaiting_validation', 'payment_validated'`. */
export const sqlStatuses = (statuses: readonly OrderStatus[]): string => statuses.map(sqlStatus).join(', ');

/** A booked job that holds its team's time: checked out, timed and not cancelled (the schedule board, the team's day). */
export const PLACED_JOB = `o.checked_out_at IS NOT NULL AND o.due_at IS NOT NULL AND o.status <> ${sqlStatus(CANCELLED_STATUS)}`;
