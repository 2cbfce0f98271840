import { createHash } from 'node:crypto';
import type { CheckoutRequest, CheckoutResponse } from '../../openapi/schema';
import type { AuthUser } from '../app-context';
import type { Database } from '../db/database';
import { badRequest, conflict, notFound, unauthorized } from '../lib/http-error';
import { keyUsedForAnotherRequest } from '../lib/idempotency-key';
import { ERASED_MESSAGE } from './account-lock';
import { idempotencyKeyRepository, type IdempotencyRecord } from '../repositories/orders-idempotency-keys';
import { orderRepository, type OrderRow } from '../repositories/orders';
import { assertBookableTime } from './bookable-time';
import { teamsToClaim } from './availability';
import { checkoutRepository } from '../repositories/checkout';
import { bookingConfirmationMail } from '../mails/checkout-mails';
import { EXPIRED_DRAFT_MESSAGE, isExpiredDraft } from './drafts';
import { londonLocalToInstant } from '../../domain/time/london-time';
import type { MailOutbox } from '../queue';
import type { PaymentProvider } from './payment-provider';
import { CARD_UNAVAILABLE_MESSAGE, startPayment } from './payments';
import { assertPriceAgreed, priceAtAddress } from './checkout-price';
import type { LedgerLine } from '../../domain/money/ledger';
import { notCoveredMessage, serviceDistrict } from './service-area';
import { isSeriesFrequency } from '../../domain/time/series-dates';
import { isCancelled } from '../../domain/orders/order-statuses';
import { planSeries } from './series-planning';
import type { DirectDebitProvider } from './gocardless';
import { DIRECT_DEBIT_SERIES_ONLY_MESSAGE, DIRECT_DEBIT_UNAVAILABLE_MESSAGE, startMandate } from './direct-debit';
import { seriesRepository } from '../repositories/series';
import { seriesCalendar } from './series-calendar';


export const CHECKOUT_MESSAGE = 'Payment was successfully !';

export interface CheckoutDeps {
  db: Database;
  /** Null when no provider is configured (production without one): card is refused, never free. */
  payments: PaymentProvider | null;
  /** The confirmation (or payment pending) mail is written with the checkout (same transaction) and sent after it. */
  outbox: MailOutbox;
  now: Date;
  /** Direct Debit for series (decision 093); absent or null: refused, never taken as cash. */
  directDebit?: DirectDebitProvider | null;
}


/**
 * Checks out an order exactly once. The Idempotency-Key is claimed in the same transaction as the
 * order change, so a retry replays the first answer and a concurrent duplicate cannot slip through.
 * The card payment is started only after that transaction committed, by the request that checked the
 * order out or a replay of it, and the provider dedupes on the order: one payment per order.
 */
