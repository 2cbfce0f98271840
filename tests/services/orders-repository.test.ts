import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../server/app-context';
import type { Database } from '../../server/db/database';
import type { OrderRow } from '../../server/repositories/orders';
import type { Page } from '../../server/repositories/paging';
import { orderRepository, orderSortKeys } from '../../server/repositories/orders';
import { createOrder } from '../../server/services/orders';
import type { TestDatabase } from '../api/support/test-database';
import { bookings } from './support/booking';
import { houseKeepingDatabase, newAccount } from './support/own-database';

/**
 * The order repository's statements the services' other tests do not reach (the API tests do, over
 * HTTP): which series visits are charged on their saved card, a failed or late card payment
 * recorded, old drafts cleared, the balance's payment page replaced, the cancelled cash visits that
 * may owe a late fee, the access notes, and how a list is ordered. Orders are booked the customers'
 * way, then placed in the state each case needs. On the file's own seeded database.
 */
const NOW = new Date('2030-01-07T12:00:00.000Z');
const HOUR = 3_600_000;
/** Far from the seed's orders, so each window holds only this file's. */
const T0 = new Date('2040-03-01T09:00:00.000Z');
const at = (hours: number) => new Date(T0.getTime() + hours * HOUR);

let testDb: TestDatabase;
let db: Database;
let jane: AuthUser;
let serviceId: number;
let twoBedrooms: Array<{ id: number; quantity: number }>;
const { book } = bookings(() => db, NOW);
let day = 2;

/** A cash booking checked out at NOW, each on a day of its own. */
const booked = () => book(jane, serviceId, twoBedrooms, { date: new Date(NOW.getTime() + day++ * 24 * HOUR).toISOString().slice(0, 10), time: '10:00', now: NOW });
const set = (id: number, fields: string, ...values: unknown[]) => db.query(`UPDATE orders SET ${fields} WHERE id = $1`, [id, ...values]);
const row = async (id: number) => (await db.query<Record<string, unknown>>('SELECT * FROM orders WHERE id = $1', [id]))[0]!;
const exists = async (id: number) => (await db.query('SELECT 1 FROM orders WHERE id = $1', [id])).length === 1;

/** A series of the customer's, with a saved card or none, that `orders` belong to. */
async function series(orders: number[], card: string | null): Promise<number> {
  const [created] = await db.query<{ id: number }>(
    `INSERT INTO booking_series (user_id, service_id, frequency, first_date, first_time, first_order_id, created_at, card_payment_method, card_customer, card_consent_at)
     VALUES ($1, $2, 'weekly', '2040-03-01', '10:00', $3, $4, $5, $6, $7) RETURNING id`,
    [jane.id, serviceId, orders[0], NOW, card, card && 'cus_jane', card && NOW],
  );
  await db.query('UPDATE orders SET series_id = $1 WHERE id = ANY($2::integer[])', [created!.id, orders]);
  return created!.id;
}

beforeAll(async () => {
  ({ testDb, db, jane, serviceId, twoBedrooms } = await houseKeepingDatabase());
}, 60_000);

afterAll(async () => {
  await testDb?.dispose();
});

describe('the series visits charged on their saved card', () => {
  it('are those due in (from, to], awaiting their card payment, nothing paid, failed, refused or asked back, soonest first', async () => {
    const visits: number[] = [];
    for (let i = 0; i < 12; i++) visits.push(await booked());
    const [first, second, third, atFrom, after, paid, failed, cancelled, cash, refundAsked, draft, last] = visits as [number, ...number[]];
    await series(visits, 'pm_saved_card');
    for (const id of visits) await set(id, "payment_method = 'card', status = 'awaiting_validation'");
    await set(first, 'due_at = $2', at(5));
    await set(second!, 'due_at = $2', at(2));
    await set(third!, 'due_at = $2', at(2)); // same time as the second: the older order first
    await set(atFrom!, 'due_at = $2', at(0));
    await set(after!, 'due_at = $2', at(24.5));
    await set(paid!, 'due_at = $2, paid_amount = 5000', at(3));
    await set(failed!, 'due_at = $2, payment_failed_at = $3', at(3), NOW);
    await set(cancelled!, "due_at = $2, status = 'cancelled'", at(3));
    await set(cash!, "due_at = $2, payment_method = 'cash'", at(3));
    await set(refundAsked!, 'due_at = $2', at(3));
    await db.query("INSERT INTO refund_requests (order_id, reason, fee, requested_at) VALUES ($1, 'Changed my mind', 0, $2)", [refundAsked, NOW]);
    await set(draft!, 'due_at = $2, checked_out_at = NULL', at(3));
    await set(last!, 'due_at = $2', at(24)); // exactly at `to`
    // A series without a saved card: its visits are not charged this way.
    const other = await booked();
    await series([other], null);
    await set(other, "payment_method = 'card', status = 'awaiting_validation', due_at = $2", at(4));

    const orders = orderRepository(db);
    const due = (await orders.savedCardVisitsDue(T0, at(24), 50)).map((visit) => visit.id);
    expect(due).toEqual([Math.min(second!, third!), Math.max(second!, third!), first, last]);
    expect((await orders.savedCardVisitsDue(T0, at(24), 2)).map((visit) => visit.id)).toEqual(due.slice(0, 2));
  });
});

