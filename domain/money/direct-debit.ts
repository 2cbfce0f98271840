import { formatMoney, formatPounds, type Pence } from './money';
import type { LedgerLine, LedgerTotals } from './ledger';
import { balanceDueOf } from './balance-due';
import { CANCELLED_STATUS, COMPLETED_STATUS } from '../orders/order-statuses';
import type { BookingSeries, OrderPayment } from '../../openapi/schema';

/**
 * Where a visit paid by Direct Debit stands (issue 38, decisions 093 and 100), the one rule of it:
 * the server answers it on My orders (`payment.directDebit`) from the series' mandate, the visit's
 * GoCardless payment and its ledger; the screen says it in these words.
 *
 * - `mandate_pending`: the series' mandate is not set up yet (the customer has not finished
 *   GoCardless's page); nothing is collected before it is.
 * - `after_the_visit`: the mandate stands; the visit is collected after it is done.
 * - `asked`: a collection was asked for; Bacs takes a few working days to confirm it.
 * - `retrying`: it failed once; GoCardless tries again.
 * - `failed`: it failed again; the customer and the office were told.
 * - `collected`: GoCardless confirmed it: a payment line on the ledger.
 * - `charged_back`: given back after it was collected (a chargeback, or a late failure): a refund
 *   line on the ledger, so the balance is due again.
 * - `mandate_ended`: the mandate was cancelled (or failed or expired) before this visit was
 *   collected: it is due on the day, as a cash visit, and the office arranges it.
 */
export type DirectDebitState = NonNullable<OrderPayment['directDebit']>['state'];

export type MandateState = NonNullable<BookingSeries['directDebit']>;

export interface DirectDebitFacts {
  mandate: MandateState;
  /** The visit's GoCardless payment (PM…), with the failures GoCardless reported; null before one is asked for. */
  collection: { id: string; failures: number } | null;
}

/** The state of one visit, and the figure it is about (pence, from the ledger). */
export function directDebitState(facts: DirectDebitFacts, ledger: readonly Pick<LedgerLine, 'kind' | 'amount' | 'reference'>[], balanceDue: number): { state: DirectDebitState; amount: number } {
  const ofCollection = (kind: 'payment' | 'refund') =>
    facts.collection ? ledger.filter((line) => line.kind === kind && line.reference === facts.collection!.id).reduce((sum, line) => sum + line.amount, 0) : 0;
  const collected = ofCollection('payment');
  const givenBack = ofCollection('refund');
  if (givenBack > 0) return { state: 'charged_back', amount: givenBack };
  if (collected > 0) return { state: 'collected', amount: collected };
  if (facts.collection) return { state: facts.collection.failures >= 2 ? 'failed' : facts.collection.failures === 1 ? 'retrying' : 'asked', amount: balanceDue };
  if (facts.mandate === 'ended') return { state: 'mandate_ended', amount: balanceDue };
  return { state: facts.mandate === 'pending' ? 'mandate_pending' : 'after_the_visit', amount: balanceDue };
}

/** How long My orders keeps a settled Direct Debit visit after its money last moved (decision 108). */
export const DIRECT_DEBIT_SHOWN_DAYS = 30;
const SHOWN_MS = DIRECT_DEBIT_SHOWN_DAYS * 24 * 60 * 60 * 1000;

/**
 * Whether My orders still lists a Direct Debit visit done more than a day ago (issue 38, decision
 * 108): Bacs moves money days after the visit, can fail after that, and a chargeback can come
 * months later. Listed while its money is still moving or still owed — asked for, retrying, failed,
 * charged back or mandate cancelled with a balance due, or not collected yet — and, once settled,
 * for {@link DIRECT_DEBIT_SHOWN_DAYS} days after its money last moved (the collection, with its
 * invoice; a chargeback settled since), so it is there beside the bank statement that shows it. A
 * visit with nothing to say of Direct Debit (`state` null: cancelled before anything was asked) is
 * not. `balanceDue` in pence.
 */
export function directDebitStillShown(
  state: DirectDebitState | null, ledger: readonly Pick<LedgerLine, 'kind' | 'at'>[], balanceDue: number, now: Date,
): boolean {
  if (state === null) return false;
  if (balanceDue > 0 || state === 'asked' || state === 'retrying' || state === 'failed') return true;
  const moved = ledger.filter((line) => line.kind === 'payment' || line.kind === 'refund').map((line) => line.at.getTime());
  return moved.length > 0 && now.getTime() - Math.max(...moved) < SHOWN_MS;
}

