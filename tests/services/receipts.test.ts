import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../server/app-context';
import type { Database } from '../../server/db/database';
import { getReceipt, invoiceLabel, isPaid, NOT_PAID_MESSAGE } from '../../server/services/receipts';
import type { TestDatabase } from '../api/support/test-database';
import { bookings } from './support/booking';
import { houseKeepingDatabase } from './support/own-database';
import { refused } from './support/refused';

/**
 * VAT invoices (issue 14 section 3, decision 018): one per paid order, numbered in sequence, VAT
 * 20% inside the price (net + VAT = gross to the penny), mailed once, on a real seeded PGlite.
 */
const NOW = new Date('2030-01-07T12:00:00.000Z');

let testDb: TestDatabase;
let db: Database;
let jane: AuthUser;
let john: AuthUser;
const { book, deps, mails } = bookings(() => db);
let serviceId: number;
let items: Array<{ id: number; quantity: number }>;

beforeAll(async () => {
  let service: { id: number; items: Map<string, number> };
  ({ testDb, db, jane, service } = await houseKeepingDatabase());
  const [row] = await db.query<AuthUser>(
    `INSERT INTO users (name, email, password_hash, roles) VALUES ('John Other', 'john.other@receipts.test', 'x', ARRAY['ROLE_USER']) RETURNING id, name, email, roles`,
  );
  john = row!;
  serviceId = service.id;
  // Two bedrooms and a bathroom: £80, of which VAT £13.33.
  items = [{ id: service.items.get('Bedroom')!, quantity: 2 }, { id: service.items.get('Bathroom')!, quantity: 1 }];
}, 60_000);

afterAll(async () => {
  await testDb?.dispose();
});

const receiptOf = (user: AuthUser, id: number, now = NOW) => getReceipt({ db, outbox: deps(now).outbox, now }, user, id);

describe('VAT invoices (decision 018)', () => {
  it('an order is paid when its card payment is confirmed, or when a cash job is completed', () => {
    expect(isPaid({ paid_amount: 80, payment_method: 'card', status: 'awaiting_validation' })).toBe(true);
    expect(isPaid({ paid_amount: null, payment_method: 'card', status: 'completed' })).toBe(false);
    expect(isPaid({ paid_amount: null, payment_method: 'cash', status: 'completed' })).toBe(true);
    expect(isPaid({ paid_amount: null, payment_method: 'cash', status: 'payment_validated' })).toBe(false);
  });

  it('a completed cash job gets its invoice on first sight, mailed once, the same number after', async () => {
    const id = await book(jane, serviceId, items, { date: '2030-01-09', time: '10:00', now: NOW });
    await refused(receiptOf(jane, id), 409, NOT_PAID_MESSAGE);
    expect(NOT_PAID_MESSAGE).toBe('There is no VAT invoice for this order until it is paid');
    await db.query("UPDATE orders SET status = 'completed' WHERE id = $1", [id]);
    await refused(receiptOf(john, id), 404, 'Order not found');
    mails.length = 0;
    const issuedAt = new Date('2030-01-09T15:00:00.000Z');
    const receipt = await receiptOf(jane, id, issuedAt);
    expect(receipt).toEqual({
      number: receipt.number,
      issued: issuedAt.toISOString(),
      order_id: id,
      company: 'Sparkle Cleaning',
      vatNumber: 'GB 123 4567 89',
      customer: jane.name,
      address: '1 Test Street, London, SE22 8AB',
      service: 'House Keeping',
      due: '2030-01-09T10:00:00.000Z',
      payment: 'cash',
      items: [{ name: 'Bedroom', quantity: 2, total: 50 }, { name: 'Bathroom', quantity: 1, total: 30 }],
      vatRate: 20,
      net: 66.67,
      vat: 13.33,
      gross: 80,
    });
    const label = invoiceLabel(receipt.number);
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([[jane.email, `VAT invoice ${label} for order #${id}`]]);
    const text = mails[0]!.text;
    for (const line of [
      `Hello ${jane.name},`,
      `VAT invoice ${label} for order #${id}`,
      'Issued: 2030-01-09 15:00 (UK time)',
      'Sparkle Cleaning, VAT registration number GB 123 4567 89',
      `Customer: ${jane.name}`,
      'Address: 1 Test Street, London, SE22 8AB',
      'House Keeping on 2030-01-09 10:00 (UK time)',
      '  - Bedroom x 2: £50.00',
      '  - Bathroom x 1: £30.00',
      'Net: £66.67',
      'VAT (20%): £13.33',
      'Gross: £80.00',
      `The invoice online: http://localhost:3000/orders/${id}/receipt`,
    ]) expect(text.split('\n')).toContain(line);
    // Seen again: the same invoice, no second mail.
    expect(await receiptOf(jane, id, new Date('2030-01-10T09:00:00.000Z'))).toEqual(receipt);
    expect(mails).toHaveLength(1);
  });

  it('numbers invoices in sequence, six digits, for what was paid', async () => {
    const [first, second] = [
      await book(jane, serviceId, items, { date: '2030-01-10', time: '10:00', now: NOW }),
      await book(jane, serviceId, items, { date: '2030-01-10', time: '10:00', now: NOW }),
    ];
    // A card payment confirmed for £79.99 (the provider's figure is the one invoiced).
    await db.query("UPDATE orders SET paid_amount = 79.99, payment_method = 'card' WHERE id = $1", [first]);
    await db.query("UPDATE orders SET status = 'completed' WHERE id = $1", [second]);
    const a = await receiptOf(jane, first);
    const b = await receiptOf(jane, second);
    expect(b.number).toBe(a.number + 1);
    expect([a.gross, a.vat, a.net, a.payment]).toEqual([79.99, 13.33, 66.66, 'card']);
    expect([invoiceLabel(42), invoiceLabel(1_234_567)]).toEqual(['000042', '1234567']);
  });
});