describe('a card payment recorded', () => {
  it('that failed: only on a card order still awaiting its payment', async () => {
    const [card, cash, paid, cancelled] = [await booked(), await booked(), await booked(), await booked()];
    for (const id of [card, paid, cancelled]) await set(id, "payment_method = 'card'");
    await set(paid, 'paid_amount = 5000');
    await set(cancelled, "status = 'cancelled'");
    const orders = orderRepository(db);
    const failure = { reason: 'Card declined', at: at(1) };
    expect(await orders.markPaymentFailed(card, failure)).toBe(true);
    expect(await row(card)).toMatchObject({ payment_failure: 'Card declined', payment_failed_at: at(1), status: 'awaiting_validation', paid_amount: null });
    for (const id of [cash, paid, cancelled]) {
      expect(await orders.markPaymentFailed(id, failure)).toBe(false);
      expect(await row(id)).toMatchObject({ payment_failure: null, payment_failed_at: null });
    }
  });

  it('that arrived after the cancellation: what was paid and when, the order still cancelled, once', async () => {
    const [cancelled, open] = [await booked(), await booked()];
    await set(cancelled, "payment_method = 'card', status = 'cancelled'");
    await set(open, "payment_method = 'card'");
    const orders = orderRepository(db);
    const before = (await row(cancelled)).version as number;
    expect(await orders.markPaidAfterCancellation(cancelled, { amount: 5000, at: at(2) })).toBe(true);
    expect(await row(cancelled)).toMatchObject({ status: 'cancelled', paid_amount: 5000, paid_at: at(2), version: before + 1 });
    expect(await orders.markPaidAfterCancellation(cancelled, { amount: 6000, at: at(3) })).toBe(false);
    expect(await row(cancelled)).toMatchObject({ paid_amount: 5000, paid_at: at(2) });
    expect(await orders.markPaidAfterCancellation(open, { amount: 5000, at: at(2) })).toBe(false);
    expect(await row(open)).toMatchObject({ status: 'awaiting_validation', paid_amount: null, paid_at: null });
  });
});

describe('old drafts cleared', () => {
  it('deletes the drafts made at or before the time, not later ones, placed orders or drafts on a waiting list', async () => {
    const cutoff = new Date('2001-01-01T00:00:00.000Z');
    const draft = async (created: Date) => {
      const order = await createOrder(db, jane, { service: serviceId, items: twoBedrooms }, NOW);
      await set(order.id, 'created_at = $2', created);
      return order.id;
    };
    const old = await draft(new Date('2000-06-01T00:00:00.000Z'));
    const exactly = await draft(cutoff);
    const later = await draft(new Date(cutoff.getTime() + 1000));
    const waiting = await draft(new Date('2000-06-01T00:00:00.000Z'));
    const gaveUp = await draft(new Date('2000-06-01T00:00:00.000Z'));
    const placed = await booked();
    await set(placed, 'created_at = $2', new Date('2000-06-01T00:00:00.000Z'));
    const entry = "INSERT INTO waitlist_entries (user_id, order_id, day, created_at, status) VALUES ($1, $2, $3, $4, $5)";
    await db.query(entry, [jane.id, waiting, '2030-02-01', NOW, 'waiting']);
    await db.query(entry, [jane.id, gaveUp, '2030-02-02', NOW, 'removed']);

    expect(await orderRepository(db).deleteDraftsCreatedBy(cutoff)).toBe(3);
    expect(await Promise.all([old, exactly, later, waiting, gaveUp, placed].map(exists))).toEqual([false, false, true, true, false, true]);
  });
});

