import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerRepository } from '../../server/repositories/ledger';
import type { AuthUser } from '../../server/app-context';
import type { Database } from '../../server/db/database';
import { invoiceLabel } from '../../domain/money/invoice-labels';
import { getReceipt, isPaid, NOT_PAID_MESSAGE } from '../../server/services/receipts';
import type { TestDatabase } from '../api/support/test-database';
import { checkoutOrder } from '../../server/services/checkout';
import { bookingConfirmationMail } from '../../server/mails/checkout-mails';
import { getOrder } from '../../server/services/orders-admin';
import { createOrder } from '../../server/services/orders';
import { createQuote, getQuoteOptions } from '../../server/services/quotes';
import { bookings, placedOrder } from './support/booking';
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
      // Not paid by card, completed without a time: supplied when invoiced (decision 042).
      supplied: issuedAt.toISOString(),
      order_id: id,
      reference: (await placedOrder(db, id)).order.reference,
      company: 'Sparkle Cleaning',
      supplierAddress: '1 Example Street, London SW1A 1AA',
      vatNumber: 'GB 123 4567 89',
      customer: jane.name,
      address: '1 Test Street, London, SE22 8AB',
      service: 'House Keeping',
      due: '2030-01-09T10:00:00.000Z',
      payment: 'cash',
      lines: [
        // Each line's VAT is its share of the rate's, so the lines' nets add up to the rate's net.
        // £41.67 net does not divide by two: runs of equal units, each quantity × unit net exact (decision 072).
        { kind: 'item', name: 'Bedroom', quantity: 1, unitPrice: 25, unitNet: 20.83, vatRate: 20, net: 20.83, vat: 4.17, amount: 25 },
        { kind: 'item', name: 'Bedroom', quantity: 1, unitPrice: 25, unitNet: 20.84, vatRate: 20, net: 20.84, vat: 4.16, amount: 25 },
        { kind: 'item', name: 'Bathroom', quantity: 1, unitPrice: 30, unitNet: 25, vatRate: 20, net: 25, vat: 5, amount: 30 },
      ],
      vatRates: [{ rate: 20, net: 66.67, vat: 13.33, gross: 80 }],
      net: 66.67,
      vat: 13.33,
      gross: 80,
      creditNote: null,
      // The order's one document so far (decision 059: later charges and credits add theirs).
      documents: [{ kind: 'invoice', number: receipt.number, label: invoiceLabel(receipt.number), credits: null, issued: issuedAt.toISOString(), net: 66.67, vat: 13.33, gross: 80 }],
    });
    const label = invoiceLabel(receipt.number);
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([[jane.email, `VAT invoice ${label} for order #${receipt.reference}`]]);
    const text = mails[0]!.text;
    for (const line of [
      `Hello ${jane.name},`,
      `VAT invoice ${label} for order #${receipt.reference}`,
      'Issued: 2030-01-09 15:00 (UK time)',
      'Time of supply: 2030-01-09 15:00 (UK time)',
      'Sparkle Cleaning, 1 Example Street, London SW1A 1AA, VAT registration number GB 123 4567 89',
      `Customer: ${jane.name}`,
      'Address: 1 Test Street, London, SE22 8AB',
      'House Keeping on 2030-01-09 10:00 (UK time)',
      '  - Bedroom x 2: £50.00 (VAT 20%)',
      '  - Bathroom x 1: £30.00 (VAT 20%)',
      'At 20% VAT: net £66.67, VAT £13.33, gross £80.00',
      'Net: £66.67',
      'VAT: £13.33',
      'Gross: £80.00',
      `The invoice online: http://localhost:3000/orders/${id}/receipt`,
    ]) expect(text.split('\n')).toContain(line);
    // Seen again: the same invoice, no second mail.
    expect(await receiptOf(jane, id, new Date('2030-01-10T09:00:00.000Z'))).toEqual(receipt);
    expect(mails).toHaveLength(1);
  });

  it('numbers invoices in sequence, six digits, for what was supplied', async () => {
    const [first, second] = [
      await book(jane, serviceId, items, { date: '2030-01-10', time: '10:00', now: NOW }),
      await book(jane, serviceId, items, { date: '2030-01-10', time: '10:00', now: NOW }),
    ];
    await db.query("UPDATE orders SET paid_amount = 8000, payment_method = 'card' WHERE id = $1", [first]);
    await db.query("UPDATE orders SET status = 'completed' WHERE id = $1", [second]);
    const a = await receiptOf(jane, first);
    const b = await receiptOf(jane, second);
    expect(b.number).toBe(a.number + 1);
    expect([a.gross, a.vat, a.net, a.payment]).toEqual([80, 13.33, 66.67, 'card']);
    expect([invoiceLabel(42), invoiceLabel(1_234_567)]).toEqual(['000042', '1234567']);
  });

  it('lists every priced line — discount, options, extras, the Congestion Charge, a rescheduling fee — and they add up', async () => {
    const options = await getQuoteOptions(db, serviceId);
    const drains = options.extras.find((extra) => extra.name === 'Unblocking drains')!;
    const bigBedroom = options.extras.find((extra) => extra.name === 'Large bedroom (over 20 m²)')!;
    const quote = await createQuote(db, {
      service: serviceId, items, frequency: 'weekly', postcode: 'SW1A 1AA',
      extras: [{ id: drains.id, quantity: 1 }, { id: bigBedroom.id, quantity: 1 }],
    }, NOW);
    const id = await bookAt(quote.id, 'SW1A 1AA');
    // A late reschedule added its fee to the order before the card payment was confirmed.
    await ledgerRepository(db).add({ orderId: id, kind: 'fee', name: 'Rescheduling fee', amount: 1050, vatPercent: 20, actorId: jane.id, actor: jane.name, at: NOW });
    await db.query("UPDATE orders SET reschedule_fees = 1050, paid_amount = total, payment_method = 'card' WHERE id = $1", [id]);
    const receipt = await receiptOf(jane, id);
    // Two bedrooms at £25.00: £41.67 net does not divide by two, so the invoice prints runs of equal units (decision 072).
    expect(receipt.lines.map(({ kind, name, amount }) => [kind, name, amount])).toEqual([
      ['item', 'Bedroom', 25],
      ['item', 'Bedroom', 25],
      ['item', 'Bathroom', 30],
      ['option', 'Large bedroom (over 20 m²)', 15],
      ['discount', 'Weekly discount (15%)', -14.25],
      ['extra', 'Unblocking drains', 50],
      ['congestion', 'Congestion Charge', 11.5],
      ['fee', 'Rescheduling fee', 10.5],
    ]);
    const pence = (pounds: number) => Math.round(pounds * 100);
    const sum = receipt.lines.reduce((total, line) => total + pence(line.amount), 0);
    expect(sum).toBe(pence(receipt.gross));
    expect(receipt.gross).toBe(quote.total + 10.5);
    expect(pence(receipt.net) + pence(receipt.vat)).toBe(pence(receipt.gross));
    expect(receipt.vatRates).toEqual([{ rate: 20, net: receipt.net, vat: receipt.vat, gross: receipt.gross }]);
    // The mails and the back office list the same lines.
    const { order, ledger: booked } = await placedOrder(db, id);
    const detail = await getOrder(db, id);
    // The invoice splits a line whose pennies do not divide into runs of equal units (decision 072); the order page keeps it whole.
    const whole = (lines: readonly { kind: string; name: string; amount: number }[]) => Object.entries(
      lines.reduce<Record<string, number>>((sums, line) => ({ ...sums, [`${line.kind} ${line.name}`]: (sums[`${line.kind} ${line.name}`] ?? 0) + pence(line.amount) }), {}),
    );
    expect(whole(receipt.lines)).toEqual(whole(detail.lines));
    // Each line's net and VAT, before VAT as HMRC asks, add up to the invoice's net and VAT to the penny (decision 042).
    expect(receipt.lines.reduce((total, line) => total + pence(line.net), 0)).toBe(pence(receipt.net));
    expect(receipt.lines.reduce((total, line) => total + pence(line.vat), 0)).toBe(pence(receipt.vat));
    for (const line of receipt.lines) expect(pence(line.net) + pence(line.vat)).toBe(pence(line.amount));
    const confirmation = bookingConfirmationMail(order, booked, SITE, NOW).text.split('\n');
    for (const line of ['  - Congestion Charge: £11.50', '  - Weekly discount (15%): -£14.25', '  - Rescheduling fee: £10.50', `Total: £${receipt.gross.toFixed(2)}`]) {
      expect(confirmation).toContain(line);
    }
  });

  it("takes each line's VAT rate from when it was priced, not a constant", async () => {
    const before = await bookAt((await createQuote(db, { service: serviceId, items, frequency: 'one_off' }, NOW)).id, 'SE22 8AB');
    await db.query('UPDATE pricing_settings SET vat_percent = 5');
    try {
      const after = await bookAt((await createQuote(db, { service: serviceId, items, frequency: 'one_off' }, NOW)).id, 'SE22 8AB');
      await db.query("UPDATE orders SET status = 'completed' WHERE id = ANY($1::integer[])", [[before, after]]);
      const [old, current] = [await receiptOf(jane, before), await receiptOf(jane, after)];
      expect(old.vatRates).toEqual([{ rate: 20, net: 66.67, vat: 13.33, gross: 80 }]);
      expect(current.vatRates).toEqual([{ rate: 5, net: 76.19, vat: 3.81, gross: 80 }]);
      expect(current.lines.every((line) => line.vatRate === 5)).toBe(true);
    } finally {
      await db.query('UPDATE pricing_settings SET vat_percent = 20');
    }
  });
});

const SITE = { publicUrl: 'http://localhost:3000', vatNumber: 'GB 123 4567 89' };

/** A cash booking of `items` from a quote, checked out to an address in `postcode`. */
async function bookAt(quote: string, postcode: string): Promise<number> {
  const order = await createOrder(db, jane, { service: serviceId, items, quote }, NOW);
  await checkoutOrder(deps(NOW), jane, {
    order: order.id, due_date: '2030-01-11', due_time: '10:00', address: '1 Test Street', phone: '020 7946 0000', city: 'London',
    code_postal: postcode, client_note: '', payment: 'cash',
  }, undefined);
  return order.id;
}