export async function checkoutOrder(
  deps: CheckoutDeps,
  user: AuthUser,
  request: CheckoutRequest,
  idempotencyKey: string | undefined,
): Promise<CheckoutResponse> {
  const requestHash = hashRequest(request);
  const key = idempotencyKey ?? null;
  // With no key there is nothing to replay: refused before any statement.
  if (!key && request.payment === 'card' && !deps.payments) throw conflict(CARD_UNAVAILABLE_MESSAGE);
  if (request.payment === 'direct_debit' && !deps.directDebit) throw conflict(DIRECT_DEBIT_UNAVAILABLE_MESSAGE);
  const dueAt = londonLocalToInstant(request.due_date, request.due_time);
  // A card answer gets its payment page once the order is checked out (below); the key keeps this,
  // and the write adds the reference the order is given (checkout repository).
  const answer = { message: CHECKOUT_MESSAGE, payment: request.payment };

  // Four statements for a one-off booking (docs/decisions/033, 069, 113, 118 and 132, counted by
  // tests/services/checkout-statements.test.ts): BEGIN, the read that locks and reads the day's jobs
  // near the job, the write (which claims a team and queues the mail's job), COMMIT. The job's workers are woken after the commit (queue.ts).
  let runs = 0;
  const outcome = await deps.db.transaction(async (tx): Promise<{ replayed: IdempotencyRecord | null; seriesId: number | null; placed: OrderRow | null }> => {
    // Run again when the claim found no team it could take (decision 132): then it waits for the best one.
    runs += 1;
    // The account's row is locked first, as erasure takes it (account-lock.ts, issue 24 row 2); an
    // account erased meanwhile is not checked out.
    const district = serviceDistrict(request.code_postal);
    const read = await checkoutRepository(tx).read(user.id, request.order, key, request.due_date, dueAt, district);
    if (read?.erased) throw unauthorized(ERASED_MESSAGE);
    if (!read) throw notFound('Order not found');
    if (read.earlier) return { replayed: read.earlier, seriesId: null, placed: null };
    if (!read.served) throw badRequest(notCoveredMessage(district));
    if (request.payment === 'card' && !deps.payments) throw conflict(CARD_UNAVAILABLE_MESSAGE);
    const { order, ledger } = read;
    if (request.payment === 'direct_debit' && !isSeriesFrequency(order.frequency)) throw badRequest(DIRECT_DEBIT_SERIES_ONLY_MESSAGE);
    if (isExpiredDraft(order, deps.now)) throw notFound(EXPIRED_DRAFT_MESSAGE);
    // Checked out since this statement's snapshot (a concurrent retry with this key waited on the
    // customer's row): its answer is read afresh and replayed.
    if (order.checked_out_at !== null && key) {
      const earlier = await idempotencyKeyRepository(tx).find(user.id, key);
      if (earlier) return { replayed: earlier, seriesId: null, placed: null };
    }
    assertNotCheckedOut(order);
    // The address decides the Congestion Charge (decision 037): priced here, from what the read
    // brought, so the price costs no statement of its own; a changed price must have been confirmed.
    const price = priceAtAddress(ledger, read.congestion);
    const repriced = assertPriceAgreed(price, request.code_postal, request.confirmed_total);
    await assertBookableTime(tx, { orderId: order.id, dueAt }, deps.now);
    // The job holds a team from now on (409 when none is free any more): decision 015. The teams free
    // by the read, best first; the write claims the first whose times it can lock and whose jobs are
    // still the read's (decision 132), so none is claimed twice and different teams side by side.
    const teams = teamsToClaim(read.day, { orderId: order.id, date: request.due_date, time: request.due_time, minutes: read.minutes, current: order.team_id, postcode: request.code_postal });
    const minutes = read.minutes;
    const claim = { date: request.due_date, start: dueAt, minutes, jobs: read.dayJobs, wait: runs > 1 };
    const fields = {
      dueAt,
      address: request.address,
      phone: request.phone,
      city: request.city,
      codePostal: request.code_postal.toUpperCase(),
      clientNote: request.client_note,
      paymentMethod: request.payment,
      paymentRef: null,
      checkedOutAt: deps.now,
    };
    // The order as the write leaves it: its row is locked since the read, so its version is the next
    // one; its reference is the one the read took (decision 113), or the trigger's.
    const placedAs = (version: number, reference: number | null, teamId: number): OrderRow => ({
      ...order, due_at: dueAt, address: fields.address, phone: fields.phone, city: fields.city, code_postal: fields.codePostal,
      client_note: fields.clientNote, payment_method: fields.paymentMethod, payment_ref: null, checked_out_at: deps.now,
      version, reference, duration_minutes: minutes, team_id: teamId,
      ...(repriced ? { total: price.total, vat: price.vat, price_lines: price.lines, priced_postcode: fields.codePostal } : {}),
    } as OrderRow);
    const placedLedger: LedgerLine[] = repriced && price.added
      ? [...ledger, { id: 0, kind: 'congestion', quantity: null, unitPrice: null, reason: null, reference: null, actor: user.name, at: deps.now, ...price.added }]
      : ledger;
    // A one-off booking's confirmation is written before the write and queued by it, no statement of
    // its own (decision 113); a series' needs the series made after the write, and is queued then.
    const inWrite = !isSeriesFrequency(order.frequency) && read.reference !== null && deps.outbox.jobFor;
    // The mail names no team: the best one stands in for the one the write claims.
    const job = inWrite ? await deps.outbox.jobFor!(bookingConfirmationMail(placedAs(order.version + 1, read.reference, teams[0]!.teamId), placedLedger, deps.outbox.site, deps.now)) : null;
    // The team the checkout claimed is in the order's history too (issue 15), as an
    // administrator's assignment is: the history says who has had the job from the start.
    const written = await checkoutRepository(tx).write({
      ...fields, orderId: order.id, reference: read.reference, teams, claim, minutes, actorId: user.id, actor: user.name,
      key: key ? { key, requestHash, response: answer } : null,
      price: repriced ? { total: price.total, vat: price.vat, lines: price.lines, postcode: fields.codePostal, added: price.added } : null,
      job,
    });
    if (written.version === null) throw conflict('This order has already been checked out');
    // The key was claimed meanwhile by another request (whose answer this one must replay): nothing is kept.
    if (!written.claimed) throw new KeyTakenMeanwhile();
    job?.written(tx);
    const placed = placedAs(written.version, written.reference, written.teamId!);
    // Weekly, Fortnightly or Monthly: the order is the first visit of a series (decision 021).
    const seriesId = isSeriesFrequency(order.frequency)
      ? await seriesRepository(tx).create({
        userId: user.id, serviceId: order.service_id, frequency: order.frequency, firstOrderId: order.id,
        firstDate: request.due_date, firstTime: request.due_time, at: deps.now,
        cardConsent: request.payment === 'card' && request.save_card === true,
      })
      : null;
    // A series's confirmation carries the whole series as one calendar entry (decision 031).
    const series = seriesId === null ? null : await seriesRepository(tx).find(seriesId);
    const calendar = series ? await seriesCalendar(tx, series, deps.outbox.site, deps.now) : [];
    if (!inWrite) await deps.outbox.add(tx, bookingConfirmationMail(placed, placedLedger, deps.outbox.site, deps.now, series ? { series, calendar } : undefined));
    return { replayed: null, seriesId, placed };
  }).catch(async (error: unknown) => {
    if (!(error instanceof KeyTakenMeanwhile) || !key) throw error;
    const earlier = await idempotencyKeyRepository(deps.db).find(user.id, key);
    if (!earlier) throw error;
    return { replayed: earlier, seriesId: null, placed: null };
  });
  if (outcome.replayed) return replay(deps, outcome.replayed, requestHash, request.order);
  if (outcome.seriesId !== null) await planAfterCheckout(deps, outcome.seriesId);
  const response: CheckoutResponse = { ...answer, reference: outcome.placed!.reference! };
  if (request.payment === 'cash') return response;
  // Direct Debit: the mandate is set up on GoCardless's page, after the booking committed.
  if (request.payment === 'direct_debit') return { ...response, shippingInfo: await startMandate(deps, outcome.seriesId!, user.email, deps.outbox.site.publicUrl) };
  // The payment pending mail is already written with the checkout, whether or not the page opens now.
  return { ...response, shippingInfo: await startPayment(deps, outcome.placed!) };
}

