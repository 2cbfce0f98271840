import type { AdminOrder, OrderDetail, OrderStatusUpdate, OrderStatus } from '../../openapi/schema';
import type { AuthUser } from '../app-context';
import type { Database } from '../db/database';
import { badRequest, conflict, notFound } from '../lib/http-error';
import { auditRepository } from '../repositories/audit';
import { customerNotesRepository } from '../repositories/customer-notes';
import { orderRepository, type OrderListQuery, type OrderRow } from '../repositories/orders';
import type { Page, PageRequest } from '../repositories/paging';
import { noteView } from './customers';
import { documentsOfOrder } from './order-documents';
import { toPounds } from '../../domain/money/money';
import { adminOrderView, cardBalanceView, iso, isoOrNull, refundView } from './orders-views';
import { orderLines } from '../../domain/money/ledger-lines';
import { ledgerRepository } from '../repositories/ledger';
import { availabilityRepository } from '../repositories/availability-repository';
import { ledgerTotals, type LedgerTotals } from '../../domain/money/ledger';
import { collectOwedFeesWith } from './owed-fees';
import { formatLondon } from '../../domain/time/london-time';
import { canChangeStatus, COMPLETED_STATUS, statusExits, type StatusActor } from '../../domain/orders/order-statuses';
import { statusLabel } from '../../domain/orders/status-labels';
import { lineView } from '../../domain/money/order-lines';
import { jobPhotosRepository } from '../repositories/job-photos';
import { photoView } from './job-photos';
import { latePaymentsOf } from './late-payments';
import { invoiceIfPaid } from './receipts';
import type { MailOutbox } from '../queue';


/** The customer's request with the amount it refunds, from the ledger (never worked out on the screen). */
function adminRefundView(order: OrderRow, totals: LedgerTotals): OrderDetail['refund'] {
  return refundView(order, totals);
}

export const STALE_ORDER_MESSAGE = 'This order was changed by someone else, reload and try again';

/** One page of every order in the table's sort and filter. */
export async function listOrders(db: Database, query: OrderListQuery, page: PageRequest, searchCountCap?: number): Promise<Page<AdminOrder>> {
  const found = await orderRepository(db).page(query, page, searchCountCap);
  return { total: found.total, totalIsLowerBound: found.totalIsLowerBound, rows: found.rows.map(adminOrderView) };
}

/** Everything about one order, with its audit trail oldest first. */
export async function getOrder(db: Database, id: number): Promise<OrderDetail> {
  const orders = orderRepository(db);
  const order = await orders.find(id);
  if (!order) throw notFound('Order not found');
  const [items, history, ledger] = [await orders.items(id), await auditRepository(db).forOrder(id), await ledgerRepository(db).forOrder(id)];
  const totals = ledgerTotals(ledger);
  // The customer's staff notes ("Key in safe 1234") travel with every job (docs/decisions/016).
  const notes = await customerNotesRepository(db).forCustomer(order.user_id);
  const photos = await jobPhotosRepository(db).describe([id]);
  return {
    order_id: order.id,
    ...(order.reference !== null ? { reference: order.reference } : {}),
    service: order.service_name,
    dueTime: isoOrNull(order.due_at),
    // The length the capacity rule counts (JOB_MINUTES_SQL): the one staff set, else checkout's, else the items'.
    minutes: await availabilityRepository(db).orderMinutes(id),
    status: order.status,
    payment_method: order.payment_method,
    payment: cardBalanceView(order, totals, await latePaymentsOf(db, id)),
    ordered_at: iso(order.created_at),
    completed: isoOrNull(order.completed_at),
    items: items.map(({ name, quantity, unit_price, total_price }) => ({ name, quantity, unit_price: toPounds(unit_price), total_price: toPounds(total_price) })),
    lines: orderLines(ledger).map(lineView),
    total: toPounds(totals.total),
    user: order.user_name,
    email: order.user_email,
    phone: order.phone,
    address: order.address,
    city: order.city,
    codePostal: order.code_postal,
    note: order.client_note,
    refund: adminRefundView(order, totals),
    history: history.map((entry) => ({
      at: iso(entry.at),
      actor: entry.actor,
      action: entry.action,
      from: entry.from_value,
      to: entry.to_value,
    })),
    customer_id: order.user_id,
    staff_notes: notes.map(noteView),
    documents: await documentsOfOrder(db, id),
    photo: photoView(photos.get(id)),
  };
}

/**
 * An administrator moves an order along its lifecycle (docs/business-rules.md, "Order lifecycle"). Setting the
 * status the order already has changes nothing; with `version`, a change made by someone else since
 * is refused instead of overwritten; a change the lifecycle does not allow is refused with its reason.
 */
export async function updateOrderStatus(
  db: Database,
  admin: AuthUser,
  id: number,
  pathStatus: OrderStatus,
  update: OrderStatusUpdate,
  now: Date,
  outbox: MailOutbox,
): Promise<AdminOrder> {
  if (update.status !== pathStatus) throw badRequest('The status in the path and in the body must be the same');
  return db.transaction(async (tx) => {
    const orders = orderRepository(tx);
    const order = await orders.find(id, { forUpdate: true });
    if (!order) throw notFound('Order not found');
    if (order.status === update.status) return adminOrderView(order);
    const refused = lifecycleRefusal(order, update.status, now, 'admin');
    if (refused) throw conflict(refused);
    // The version guard is in the UPDATE itself, so no read-then-write gap can lose an update.
    const changed = await orders.setStatus(id, update.status, now, update.version);
    if (!changed) throw conflict(STALE_ORDER_MESSAGE);
    await auditRepository(tx).record({
      orderId: id, actorId: admin.id, actor: admin.name, action: 'order.status', from: order.status, to: update.status, at: now,
    });
    if (update.status === COMPLETED_STATUS) await collectOwedFeesWith(tx, order, { id: admin.id, name: admin.name }, now);
    const changedOrder = (await orders.find(id))!;
    // A cash job completed is paid on the day: its VAT invoice is issued now, so revenue counts it (decision 072).
    await invoiceIfPaid(tx, changedOrder, outbox, now);
    return adminOrderView(changedOrder);
  });
}

/**
 * Why the lifecycle refuses this change, or null. A cancelled order is final (its slot is given up,
 * a refund may have been paid; the back office asks for confirmation before cancelling). Completed
 * needs a checked-out order whose job has started: nobody completes a job before its time. A
 * completion made by mistake can be set back.
 */
export function lifecycleRefusal(
  order: Pick<OrderRow, 'status' | 'due_at' | 'checked_out_at'>,
  to: OrderStatus,
  now: Date,
  by: StatusActor,
): string | null {
  // The transition table (domain/orders/order-statuses.ts): for the office and the team, cancelled leads nowhere.
  if (statusExits(order.status, by).length === 0) return 'This order is cancelled: its status cannot change any more';
  if (order.status !== to && !canChangeStatus(order.status, to, by)) return `An order ${statusLabel(order.status).toLowerCase()} cannot become ${statusLabel(to).toLowerCase()}`;
  if (to === COMPLETED_STATUS) {
    if (order.checked_out_at === null || order.due_at === null) return 'This order has not been checked out: it cannot be completed';
    if (order.due_at.getTime() > now.getTime()) {
      return `This order cannot be marked completed before its service starts (${formatLondon(order.due_at)} UK time)`;
    }
  }
  return null;
}
