import { createHash, randomBytes } from 'node:crypto';
import type { CheckoutResponse, JoinWaitlistRequest, WaitlistCheckout, WaitlistDayEntry, WaitlistEntry, WaitlistHoldSetting, WaitlistOffer } from '../../openapi/schema';
import type { AuthUser } from '../app-context';
import type { Database } from '../db/database';
import type { MailOutbox } from '../queue';
import { badRequest, conflict, notFound } from '../lib/http-error';
import { availabilityRepository } from '../repositories/availability-repository';
import { ledgerRepository } from '../repositories/ledger';
import { orderRepository } from '../repositories/orders';
import { waitlistRepository, type WaitlistRow } from '../repositories/waitlist';
import { HELD_MOVE_PARAMETER, OFFER_PARAMETER, waitlistOfferMail } from '../mails/waitlist-mails';
import { bookableWindow } from './availability';
import { checkoutOrder, type CheckoutDeps } from './checkout';
import { EXPIRED_DRAFT_MESSAGE, isExpiredDraft } from './drafts';
import { MY_ORDERS_PATH } from '../mails/order-parts';
import { audited } from './settings-audit';
import { termsOf } from './reschedule';
import { dayTimes } from '../../domain/capacity/availability-rules';
import { postcodeArea } from '../../domain/capacity/travel-gap';
import { ledgerTotals } from '../../domain/money/ledger';
import { toPounds } from '../../domain/money/money';
import { londonClock, londonDate, londonLocalToInstant } from '../../domain/time/london-time';
import { BOOKING_NOTICE_MS } from '../../domain/terms/booking-notice';
import { isWakingTime, offerHeldUntil } from '../../domain/waitlist/waking-hours';
import { suitsTimes } from '../../domain/waitlist/times-of-day';

/**
 * Waiting lists for full days (issue 26 §5, decision 056). A customer joins a full day's list with
 * their draft; `offerFreedTimes` — run after every change that can free a time (plugins/
 * waitlist-offers.ts) and by the scheduled waitlist job — ends holds that ran out and, under each
 * day's lock, offers the first time the job of each waiting customer fits, in the order they
 * joined. The offer holds the time (the capacity read counts it) and is mailed with a single-use link.
 */
export const DAY_NOT_FULL_MESSAGE = 'This day still has free times: please choose one of them';
export const ALREADY_WAITING_MESSAGE = 'You are already on the waiting list for this day';
export const OFFER_EXPIRED_MESSAGE = 'This offer has expired: the time was held for you until then and is now offered to the next customer waiting';
export const OFFER_USED_MESSAGE = 'This offer was used already: your booking is in My orders';
export const OFFER_WITHDRAWN_MESSAGE = 'This offer is no longer valid: you left the waiting list for this day';
export const OFFER_NOT_FOUND_MESSAGE = 'This offer link is not valid';
export const ALREADY_ON_THAT_DAY_MESSAGE = 'This booking is on that day already: choose a time on it instead';
export const MOVE_BY_RESCHEDULE_MESSAGE = 'This time is held to move your booking: confirm it in the reschedule dialog on My orders';

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

function entryView(row: WaitlistRow): WaitlistEntry {
  return {
    id: row.id, order_id: row.order_id, date: row.day, service: row.service, status: row.status === 'offered' ? 'offered' : 'waiting',
    held_due: row.status === 'offered' ? row.held_due_at!.toISOString() : null,
    held_until: row.status === 'offered' ? row.held_until!.toISOString() : null,
    times: row.times_of_day,
  };
}

/**
 * Joins `date`'s list with the customer's draft, or with a booked visit they may still move
 * (decision 067: the offer then moves it by the reschedule): only a day with no free time for that
 * job, once per day.
 */
