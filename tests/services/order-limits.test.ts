import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../server/app-context';
import type { Database } from '../../server/db/database';
import { TOO_MANY_ATTEMPTS } from '../../server/services/rate-limiter';
import { assertMayCreateOrder, tooManyOpenOrders } from '../../server/services/order-limits';
import { checkoutOrder } from '../../server/services/checkout';
import { createOrder } from '../../server/services/orders';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '../../server/rate-limits';
import { findPayableSession, paySession } from '../../server/services/test-payment-provider';
import { confirmPayment } from '../../server/services/payments';
import type { TestDatabase } from '../api/support/test-database';
import { bookings, PAYMENT_SECRET } from './support/booking';
import { serviceContext } from './support/context';
import { houseKeepingDatabase } from './support/own-database';
import { refused } from './support/refused';

/**
 * The gate before a customer's new order (issue 12, row 3): a few new orders a minute, and a cap on
 * orders open and unpaid (drafts, and card checkouts not yet paid; not a series's planned visits),
 * on a real seeded PGlite. The limits are the production ones made small.
 */
const NOW = new Date('2030-01-07T12:00:00.000Z'); // a Monday, winter (UK time = UTC)
const MINUTE = 60_000;
const LIMITS: RateLimits = {
  ...DEFAULT_RATE_LIMITS,
  orders: { ...DEFAULT_RATE_LIMITS.orders, limit: 3 },
  openOrders: { ...DEFAULT_RATE_LIMITS.openOrders, limit: 2 },
};
const ROOMY: RateLimits = { ...LIMITS, orders: { ...LIMITS.orders, limit: 1000 } };

let testDb: TestDatabase;
const db = (): Database => testDb.db;
const strict = serviceContext(db, NOW, { rateLimits: LIMITS });
const roomy = serviceContext(db, NOW, { rateLimits: ROOMY });
const { book, deps } = bookings(db);
let service: number;
let items: Array<{ id: number; quantity: number }>;

async function customer(email: string): Promise<AuthUser> {
  const [row] = await db().query<AuthUser>(
    `INSERT INTO users (name, email, password_hash, roles) VALUES ('Order Limits', $1, 'x', ARRAY['ROLE_USER']) RETURNING id, name, email, roles`,
    [email],
  );
  return row!;
}

/** What the booking route does: the gate, then the new order (a draft until checked out). */
async function ordered(ctx: typeof roomy.ctx, who: AuthUser): Promise<number> {
  await assertMayCreateOrder(ctx, who.id);
  return (await createOrder(db(), who, { service, items }, ctx.now())).id;
}

/** Pays a card order on the provider's page, and the shop hears of it. */
async function pay(order: number): Promise<void> {
  const [row] = await db().query<{ payment_ref: string }>('SELECT payment_ref FROM orders WHERE id = $1', [order]);
  expect(await findPayableSession(db(), row!.payment_ref)).not.toBeNull();
  const paid = await paySession(db(), PAYMENT_SECRET, row!.payment_ref, NOW);
  await confirmPayment(deps(NOW), { headers: { 'test-payments-signature': paid!.signature }, body: paid!.body });
}

beforeAll(async () => {
  ({ testDb, serviceId: service, twoBedrooms: items } = await houseKeepingDatabase());
}, 60_000);

afterAll(async () => {
  await testDb?.dispose();
});

describe('new orders of one customer (issue 12, row 3)', () => {
  it(`lets a customer start ${LIMITS.orders.limit} orders a minute, then answers 429 until the minute is over; other customers are not held`, async () => {
    const ada = await customer('ada@order-limits.test');
    const bob = await customer('bob@order-limits.test');
    const ctx = { ...strict.ctx, config: { ...strict.ctx.config, rateLimits: { ...LIMITS, openOrders: { limit: 100, windowMs: 0 } } } };
    strict.clock.now = NOW;
    for (let i = 0; i < LIMITS.orders.limit; i++) await ordered(ctx, ada);
    await refused(assertMayCreateOrder(ctx, ada.id), 429, TOO_MANY_ATTEMPTS);
    await assertMayCreateOrder(ctx, bob.id);
    strict.clock.now = new Date(NOW.getTime() + MINUTE);
    await assertMayCreateOrder(ctx, ada.id);
  });

  it(`stops a customer at ${LIMITS.openOrders.limit} open unpaid orders: drafts and card checkouts awaiting payment count, cash and paid ones do not`, async () => {
    const cy = await customer('cy@order-limits.test');
    const dee = await customer('dee@order-limits.test');
    const message = 'You already have 2 unpaid orders: please check one out or wait for it to be paid before ordering more';
    expect(tooManyOpenOrders(2)).toBe(message);
    const drafts = [await ordered(roomy.ctx, cy), await ordered(roomy.ctx, cy)];
    await refused(assertMayCreateOrder(roomy.ctx, cy.id), 429, message);
    // Another customer's orders are theirs.
    await assertMayCreateOrder(roomy.ctx, dee.id);

    // Checked out in cash: no longer waiting on the customer.
    await checkoutOrder(deps(NOW), cy, {
      order: drafts[0]!, due_date: '2030-01-09', due_time: '10:00', address: '1 Test Street', phone: '020 7946 0000', city: 'London',
      code_postal: 'SE22 8AB', client_note: '', payment: 'cash',
    }, undefined);
    await assertMayCreateOrder(roomy.ctx, cy.id);
    // Checked out by card and not paid yet: open.
    const card = await book(cy, service, items, { date: '2030-01-09', time: '12:00', now: NOW, payment: 'card' });
    await refused(assertMayCreateOrder(roomy.ctx, cy.id), 429, message);
    await pay(card);
    await assertMayCreateOrder(roomy.ctx, cy.id);
  });

  it("does not count a series's planned visits, which the customer did not open", async () => {
    const eve = await customer('eve@order-limits.test');
    const first = await book(eve, service, items, { date: '2030-01-10', time: '10:00', now: NOW, payment: 'card', frequency: 'weekly' });
    const [planned] = await db().query<{ count: number }>(
      "SELECT count(*)::int AS count FROM orders WHERE user_id = $1 AND series_occurrence > 0 AND status = 'awaiting_validation' AND payment_method = 'card'",
      [eve.id],
    );
    expect(planned!.count).toBeGreaterThanOrEqual(2);
    // The first visit awaits payment: one open order of two allowed.
    await assertMayCreateOrder(roomy.ctx, eve.id);
    await ordered(roomy.ctx, eve);
    await refused(assertMayCreateOrder(roomy.ctx, eve.id), 429, tooManyOpenOrders(2));
    await pay(first);
    await assertMayCreateOrder(roomy.ctx, eve.id);
  });
});