describe('the balance payment page', () => {
  it('answers the page it replaced: none at first, the old one when changed, none when the same', async () => {
    const [order, neighbour] = [await booked(), await booked()];
    await set(neighbour, "balance_payment_ref = 'neighbour-page'");
    const orders = orderRepository(db);
    expect(await orders.replaceBalancePaymentRef(order, 'page-1')).toBeNull();
    expect(await orders.replaceBalancePaymentRef(order, 'page-2')).toBe('page-1');
    expect(await orders.replaceBalancePaymentRef(order, 'page-2')).toBeNull();
    expect((await row(order)).balance_payment_ref).toBe('page-2');
    expect((await row(neighbour)).balance_payment_ref).toBe('neighbour-page');
  });
});

describe("a series' cancelled cash visits that may owe a late fee", () => {
  it('are those due before the visit, cancelled and paid in cash, of that series only, oldest first', async () => {
    const visits: number[] = [];
    for (let i = 0; i < 6; i++) visits.push(await booked());
    const [a, b, sameTime, later, card, kept] = visits as [number, number, number, number, number, number];
    const id = await series(visits, null);
    for (const v of [a, b, sameTime, later, card]) await set(v, "status = 'cancelled'");
    await set(a, 'due_at = $2', at(-48));
    await set(b, 'due_at = $2', at(-96));
    await set(sameTime, 'due_at = $2', at(0));
    await set(later, 'due_at = $2', at(24));
    await set(card, "due_at = $2, payment_method = 'card'", at(-24));
    await set(kept, 'due_at = $2', at(-24));
    const elsewhere = await booked();
    await series([elsewhere], null);
    await set(elsewhere, "status = 'cancelled', due_at = $2", at(-24));

    expect(await orderRepository(db).cancelledCashVisitsBefore(id, at(0))).toEqual([{ id: a }, { id: b }]);
  });
});

describe('the access notes', () => {
  it('are set and cleared on that order only', async () => {
    const [order, neighbour] = [await booked(), await booked()];
    const orders = orderRepository(db);
    await orders.setAccessNotes(neighbour, 'Ring twice');
    await orders.setAccessNotes(order, 'Key under the mat');
    expect((await row(order)).access_notes).toBe('Key under the mat');
    await orders.setAccessNotes(order, null);
    expect((await row(order)).access_notes).toBeNull();
    expect((await row(neighbour)).access_notes).toBe('Ring twice');
  });
});

describe('how a list of orders is ordered', () => {
  it('newest first by default; a chosen sort ascending unless asked otherwise, ties by id, customers kept apart', () => {
    expect(orderSortKeys({})).toEqual([{ sql: 'o.created_at', desc: true }, { sql: 'o.id', desc: true }]);
    expect(orderSortKeys({ sort: 'id' })).toEqual([{ sql: 'o.id', desc: false }]);
    expect(orderSortKeys({ sort: 'id', order: 'desc' })).toEqual([{ sql: 'o.id', desc: true }]);
    expect(orderSortKeys({ order: 'asc' })).toEqual([{ sql: 'o.created_at', desc: false }, { sql: 'o.id', desc: false }]);
    expect(orderSortKeys({ sort: 'user', order: 'desc' })).toEqual([{ sql: 'lower(u.name)', desc: true }, { sql: 'u.id', desc: true }, { sql: 'o.id', desc: true }]);
    expect(orderSortKeys({ sort: 'due' })).toEqual([{ sql: 'o.due_at', nullsLast: true, desc: false }, { sql: 'o.id', desc: false }]);
  });
});