export async function joinWaitlist(db: Database, user: AuthUser, request: JoinWaitlistRequest, now: Date): Promise<WaitlistEntry> {
  const order = await orderRepository(db).find(request.order, { drafts: true });
  if (!order || order.user_id !== user.id) throw notFound('Order not found');
  const movesOrder = order.checked_out_at !== null;
  if (movesOrder) {
    // The reschedule's own terms (not started, not cancelled, no refund asked…): what it could not move, it cannot wait to move.
    const terms = termsOf(order, ledgerTotals(await ledgerRepository(db).forOrder(order.id)), now);
    if (!terms.allowed) throw conflict(terms.reason);
    if (order.due_at && londonDate(order.due_at) === request.date) throw badRequest(ALREADY_ON_THAT_DAY_MESSAGE);
  } else if (isExpiredDraft(order, now)) throw notFound(EXPIRED_DRAFT_MESSAGE);
  const availability = availabilityRepository(db);
  const { minutes, postcode } = await availability.orderJob(order.id);
  const day = dayTimes(await availability.load(request.date, request.date), request.date, minutes, bookableWindow(now), postcodeArea(postcode));
  if (day.closed !== null) throw badRequest(`We are closed on ${request.date} (${day.closed}): please choose another day`);
  if (day.times.length === 0) throw badRequest('This day cannot be booked online any more: please choose another day');
  if (day.times.some((slot) => slot.free > 0)) throw badRequest(DAY_NOT_FULL_MESSAGE);
  const id = await waitlistRepository(db).join(user.id, order.id, request.date, now, movesOrder, request.times ?? []);
  if (id === null) throw conflict(ALREADY_WAITING_MESSAGE);
  // The address and phone typed on the booking form wait with the draft: the offer's dialog reuses them (decision 085).
  if (request.contact && !movesOrder) await waitlistRepository(db).keepContact(order.id, request.contact);
  return entryView((await waitlistRepository(db).find(id))!);
}

export async function listMyWaitlist(db: Database, user: AuthUser): Promise<WaitlistEntry[]> {
  return (await waitlistRepository(db).mine(user.id)).map(entryView);
}

/** Leaves the list; a held time goes to the next customer at once (the caller runs offerFreedTimes). */
export async function leaveWaitlist(db: Database, user: AuthUser, id: number): Promise<{ message: string }> {
  if (!(await waitlistRepository(db).remove(user.id, id))) throw notFound('Waiting list entry not found');
  return { message: 'You have left the waiting list' };
}

export async function dayWaitlist(db: Database, day: string): Promise<WaitlistDayEntry[]> {
  return (await waitlistRepository(db).onDay(day)).map((row) => ({
    id: row.id, customer: row.customer, service: row.service, status: row.status === 'offered' ? 'offered' : 'waiting',
    times: row.times_of_day,
    joined: row.created_at.toISOString(),
    held_due: row.status === 'offered' ? row.held_due_at!.toISOString() : null,
    held_until: row.status === 'offered' ? row.held_until!.toISOString() : null,
  }));
}

/**
 * Ends the holds that ran out and offers freed times, day by day; answers how many offers were
 * made. Safe to run at once on several instances: each day's offers are made under its lock, and
 * an entry is offered only from 'waiting'.
 */
export async function offerFreedTimes(deps: { db: Database; outbox: MailOutbox }, now: Date): Promise<number> {
  const waitlist = waitlistRepository(deps.db);
  await waitlist.settle(now);
  // Offers are made (mailed) in waking hours only (decision 085): a time freed at night waits for the first run from 08:00.
  if (!isWakingTime(now)) return 0;
  let offered = 0;
  for (const day of await waitlist.daysWithWaiting(londonDate(now))) offered += await offerOnDay(deps, day, now);
  return offered;
}

