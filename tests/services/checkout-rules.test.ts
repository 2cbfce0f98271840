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

/**
 * Checkout rules beyond the lifecycle suite (R-PAY, decisions 014, 015): card needs a payment
 * provider, a draft expires after 24 hours, a quoted price holds only on its side of the Congestion
 * Charge zone, the last free team goes to one booking, and a card checkout replayed with its key
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
    expect(await checkoutOrder({ ...deps(NOW), payments: null }, jane, details(order.id), undefined)).toEqual({ message: CHECKOUT_MESSAGE, payment: 'cash' });
  });

  it('a draft can be checked out until 24 hours after Next', async () => {
    const created = new Date(NOW.getTime() - 24 * HOUR);
    const old = await draft(created);
    await refused(checkoutOrder(deps(NOW), jane, details(old.id), undefined), 404, EXPIRED_DRAFT_MESSAGE);
    expect(EXPIRED_DRAFT_MESSAGE).toBe('This booking has expired: please choose your items again');
    const recent = await draft(new Date(created.getTime() + 1));
    expect((await checkoutOrder(deps(NOW), jane, details(recent.id), undefined)).message).toBe(CHECKOUT_MESSAGE);
  });

  it('a price quoted inside the Congestion Charge zone is not taken to an address outside it', async () => {
    const quote = await createQuote(db, { service: serviceId, items: twoBedrooms, frequency: 'one_off', postcode: 'WC2N 5DU' }, NOW);
    const order = await draft(NOW, quote.id);
    await refused(
      checkoutOrder(deps(NOW), jane, details(order.id, { code_postal: 'se22 8ab' }), undefined),
      409,
      'The price was for postcode WC2N 5DU and SE22 8AB is outside the Congestion Charge zone: please get a new price for this address',
    );
    expect(await checkedOut(order.id)).toBe(false);
    expect((await checkoutOrder(deps(NOW), jane, details(order.id, { code_postal: 'sw1a 2aa' }), undefined)).message).toBe(CHECKOUT_MESSAGE);
  });

  it('the last free team goes to one booking: the next is told the time was just taken and stays a draft', async () => {
    for (let team = 0; team < 3; team += 1) await book(jane, serviceId, twoBedrooms, { date: '2030-01-10', time: '10:00', now: NOW });
    const order = await draft();
    await refused(checkoutOrder(deps(NOW), jane, details(order.id, { due_date: '2030-01-10', due_time: '10:30' }), 'key-late'), 409, SLOT_TAKEN_MESSAGE);
    expect(await checkedOut(order.id)).toBe(false);
    // The key was not used up by the refusal: the same key books another time.
    expect((await checkoutOrder(deps(NOW), jane, details(order.id, { due_date: '2030-01-10', due_time: '11:00' }), 'key-late')).message).toBe(CHECKOUT_MESSAGE);
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
