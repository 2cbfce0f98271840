import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../server/app-context';
import type { Database } from '../../server/db/database';
import { ledgerRepository, type NewLedgerLine } from '../../server/repositories/ledger';
import { orderRepository } from '../../server/repositories/orders';
import { paymentEventsRepository } from '../../server/repositories/payment-events';
import type { TestDatabase } from '../api/support/test-database';
import { bookings } from './support/booking';
import { houseKeepingDatabase } from './support/own-database';

/**
 * An order's ledger (decision 036) as the repository keeps it on a real seeded PGlite: every figure
 * an invoice, a mail or the provider sees is read from these lines, so a line must come back as it
 * was written, once per provider reference, and a charge must move the order's total with it.
 */
const NOW = new Date('2030-02-04T12:00:00.000Z');

let testDb: TestDatabase;
let db: Database;
let jane: AuthUser;
let serviceId: number;
let twoBedrooms: Array<{ id: number; quantity: number }>;
const { book } = bookings(() => db, NOW);
let day = 11;
const booked = () => book(jane, serviceId, twoBedrooms, { date: `2030-02-${String(day++).padStart(2, '0')}`, time: '10:00', now: NOW });
const line = (orderId: number, part: Partial<NewLedgerLine>): NewLedgerLine => ({
  orderId, kind: 'extra', name: 'Oven clean', amount: 3000, vatPercent: 20, actorId: null, actor: 'Office', at: NOW, ...part,
});

beforeAll(async () => {
  ({ testDb, db, jane, serviceId, twoBedrooms } = await houseKeepingDatabase());
}, 60_000);

afterAll(async () => {
  await testDb?.dispose();
});

describe('an order ledger', () => {
  it('keeps a charge as written (quantity and unit price for the invoice) and adds it to the order total; money that moved does not', async () => {
    const id = await booked();
    const ledger = ledgerRepository(db);
    const before = (await orderRepository(db).find(id))!.total;
    const count = (await ledger.forOrder(id)).length;

    expect(await ledger.add(line(id, { quantity: 2, unitPrice: 1500, reason: 'Asked for on the day' }))).toBe(true);
    expect(await ledger.add(line(id, { kind: 'payment', name: 'Cash', amount: 4000, vatPercent: null, reference: 'cash-1' }))).toBe(true);

    const added = (await ledger.forOrder(id)).slice(count);
    expect(added.map((l) => [l.kind, l.name, l.quantity, l.unitPrice, l.amount, l.vatPercent, l.reason, l.reference, l.actor])).toEqual([
      ['extra', 'Oven clean', 2, 1500, 3000, 20, 'Asked for on the day', null, 'Office'],
      ['payment', 'Cash', null, null, 4000, null, null, 'cash-1', 'Office'],
    ]);
    expect((await orderRepository(db).find(id))!.total).toBe(before + 3000);
  });

  it('records a payment once per reference: a repeat adds nothing and says so', async () => {
    const id = await booked();
    const ledger = ledgerRepository(db);
    const payment = line(id, { kind: 'payment', name: 'Card payment', amount: 5000, vatPercent: null, reference: 'pay-once' });
    expect(await ledger.add(payment)).toBe(true);
    expect(await ledger.add(payment)).toBe(false);
    expect((await ledger.forOrder(id)).filter((l) => l.reference === 'pay-once')).toHaveLength(1);
  });

  it("reads many orders' lines at once, each order its own, oldest first; an order with none has an empty list", async () => {
    const [a, b] = [await booked(), await booked()];
    const ledger = ledgerRepository(db);
    await ledger.add(line(b, { name: 'Fridge clean', amount: 1000 }));
    const many = await ledger.forOrders([a, b, 987_654]);
    expect(many.get(a)).toEqual(await ledger.forOrder(a));
    expect(many.get(b)).toEqual(await ledger.forOrder(b));
    expect(many.get(b)!.at(-1)!.name).toBe('Fridge clean');
    expect(many.get(987_654)).toEqual([]);
    expect((await ledger.forOrders([])).size).toBe(0);
  });
});

describe("the provider's numbered events (decision 034)", () => {
  it('are applied once: the first claim is true, a resent event false; the event names its order, or none when the order is not there', async () => {
    const id = await booked();
    const events = paymentEventsRepository(db);
    const at = NOW;
    expect(await events.claim({ id: `EV-${id}`, orderId: id, type: 'payment.succeeded', at })).toBe(true);
    expect(await events.claim({ id: `EV-${id}`, orderId: id, type: 'payment.succeeded', at })).toBe(false);
    expect(await events.claim({ id: `EV-${id}-gone`, orderId: 987_654, type: 'payment.failed', at })).toBe(true);
    expect(await events.claim({ id: `EV-${id}-none`, orderId: null, type: 'mandates.created', at })).toBe(true);
    const rows = await db.query<{ id: string; order_id: number | null; type: string; received_at: Date }>(
      'SELECT id, order_id, type, received_at FROM payment_events WHERE id LIKE $1 ORDER BY id', [`EV-${id}%`],
    );
    expect(rows.map((row) => [row.id, row.order_id === null ? null : Number(row.order_id), row.type, new Date(row.received_at).toISOString()])).toEqual([
      [`EV-${id}`, id, 'payment.succeeded', NOW.toISOString()],
      [`EV-${id}-gone`, null, 'payment.failed', NOW.toISOString()],
      [`EV-${id}-none`, null, 'mandates.created', NOW.toISOString()],
    ]);
  });
});