async function offerOnDay(deps: { db: Database; outbox: MailOutbox }, day: string, now: Date): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const availability = availabilityRepository(tx);
    await availability.lockDay(day);
    const waitlist = waitlistRepository(tx);
    const entries = await waitlist.onDay(day, { lock: true });
    if (!entries.some((entry) => entry.status === 'waiting')) return 0;
    const data = await availability.load(day, day);
    const window = bookableWindow(now);
    const holdMinutes = await waitlist.holdMinutes();
    let offered = 0;
    for (const entry of entries) {
      if (entry.status !== 'waiting' || entry.checked_out) continue;
      const area = postcodeArea(entry.code_postal);
      // The first free time that suits the customer (the times of day they chose) and that they can
      // answer in waking hours before it is gone (decision 085); a customer no free time suits is passed over.
      let held: { dueAt: Date; until: Date } | null = null;
      for (const slot of dayTimes(data, day, entry.minutes, window, area).times) {
        if (slot.free <= 0 || !suitsTimes(entry.times_of_day, slot.time)) continue;
        const start = londonLocalToInstant(day, slot.time);
        const until = offerHeldUntil(now, holdMinutes, new Date(start.getTime() - BOOKING_NOTICE_MS));
        if (until) {
          held = { dueAt: start, until };
          break;
        }
      }
      if (!held) continue;
      const { dueAt, until } = held;
      const token = randomBytes(32).toString('base64url');
      await waitlist.offer(entry.id, { dueAt, minutes: entry.minutes, until, hash: hashOf(token), now });
      // The hold stands in the next waiting customer's way within this run, as it will in every read.
      const jobs = data.jobsByDay.get(day) ?? [];
      jobs.push({ orderId: entry.order_id, teamId: null, start: dueAt.getTime(), end: dueAt.getTime() + entry.minutes * 60_000, area });
      data.jobsByDay.set(day, jobs);
      const total = ledgerTotals(await ledgerRepository(tx).forOrder(entry.order_id)).total;
      const link = `${deps.outbox.site.publicUrl}${MY_ORDERS_PATH}?${entry.moves_order ? HELD_MOVE_PARAMETER : OFFER_PARAMETER}=${token}`;
      const mail = waitlistOfferMail({ customer: entry.customer, service: entry.service, dueAt, heldUntil: until, total, moves: entry.moves_order }, link);
      if (entry.email) await deps.outbox.add(tx, { to: entry.email, ...mail });
      offered += 1;
    }
    return offered;
  });
}

/** The customer's offer behind `token`, or the 409 saying in words why it cannot be used. */
async function liveOffer(db: Database, user: AuthUser, token: string, now: Date): Promise<WaitlistRow> {
  const entry = await waitlistRepository(db).findByOfferHash(hashOf(token));
  if (!entry || entry.user_id !== user.id) throw notFound(OFFER_NOT_FOUND_MESSAGE);
  if (entry.status === 'booked' || entry.checked_out) throw conflict(OFFER_USED_MESSAGE);
  if (entry.status === 'removed') throw conflict(OFFER_WITHDRAWN_MESSAGE);
  if (entry.status === 'expired' || entry.held_until!.getTime() <= now.getTime()) throw conflict(OFFER_EXPIRED_MESSAGE);
  return entry;
}

export async function getWaitlistOffer(db: Database, user: AuthUser, token: string, now: Date): Promise<WaitlistOffer> {
  const entry = await liveOffer(db, user, token, now);
  const total = ledgerTotals(await ledgerRepository(db).forOrder(entry.order_id)).total;
  return {
    order_id: entry.order_id, date: entry.day, time: londonClock(entry.held_due_at!), due: entry.held_due_at!.toISOString(),
    held_until: entry.held_until!.toISOString(), service: entry.service, total: toPounds(total),
    contact: await waitlistRepository(db).givenContact(user.id, entry.order_id),
  };
}

/** Checks the draft out at the held time through the one checkout service, then marks the entry booked. */
export async function checkoutWaitlistOffer(
  deps: CheckoutDeps, user: AuthUser, token: string, details: WaitlistCheckout, idempotencyKey: string | undefined,
): Promise<CheckoutResponse> {
  const entry = await liveOffer(deps.db, user, token, deps.now);
  if (entry.moves_order) throw conflict(MOVE_BY_RESCHEDULE_MESSAGE);
  const at = entry.held_due_at!;
  const answer = await checkoutOrder(deps, user, { ...details, order: entry.order_id, due_date: londonDate(at), due_time: londonClock(at) }, idempotencyKey);
  await waitlistRepository(deps.db).markBooked(entry.id);
  return answer;
}

/** Staff set how long an offer holds its time (the next offers'; those made stay as mailed), audited like a price. */
export function updateWaitlistHold(db: Database, admin: AuthUser, setting: WaitlistHoldSetting, now: Date): Promise<WaitlistHoldSetting> {
  return audited(db, admin, now, async (tx) => {
    const waitlist = waitlistRepository(tx);
    const before = await waitlist.holdMinutes(true);
    await waitlist.setHoldMinutes(setting.minutes);
    return { result: { minutes: setting.minutes }, change: { rule: 'waitlist_hold', subject: 'Waiting list offers held for', from: `${before} min`, to: `${setting.minutes} min` } };
  });
}
