import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutRequest } from '../../openapi/schema';
import type { AuthUser } from '../../server/app-context';
import type { Database } from '../../server/db/database';
import { SLOT_TAKEN_MESSAGE } from '../../server/services/availability';
import { checkoutOrder, CHECKOUT_MESSAGE } from '../../server/services/checkout';
import { EXPIRED_DRAFT_MESSAGE } from '../../server/services/drafts';
import { createOrder } from '../../server/services/orders';
import { CARD_UNAVAILABLE_MESSAGE } from '../../server/services/payments';
import { createQuote } from '../../server/services/quotes';
import type { TestDatabase } from '../api/support/test-database';
import { bookings } from './support/booking';
import { houseKeepingDatabase } from './support/own-database';
import { refused } from './support/refused';
import { HttpError } from '../../server/lib/http-error';

/**
 * Checkout rules beyond the lifecycle suite (R-PAY, decisions 014, 015): card needs a payment
 * provider, a draft expires after 24 hours, the address decides the Congestion Charge (decision 037),
 * the last free team goes to one booking, and a card checkout replayed with its key
 * answers the same payment page; on a real seeded PGlite with the product's three teams.
 */
const HOUR = 3_600_000;
const NOW = new Date('2030-01-07T12:00:00.000Z');

let testDb: TestDatabase;
let db: Database;
let jane: AuthUser;
let serviceId: number;
let twoBedrooms: Array<{ id: number; quantity: number }>;
const { deps, book, mails } = bookings(() => db);

