import { createHash } from 'node:crypto';
import type { CheckoutRequest, CheckoutResponse } from '../../openapi/schema';
import type { AuthUser } from '../app-context';
import type { Database } from '../db/database';
import { conflict, HttpError, notFound } from '../lib/http-error';
import { auditRepository } from '../repositories/audit';
import { idempotencyKeyRepository } from '../repositories/orders-idempotency-keys';
import { orderRepository, type OrderRow } from '../repositories/orders';
import { assertBookableTime } from './bookable-time';
import { claimTeam } from './availability';
import { bookingConfirmationMail } from './checkout-mail';
import { EXPIRED_DRAFT_MESSAGE, isExpiredDraft } from './drafts';
import { londonLocalToInstant } from './london-time';
import type { MailOutbox } from '../jobs';
import type { PaymentProvider } from './payment-provider';
import { CARD_UNAVAILABLE_MESSAGE, startPayment } from './payments';
import { assertAddressKeepsPrice } from './quotes';
import { isSeriesFrequency } from './series-dates';
import { planSeries } from './series-planning';
import { seriesRepository } from '../repositories/series';
import { seriesCalendar } from './series-calendar';


export const CHECKOUT_MESSAGE = 'Payment was successfully !';
export { BOOKING_NOTICE_MS } from './bookable-time';

export interface CheckoutDeps {
  db: Database;
  /** Null when no provider is configured (production without one): card is refused, never free. */
  payments: PaymentProvider | null;
  /** The confirmation (or payment pending) mail is written with the checkout (same transaction) and sent after it. */
  outbox: MailOutbox;
  now: Date;
}

const usedKey = () => new HttpError(422, 'This Idempotency-Key was used for another request');

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
  const keys = idempotencyKeyRepository(deps.db);
  const requestHash = hashRequest(request);
  if (idempotencyKey) {
    const earlier = await keys.find(user.id, idempotencyKey);
    if (earlier) return replay(deps, earlier, requestHash, request.order);
  }
  if (request.payment === 'card' && !deps.payments) throw conflict(CARD_UNAVAILABLE_MESSAGE);

  const order = await orderRepository(deps.db).find(request.order, { drafts: true });
  if (!order || order.user_id !== user.id) throw notFound('Order not found');
  if (isExpiredDraft(order, deps.now)) throw notFound(EXPIRED_DRAFT_MESSAGE);
  if (order.checked_out_at !== null && idempotencyKey) {
    // A concurrent retry with this key may have checked it out since the first look: replay it.
    const earlier = await keys.find(user.id, idempotencyKey);
    if (earlier) return replay(deps, earlier, requestHash, request.order);
  }
  assertNotCheckedOut(order);
  await assertAddressKeepsPrice(deps.db, order, request.code_postal);
  const dueAt = londonLocalToInstant(request.due_date, request.due_time);
  await assertBookableTime(deps.db, { orderId: order.id, dueAt }, deps.now);

  // A card answer gets its payment page once the order is checked out (below); the key keeps this.
  const response: CheckoutResponse = { message: CHECKOUT_MESSAGE, payment: request.payment };

  const outcome = await deps.db.transaction(async (tx) => {
    if (idempotencyKey) {
      const claimed = await idempotencyKeyRepository(tx).claim({
        userId: user.id, key: idempotencyKey, requestHash, response, at: deps.now,
      });
      if (!claimed) {
        const earlier = await idempotencyKeyRepository(tx).find(user.id, idempotencyKey);
        if (earlier) return { replayed: earlier, seriesId: null };
      }
    }
    const orders = orderRepository(tx);
    const locked = await orders.find(order.id, { forUpdate: true, drafts: true });
    if (!locked) throw notFound('Order not found');
    assertNotCheckedOut(locked);
    await orders.checkout(order.id, {
      dueAt,
      address: request.address,
      phone: request.phone,
      city: request.city,
      codePostal: request.code_postal.toUpperCase(),
      clientNote: request.client_note,
      paymentMethod: request.payment,
      paymentRef: null,
      checkedOutAt: deps.now,
    });
    await auditRepository(tx).record({
      orderId: order.id, actorId: user.id, actor: user.name, action: 'order.checkout',
      from: null, to: request.payment, at: deps.now,
    });
    const checkedOut = await orders.find(order.id);
    const items = await orders.items(order.id);
    // Weekly, Fortnightly or Monthly: the order is the first visit of a series (decision 021).
    const seriesId = isSeriesFrequency(order.frequency)
      ? await seriesRepository(tx).create({
        userId: user.id, serviceId: order.service_id, frequency: order.frequency, firstOrderId: order.id,
        firstDate: request.due_date, firstTime: request.due_time, at: deps.now,
      })
      : null;
    // The job holds a team from now on (409 when none is free any more): decision 015. Claimed
    // last, because the claim locks the day until this transaction ends: only the team's history
    // and the mail are written while the next customer of that day waits.
    const { teamName, minutes } = await claimTeam(tx, order.id, request.due_date, request.due_time);
    // The team the checkout claimed is in the order's history too (issue 15), as an
    // administrator's assignment is: the history says who has had the job from the start.
    await auditRepository(tx).record({
      orderId: order.id, actorId: user.id, actor: user.name, action: 'order.team',
      from: null, to: teamName, at: deps.now,
    });
    if (checkedOut) {
      const order = { ...checkedOut, duration_minutes: minutes };
      const series = seriesId === null ? null : await seriesRepository(tx).find(seriesId);
      const calendar = series ? await seriesCalendar(tx, series, deps.outbox.site, deps.now) : [];
      await deps.outbox.add(tx, bookingConfirmationMail(order, items, deps.outbox.site, deps.now, series ? { series, calendar } : undefined));
    }
    return { replayed: null, seriesId };
  });
  if (outcome.replayed) return replay(deps, outcome.replayed, requestHash, request.order);
  if (outcome.seriesId !== null) await planAfterCheckout(deps, outcome.seriesId);
  if (request.payment === 'cash') return response;
  // The payment pending mail is already written with the checkout, whether or not the page opens now.
  return { ...response, shippingInfo: await paymentPageOf(deps, order.id) };
}

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

async function paymentPageOf(deps: CheckoutDeps, orderId: number): Promise<string> {
  const order = await orderRepository(deps.db).find(orderId);
  if (!order) throw notFound('Order not found');
  return startPayment(deps, order);
}

function assertNotCheckedOut(order: OrderRow): void {
  if (order.checked_out_at !== null) throw conflict('This order has already been checked out');
  if (order.status === 'cancelled') throw conflict('This order is cancelled');
}

/** The first answer again; a card one with its payment page (the same payment, or started now). */
async function replay(
  deps: CheckoutDeps,
  earlier: { request_hash: string; response: unknown },
  requestHash: string,
  orderId: number,
): Promise<CheckoutResponse> {
  if (earlier.request_hash !== requestHash) throw usedKey();
  const response = earlier.response as CheckoutResponse;
  if (response.payment !== 'card') return response;
  return { ...response, shippingInfo: await paymentPageOf(deps, orderId) };
}

/** The same fields in any key order hash alike. */
function hashRequest(request: CheckoutRequest): string {
  const canonical = JSON.stringify(Object.entries(request).sort(([a], [b]) => a.localeCompare(b)));
  return createHash('sha256').update(canonical).digest('hex');
}