/**
 * What the hourly job asks GoCardless to collect of a visit by Direct Debit, and when (decisions 093
 * and 109), the one rule of it; zero: nothing yet (or nothing owed). A done visit: its balance due.
 * A visit cancelled (skipped late, or a late cancellation accepted) that owes its fee (decision
 * 070): the fee, once the visit's time has passed, when Undo can no longer take it away. The price
 * of a visit that will not happen is never collected. The caller leaves out a series whose mandate
 * is not set up or has ended (then the office arranges it, as for a visit).
 */
export function directDebitCollectionDue(visit: { status: string; dueAt: Date | null }, totals: LedgerTotals, now: Date): Pence {
  if (visit.status === COMPLETED_STATUS) return balanceDueOf(visit, totals);
  if (visit.status !== CANCELLED_STATUS || visit.dueAt === null || visit.dueAt.getTime() > now.getTime()) return 0;
  return balanceDueOf(visit, totals);
}

/**
 * Where a late fee owed on a visit by Direct Debit is paid, after "is due" (decision 109): the skip's
 * answer, its mail, its history and My orders say it in these words.
 */
export function directDebitFeeText(mandate: MandateState | null): string {
  return mandate === 'ended'
    ? 'your Direct Debit mandate is cancelled, so the office will contact you to arrange payment'
    : 'it is collected by Direct Debit after the visit\u2019s time';
}

/** The order's history when a visit by Direct Debit is skipped late: what it owes and how it is collected. */
export function directDebitFeeHistory(fee: Pence, mandate: MandateState | null): string {
  return mandate === 'ended'
    ? `Late fee of ${formatPounds(fee)} owed: the mandate is cancelled, not collected by Direct Debit`
    : `Late fee of ${formatPounds(fee)} owed: to be collected by Direct Debit after the visit's time`;
}

/** A state the customer should notice (said in bold): money not collected, or given back. */
export function directDebitNeedsAction(state: DirectDebitState): boolean {
  return state === 'retrying' || state === 'failed' || state === 'charged_back' || state === 'mandate_ended';
}

/** What My orders says of a visit by Direct Debit; `amount` and `balanceDue` in pounds, as the API answers them. */
export function directDebitText(state: DirectDebitState, amount: number, balanceDue: number): string {
  const figure = formatMoney(amount);
  switch (state) {
    case 'mandate_pending':
      return 'Paid by Direct Debit: waiting for your Direct Debit to be set up on GoCardless\u2019s page. Nothing is collected before it is.';
    case 'after_the_visit':
      return `Nothing to pay now: ${figure} is collected by Direct Debit after the visit.`;
    case 'asked':
      return `Direct Debit collection asked for: ${figure}. It takes a few working days to arrive.`;
    case 'retrying':
      return `Direct Debit collection failed: ${figure} could not be collected. It will be tried again in a few days.`;
    case 'failed':
      return `Direct Debit collection failed: ${figure} could not be collected again. The office will contact you to arrange payment.`;
    case 'collected':
      return `Paid: ${figure} collected by Direct Debit.`;
    case 'charged_back':
      return `Direct Debit payment returned: your bank gave back ${figure}. Balance due ${formatMoney(balanceDue)}: the office will contact you to arrange payment.`;
    case 'mandate_ended':
      return `Direct Debit mandate cancelled: this visit is not collected by Direct Debit. ${formatMoney(balanceDue)} is due on the day of the visit; the office will contact you to arrange payment.`;
  }
}

/** What a series' heading on My orders says of its mandate. */
export function mandateText(mandate: MandateState): string {
  if (mandate === 'set_up') return 'Each visit is paid by Direct Debit: your Direct Debit is set up, and each visit is collected after it is done.';
  if (mandate === 'ended') return 'Direct Debit mandate cancelled: the visits not collected yet are due on the day of each visit.';
  return 'Paid by Direct Debit: waiting for your Direct Debit to be set up on GoCardless\u2019s page.';
}

/** The words on My orders after GoCardless's page sent the customer back (`?direct_debit=`). */
export function mandateReturnText(back: 'set_up' | 'pending'): string {
  return back === 'set_up'
    ? 'Direct Debit set up: each visit is collected after it is done'
    : 'Direct Debit not confirmed yet: GoCardless will tell us shortly, nothing is collected before it is';
}