const details = (order: number, over: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  order, due_date: '2030-01-09', due_time: '10:00', address: '1 Test Street', phone: '020 7946 0000', city: 'London', code_postal: 'se22 8ab', client_note: '', payment: 'cash', ...over,
});
const draft = (now = NOW, quote?: string) => createOrder(db, jane, { service: serviceId, items: twoBedrooms, ...(quote ? { quote } : {}) }, now);
/** The refusal as the API answers it: status, message and the contract's `priceChanged`. */
async function priceRefusal(work: Promise<unknown>): Promise<Record<string, unknown>> {
  const error = await work.then(() => null, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(HttpError);
  const { statusCode, message, details } = error as HttpError;
  return { status: statusCode, message, ...details };
}
const checkedOut = async (id: number) => (await db.query<{ checked_out_at: Date | null }>('SELECT checked_out_at FROM orders WHERE id = $1', [id]))[0]!.checked_out_at !== null;

beforeAll(async () => {
  ({ testDb, db, jane, serviceId, twoBedrooms } = await houseKeepingDatabase());
}, 60_000);

afterAll(async () => {
  await testDb?.dispose();
});

describe('checkout rules (R-PAY)', () => {
  it('card is refused while no payment provider is configured; cash still books', async () => {
    const order = await draft();
    await refused(checkoutOrder({ ...deps(NOW), payments: null }, jane, details(order.id, { payment: 'card' }), undefined), 409, CARD_UNAVAILABLE_MESSAGE);
    expect(CARD_UNAVAILABLE_MESSAGE).toBe('Card payment is not available at the moment, please choose Pay cash');
    expect(await checkedOut(order.id)).toBe(false);
    expect(await checkoutOrder({ ...deps(NOW), payments: null }, jane, details(order.id), undefined)).toEqual({ message: CHECKOUT_MESSAGE, payment: 'cash', reference: expect.any(Number) });
  });

  it('a draft can be checked out until 24 hours after Next', async () => {
    const created = new Date(NOW.getTime() - 24 * HOUR);
    const old = await draft(created);
    await refused(checkoutOrder(deps(NOW), jane, details(old.id), undefined), 404, EXPIRED_DRAFT_MESSAGE);
    expect(EXPIRED_DRAFT_MESSAGE).toBe('This booking has expired: please choose your items again');
    const recent = await draft(new Date(created.getTime() + 1));
    expect((await checkoutOrder(deps(NOW), jane, details(recent.id), undefined)).message).toBe(CHECKOUT_MESSAGE);
  });

  it('the address decides the Congestion Charge: an unquoted job checked out to WC2N is not checked out until the new total is confirmed', async () => {
    const order = await draft();
    const zone = details(order.id, { code_postal: 'wc2n 5du' });
    const first = await priceRefusal(checkoutOrder(deps(NOW), jane, zone, 'key-zone-1'));
    expect(first).toEqual({
      status: 409,
      message: 'The price for WC2N 5DU is £61.50, not £50.00: please confirm the new total before paying',
      priceChanged: {
        previousTotal: 50, total: 61.5, vat: 10.25,
        lines: [{ kind: 'item', name: 'Bedroom', quantity: 2, unitPrice: 25, amount: 50 }, { kind: 'congestion', name: 'Congestion Charge', amount: 11.5 }],
      },
    });
    expect(await checkedOut(order.id)).toBe(false);
    // A total that is not the address's price (the old one, or a made-up one) is refused alike.
    expect((await priceRefusal(checkoutOrder(deps(NOW), jane, { ...zone, confirmed_total: 50 }, 'key-zone-2'))).status).toBe(409);
    expect((await priceRefusal(checkoutOrder(deps(NOW), jane, { ...zone, confirmed_total: 61 }, 'key-zone-3'))).status).toBe(409);
    expect(await checkedOut(order.id)).toBe(false);
    expect((await checkoutOrder(deps(NOW), jane, { ...zone, confirmed_total: 61.5 }, 'key-zone-4')).message).toBe(CHECKOUT_MESSAGE);
    const [row] = await db.query<{ total: string; vat: string; priced_postcode: string; price_lines: Array<{ kind: string; amount: number }> }>(
      'SELECT total, vat, priced_postcode, price_lines FROM orders WHERE id = $1', [order.id]);
    expect([Number(row!.total), Number(row!.vat), row!.priced_postcode, row!.price_lines.map((line) => [line.kind, line.amount])])
      .toEqual([6150, 1025, 'WC2N 5DU', [['item', 5000], ['congestion', 1150]]]);
    expect(mails.at(-1)?.text).toContain('£61.50');
  });

  it('a price quoted inside the zone is re-priced without the charge at an address outside it, once confirmed; the same side keeps it', async () => {
    const quote = await createQuote(db, { service: serviceId, items: twoBedrooms, frequency: 'one_off', postcode: 'WC2N 5DU' }, NOW);
    const order = await draft(NOW, quote.id);
    const outside = details(order.id, { code_postal: 'se22 8ab', due_time: '14:00' });
    expect(await priceRefusal(checkoutOrder(deps(NOW), jane, outside, undefined))).toMatchObject({
      status: 409, message: 'The price for SE22 8AB is £50.00, not £61.50: please confirm the new total before paying', priceChanged: { previousTotal: 61.5, total: 50 },
    });
    expect(await checkedOut(order.id)).toBe(false);
    expect((await checkoutOrder(deps(NOW), jane, details(order.id, { code_postal: 'sw1a 2aa', due_time: '14:00' }), undefined)).message).toBe(CHECKOUT_MESSAGE);
    const [row] = await db.query<{ total: number }>('SELECT total FROM orders WHERE id = $1', [order.id]);
    expect(row!.total).toBe(6150);
  });

  it('the last free team goes to one booking: the next is told the time was just taken and stays a draft', async () => {
    for (let team = 0; team < 3; team += 1) await book(jane, serviceId, twoBedrooms, { date: '2030-01-10', time: '10:00', now: NOW });
    const order = await draft();
    await refused(checkoutOrder(deps(NOW), jane, details(order.id, { due_date: '2030-01-10', due_time: '10:30' }), 'key-late'), 409, SLOT_TAKEN_MESSAGE);
    expect(await checkedOut(order.id)).toBe(false);
    // The key was not used up by the refusal: the same key books another time (after the teams' travel, decision 041).
    expect((await checkoutOrder(deps(NOW), jane, details(order.id, { due_date: '2030-01-10', due_time: '12:00' }), 'key-late')).message).toBe(CHECKOUT_MESSAGE);
  });

  it("the booking mail's calendar entry lasts as long as the job the team was claimed for, in UK time", async () => {
    const order = await draft();
    mails.length = 0;
    // Summer: UK time is UTC+1, so a UTC stamp would read an hour early.
    await checkoutOrder(deps(NOW), jane, details(order.id, { due_date: '2030-07-10', due_time: '10:00' }), undefined);
    const calendar = mails.find((mail) => mail.to === jane.email)?.attachments?.[0]?.content ?? '';
    expect(calendar).toContain('DTSTART;TZID=Europe/London:20300710T100000');
    // Two bedrooms: a one-hour job (not the two hours a job of unknown length is given).
    expect(calendar).toContain('DTEND;TZID=Europe/London:20300710T110000');
  });

  it('a card checkout replayed with its key answers the same payment page; checked out, it cannot be again', async () => {
    const order = await draft();
    const first = await checkoutOrder(deps(NOW), jane, details(order.id, { payment: 'card', due_date: '2030-01-11' }), 'key-card');
    expect(first).toMatchObject({ message: CHECKOUT_MESSAGE, payment: 'card' });
    expect(first.shippingInfo).toMatch(/^\/test-payments\//);
    expect(await checkoutOrder(deps(NOW), jane, details(order.id, { payment: 'card', due_date: '2030-01-11' }), 'key-card')).toEqual(first);
    await refused(checkoutOrder(deps(NOW), jane, details(order.id, { payment: 'card', due_date: '2030-01-11' }), 'another-key'), 409, 'This order has already been checked out');
    await refused(checkoutOrder(deps(NOW), jane, details(order.id, { payment: 'card', due_date: '2030-01-11' }), undefined), 409, 'This order has already been checked out');
    await refused(checkoutOrder(deps(NOW), jane, details(999_999), undefined), 404, 'Order not found');
  });
});
