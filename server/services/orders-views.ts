import type { AdminOrder, MyOrder, OrderCardBalance, OrderPayment, Rescheduling } from '../../openapi/schema';
import type { OrderRow } from '../repositories/orders';
import type { LatePaymentRow } from '../repositories/late-payments';
import { cancellationTerms } from '../../domain/terms/cancellation-terms';
import { toPounds } from '../../domain/money/money';
import type { LedgerTotals } from '../../domain/money/ledger';
import { awaitsCardPayment } from './card-awaiting';
import { isPaid } from './receipts';
import { termsOf as rescheduleTermsOf } from './reschedule';
import { accessNotesEditable } from './access-notes';
import { refundFigures } from '../../domain/money/cancellation-settlement';
import { balanceDueOf } from '../../domain/money/balance-due';
import { awaitsPayment, isCancelled } from '../../domain/orders/order-statuses';
import { CHARGE_AHEAD_MS } from '../../domain/terms/saved-card-charge';


export const iso = (value: Date | string): string => new Date(value).toISOString();
export const isoOrNull = (value: Date | string | null): string | null => (value === null ? null : iso(value));

/** The refund request as the customer and the order detail show it, with what it refunds and keeps (decision 070). */
export function refundView(row: OrderRow, totals: LedgerTotals): MyOrder['refund'] {
  if (row.refund_status === null) return null;
  const fee = row.refund_fee ?? 0;
  const figures = refundFigures(row.refund_status, totals, fee);
  return { status: row.refund_status, reason: row.refund_reason ?? '', fee: toPounds(fee), amount: toPounds(figures.refunded), kept: toPounds(figures.kept) };
}

/** How the order is paid, and whether Pay now can start its card payment (a provider is configured). */
export function orderPaymentView(row: OrderRow, totals: LedgerTotals, cardAvailable: boolean, now?: Date): OrderPayment {
  const due = balanceDueOf(row, totals);
  // A cancelled order nothing was paid for that owes its late fee (decision 070) has a balance due.
  const status =
    totals.paid > 0 || (isCancelled(row.status) && due > 0) ? (due > 0 ? 'balance_due' : 'paid') : awaitsCardPayment(row) ? 'awaiting_payment' : 'unpaid';
  // A cancelled order's fee is not taken by Pay now yet (decision 070: the office collects it).
  // A balance due by card is paid with Pay now, a cancelled order's fee owed too (decision 070).
  const plan = paymentPlan(row, status, due, now);
  const payable = (status === 'awaiting_payment' || (status === 'balance_due' && row.payment_method === 'card')) && cardAvailable && plan === null;
  return { method: row.payment_method, status, payable, balanceDue: toPounds(due), ...(plan ? { plan } : {}) };
}

/**
 * How a booked visit with nothing due yet will be paid (issue 36 row 8, decision 087): a series' visit
 * its saved card pays is charged from 48 hours before it (visit-charges.ts), unless a charge was
 * refused (then Pay now is due); a cash visit is paid on the day. Null when something is due now.
 */
function paymentPlan(row: OrderRow, status: OrderPayment['status'], due: number, now: Date | undefined): OrderPayment['plan'] | null {
  if (row.due_at === null || row.checked_out_at === null || !awaitsPayment(row.status) || row.skipped_at != null) return null;
  if (status === 'awaiting_payment' && row.series_id !== null && row.series_card_saved === true && row.payment_failed_at === null) {
    const from = new Date(new Date(row.due_at).getTime() - CHARGE_AHEAD_MS);
    return { by: 'saved_card', on: iso(now && now > from ? now : from) };
  }
  if (status === 'unpaid' && row.payment_method === 'cash' && due > 0) return { by: 'cash' };
  return null;
}


/** What a card order was paid and still owes, with its last failed attempt, for staff (decision 034). */
export function cardBalanceView(row: OrderRow, totals: LedgerTotals, late: readonly LatePaymentRow[] = []): OrderCardBalance {
  const paid = totals.paid;
  const owed = balanceDueOf(row, totals);
  const refundDue = isCancelled(row.status) ? 0 : Math.max(0, -totals.balanceDue);
  const failure = row.payment_failure === 'declined' || row.payment_failure === 'authentication_required' ? row.payment_failure : null;
  return {
    paid: toPounds(paid),
    balanceDue: toPounds(owed),
    ...(refundDue > 0 ? { refundDue: toPounds(refundDue) } : {}),
    ...(late.length > 0
      ? { latePayments: late.map((one) => ({ amount: toPounds(one.amount), refund: toPounds(one.refund_amount), refunded: isoOrNull(one.refunded_at), reason: one.reason, at: iso(one.received_at) })) }
      : {}),
    failure: failure && row.payment_failed_at ? { reason: failure, at: iso(row.payment_failed_at) } : null,
  };
}

/** One of the customer's own orders, with what cancelling it now would cost and until when it is free; `directDebit`: a visit by Direct Debit's state (direct-debit-views.ts). */
export function myOrderView(row: OrderRow, totals: LedgerTotals, now: Date, cardAvailable = true, directDebit?: OrderPayment['directDebit']): MyOrder {
  const terms = cancellationTerms(
    {
      status: row.status, total: totals.total, dueAt: row.due_at,
      hasRefundRequest: row.refund_status !== null, paid: totals.paid > 0,
    },
    now,
  );
  return {
    id: row.id,
    ...(row.reference !== null ? { reference: row.reference } : {}),
    service: row.service_name,
    total: toPounds(totals.total),
    status: row.status,
    created: iso(row.created_at),
    due: isoOrNull(row.due_at),
    refund: refundView(row, totals),
    // A visit by Direct Debit says where its collection stands (decision 100).
    payment: { ...orderPaymentView(row, totals, cardAvailable, now), ...(directDebit ? { directDebit } : {}) },
    cancellation: terms.allowed
      ? { allowed: true, fee: toPounds(terms.fee), freeUntil: isoOrNull(terms.freeUntil) }
      : { allowed: false, fee: 0, reason: terms.reason },
    reschedule: rescheduleView(row, totals, now),
    receipt: isPaid(row),
    serviceId: row.service_id,
    accessNotes: row.access_notes ?? null,
    accessNotesEditable: accessNotesEditable(row, now),
    ...(row.duration_minutes ? { minutes: row.duration_minutes } : {}),
    ...(row.code_postal ? { postcode: row.code_postal } : {}),
    ...(row.series_id !== null && row.series_id !== undefined ? { series: row.series_id, skipped: row.skipped_at != null } : {}),
  };
}

/** What moving the booking now would cost, and until when it is free. */
function rescheduleView(row: OrderRow, totals: LedgerTotals, now: Date): Rescheduling {
  const terms = rescheduleTermsOf(row, totals, now);
  return terms.allowed
    ? { allowed: true, fee: toPounds(terms.fee), freeUntil: isoOrNull(terms.freeUntil) }
    : { allowed: false, fee: 0, reason: terms.reason };
}

/** A row of the back office's orders table. */
export function adminOrderView(row: OrderRow): AdminOrder {
  return {
    id: row.id,
    reference: row.reference,
    user: row.user_name,
    service: row.service_name,
    total: toPounds(row.total),
    status: row.status,
    created: iso(row.created_at),
    due: isoOrNull(row.due_at),
    completed: isoOrNull(row.completed_at),
    refund: row.refund_status !== null,
    refund_status: row.refund_status,
    version: row.version,
  };
}