describe("the back office's search, page by page", () => {
  /** Three customers sharing a surname; their five orders placed a minute apart, a1 oldest. */
  const found: Record<'a1' | 'b1' | 'c1' | 'a2' | 'c2', number> = { a1: 0, b1: 0, c1: 0, a2: 0, c2: 0 };
  const ids = (page: Page<OrderRow>) => page.rows.map((order) => order.id);
  const pages = async (query: Parameters<ReturnType<typeof orderRepository>['page']>[0], cap?: number) => {
    const orders = orderRepository(db);
    const all: number[][] = [];
    for (let n = 1; n <= 3; n++) all.push(ids(await orders.page(query, { page: n, limit: 2 }, cap)));
    return all;
  };

  beforeAll(async () => {
    const customer = async (name: string, email: string): Promise<AuthUser> => ({ ...(await newAccount(db, email, 'a long password 1', name)), name, roles: ['ROLE_USER'] });
    const quentin = await customer('Quentin Quarkly', 'quentin@quarkly.test');
    const ada = await customer('Ada Quarkly', 'ada@quarkly.test');
    const zed = await customer('Zed Quarkly', 'zed@quarkly.test');
    const order = (who: AuthUser) => book(who, serviceId, twoBedrooms, { date: new Date(NOW.getTime() + day++ * 24 * HOUR).toISOString().slice(0, 10), time: '10:00', now: NOW });
    found.a1 = await order(quentin);
    found.b1 = await order(ada);
    found.c1 = await order(zed);
    found.a2 = await order(quentin);
    found.c2 = await order(zed);
    for (const [n, id] of [found.a1, found.b1, found.c1, found.a2, found.c2].entries()) {
      await set(id, "created_at = $2, code_postal = 'ZZ9 9ZZ'", new Date(NOW.getTime() + n * 60_000));
    }
  });

  it('newest first, counted, whether counted exactly or past the cap', async () => {
    const { a1, b1, c1, a2, c2 } = found;
    expect(await pages({ q: 'quarkly' })).toEqual([[c2, a2], [c1, b1], [a1]]);
    expect(await orderRepository(db).page({ q: ' quarkly ' }, { page: 1, limit: 2 })).toMatchObject({ total: 5 });
    expect(await pages({ q: 'quarkly' }, 2)).toEqual([[c2, a2], [c1, b1], [a1]]);
    const capped = await orderRepository(db).page({ q: 'quarkly' }, { page: 1, limit: 2 }, 2);
    expect(capped).toMatchObject({ total: 3, totalIsLowerBound: true });
    expect(await pages({ q: 'quarkly', order: 'asc' }, 2)).toEqual([[a1, b1], [c1, a2], [c2]]);
    expect(await pages({ q: 'quarkly', sort: 'id' }, 2)).toEqual([[a1, b1], [c1, a2], [c2]]);
  });

  it("by the customer's name either way, each customer's orders together", async () => {
    const { a1, b1, c1, a2, c2 } = found;
    for (const cap of [undefined, 2]) {
      expect(await pages({ q: 'quarkly', sort: 'user' }, cap)).toEqual([[b1, a1], [a2, c1], [c2]]);
      expect(await pages({ q: 'quarkly', sort: 'user', order: 'desc' }, cap)).toEqual([[c2, c1], [a2, a1], [b1]]);
    }
  });

  it('by a postcode that matches more orders than are counted: the same pages', async () => {
    const { a1, b1, c1, a2, c2 } = found;
    expect(await pages({ q: 'zz9 9zz', sort: 'user' }, 2)).toEqual([[b1, a1], [a2, c1], [c2]]);
    expect(await pages({ q: 'ZZ9', sort: 'user', order: 'desc' }, 2)).toEqual([[c2, c1], [a2, a1], [b1]]);
    expect(await pages({ q: 'ZZ99ZZ' }, 2)).toEqual([[c2, a2], [c1, b1], [a1]]);
    const capped = await orderRepository(db).page({ q: 'ZZ9' }, { page: 1, limit: 2 }, 2);
    expect(capped).toMatchObject({ total: 3, totalIsLowerBound: true });
  });

  it('with any other filter, only the orders it keeps', async () => {
    const { a1, b1, c1, a2, c2 } = found;
    const [other] = await db.query<{ id: number }>('SELECT id FROM services WHERE id <> $1 ORDER BY id LIMIT 1', [serviceId]);
    await set(c2, "status = 'cancelled'");
    await set(a2, "payment_method = 'card'");
    await set(b1, 'service_id = $2', other!.id);
    await set(c1, 'team_id = NULL');
    const [{ due }] = (await db.query<{ due: Date }>('SELECT due_at AS due FROM orders WHERE id = $1', [a1])) as [{ due: Date }];
    const a1Day = due.toISOString().slice(0, 10);
    const only = async (query: Parameters<ReturnType<typeof orderRepository>['page']>[0]) => ids(await orderRepository(db).page(query, { page: 1, limit: 10 }, 2));
    expect(await only({ q: 'quarkly', status: 'cancelled' })).toEqual([c2]);
    expect(await only({ q: 'quarkly', payment_method: 'card' })).toEqual([a2]);
    expect(await only({ q: 'quarkly', service: other!.id })).toEqual([b1]);
    expect(await only({ q: 'quarkly', unassigned: true })).toEqual([c1]);
    expect(await only({ q: 'quarkly', due_from: a1Day, due_to: a1Day })).toEqual([a1]);
    expect(await only({ q: 'quarkly', due_to: a1Day })).toEqual([a1]);
  });
});