/** The Idempotency-Key was claimed by a concurrent request after this one read it: roll back and replay that one. */
class KeyTakenMeanwhile extends Error {}

/**
 * The next visits are planned after the checkout committed, in their own transaction: the booking
 * stands whatever happens to them, and the scheduled job (jobs/series.ts) plans what this missed.
 */
async function planAfterCheckout(deps: CheckoutDeps, seriesId: number): Promise<void> {
  try {
    await planSeries(deps.db, seriesId, deps.now);
  } catch {
    // Left to the series job's next run: the checkout itself has succeeded.
  }
}

function assertNotCheckedOut(order: OrderRow): void {
  if (order.checked_out_at !== null) throw conflict('This order has already been checked out');
  if (isCancelled(order.status)) throw conflict('This order is cancelled');
}

/** The first answer again; a card one with its payment page (the same payment, or started now). */
async function replay(
  deps: CheckoutDeps,
  earlier: { request_hash: string; response: unknown },
  requestHash: string,
  orderId: number,
): Promise<CheckoutResponse> {
  if (earlier.request_hash !== requestHash) throw keyUsedForAnotherRequest();
  const response = earlier.response as CheckoutResponse;
  if (response.payment === 'cash' && response.reference) return response;
  // A card answer gets its payment page again; an answer kept before references (043) gets its reference.
  const order = await orderRepository(deps.db).find(orderId);
  if (!order) throw notFound('Order not found');
  if (response.payment === 'direct_debit' && order.series_id !== null) {
    return { ...response, reference: order.reference ?? response.reference, shippingInfo: await startMandate(deps, order.series_id, order.user_email, deps.outbox.site.publicUrl) };
  }
  const replayed = { ...response, reference: order.reference ?? response.reference };
  return response.payment === 'card' ? { ...replayed, shippingInfo: await startPayment(deps, order) } : replayed;
}

/** The same fields in any key order hash alike. */
function hashRequest(request: CheckoutRequest): string {
  const canonical = JSON.stringify(Object.entries(request).sort(([a], [b]) => a.localeCompare(b)));
  return createHash('sha256').update(canonical).digest('hex');
}
