import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../server/app-context';
import type { Database } from '../../server/db/database';
import type { Mail } from '../../server/queue/mail';
import { savedCardRepository, type SavedCard } from '../../server/repositories/saved-cards';
import { checkoutOrder, type CheckoutDeps } from '../../server/services/checkout';
import { createOrder } from '../../server/services/orders';
import type { PaymentNotification, PaymentProvider, PaymentRequest, SavedCardCharge } from '../../server/services/payment-provider';
import { confirmPayment, payOrder } from '../../server/services/payments';
import { createQuote } from '../../server/services/quotes';
import { CARD_REMOVAL_FAILED_MESSAGE, chargeSavedCard, removeSeriesCard } from '../../server/services/saved-cards';
import { cancelSeries, listMySeries } from '../../server/services/series';
import { createTestPaymentProvider } from '../../server/services/test-payment-provider';
import type { TestDatabase } from '../api/support/test-database';
import { houseKeepingDatabase, newAccount } from './support/own-database';
import { refused } from './support/refused';

/**
 * A series' saved card (decision 038) on a real seeded PGlite: the first visit's payment asks the
 * provider to save the card only where the customer consented, the card the provider saved is kept
 * on that series only, a later visit is charged with it (the order's own series' card, never
 * another's), and "Remove saved card" detaches it at the provider and forgets it with the consent.
 * The provider is the built-in test provider with the saved-card calls a real one adds, answering
 * as data; its signed notification is given as the provider's verified answer.
 */
const NOW = new Date('2030-03-01T12:00:00.000Z');
const SIGNED = 'verified-by-the-provider';

let testDb: TestDatabase;
let db: Database;
let serviceId: number;
let bedroom: number;
const mails: Mail[] = [];
const outbox = { add: async (_tx: Database, mail: Mail) => void mails.push(mail), site: { publicUrl: 'http://localhost:3000', vatNumber: 'GB 123 4567 89' } };
const created: PaymentRequest[] = [];
const charges: SavedCardCharge[] = [];
const removed: SavedCard[] = [];
/** The cards the provider saved, by the reference its notification names. */
const saved = new Map<string, SavedCard>();
let removalFails = false;

function provider(): PaymentProvider {
  const test = createTestPaymentProvider({ db, secret: 'saved-cards-secret', now: () => NOW });
  return {
    ...test,
    async createPayment(request) {
      created.push(request);
      return test.createPayment(request);
    },
    verifyNotification(incoming) {
      return incoming.headers['x-verified'] === SIGNED ? (JSON.parse(incoming.body) as PaymentNotification) : null;
    },
    async savedCardOf(from) {
      return saved.get(from) ?? null;
    },
    async chargeSavedCard(charge) {
      charges.push(charge);
      return { status: 'paid', paymentId: `pi_${charges.length}`, amountPence: charge.amountPence };
    },
    async removeSavedCard(card) {
      if (removalFails) throw new Error('The provider could not be reached');
      removed.push(card);
    },
  };
}
const deps = (): CheckoutDeps => ({ db, payments: provider(), outbox, now: NOW });

let customerNumber = 0;
/** A new customer's booking from `date` 10:00 (UK) paid by card, weekly unless `once`; with or without consent to save the card. */
async function byCard(date: string, options: { consent: boolean; once?: boolean }) {
  const account = await newAccount(db, `card-${++customerNumber}@example.test`, 'a-long-enough-password', `Card Customer ${customerNumber}`);
  const customer: AuthUser = { id: account.id, name: `Card Customer ${customerNumber}`, email: account.email, roles: ['ROLE_USER'] };
  const items = [{ id: bedroom, quantity: 1 }];
  const quote = options.once ? undefined : (await createQuote(db, { service: serviceId, items, frequency: 'weekly' }, NOW)).id;
  const order = await createOrder(db, customer, { service: serviceId, items, ...(quote ? { quote } : {}) }, NOW);
  await checkoutOrder(deps(), customer, {
    order: order.id, due_date: date, due_time: '10:00', address: '1 Test Street', phone: '020 7946 0000', city: 'London',
    code_postal: 'se22 8ab', client_note: '', payment: 'card', ...(options.consent ? { save_card: true } : {}),
  }, undefined);
  const visits = await db.query<{ id: number; series_id: number | null; reference: number }>(
    'SELECT id, series_id, reference FROM orders WHERE user_id = $1 ORDER BY due_at', [customer.id]);
  return { customer, first: order.id, seriesId: visits[0]!.series_id === null ? null : Number(visits[0]!.series_id), visits: visits.map((visit) => ({ id: Number(visit.id), reference: visit.reference })) };
}

/** The provider's verified notification that the order's first payment succeeded, having saved the card `from`. */
async function paid(orderId: number, from: string) {
  const [order] = await db.query<{ payment_ref: string; total: number }>('SELECT payment_ref, total::integer AS total FROM orders WHERE id = $1', [orderId]);
  const notification: PaymentNotification = { type: 'payment.succeeded', paymentId: order!.payment_ref, orderId, amount: Number(order!.total) / 100, savedCardFrom: from };
  return confirmPayment({ ...deps() }, { headers: { 'x-verified': SIGNED }, body: JSON.stringify(notification) });
}

const cardOf = async (seriesId: number) =>
  (await db.query<{ card_customer: string | null; card_payment_method: string | null; card_saved_at: Date | null; consented: boolean }>(
    'SELECT card_customer, card_payment_method, card_saved_at, card_consent_at IS NOT NULL AS consented FROM booking_series WHERE id = $1', [seriesId]))[0]!;

beforeAll(async () => {
  ({ testDb, db, serviceId } = await houseKeepingDatabase());
  const [row] = await db.query<{ id: number }>(`SELECT id FROM service_items WHERE service_id = $1 AND name = 'Bedroom'`, [serviceId]);
  bedroom = Number(row!.id);
}, 60_000);

afterAll(async () => {
  await testDb?.dispose();
});

describe('a saved card', () => {
  it("is asked for only on the first visit of a series whose customer consented, and kept on that series only", async () => {
    const ann = await byCard('2030-03-11', { consent: true });
    const bob = await byCard('2030-03-12', { consent: false });
    const cat = await byCard('2030-03-13', { consent: false, once: true });
    const firstRequests = (id: number) => created.filter((request) => request.orderId === id).map((request) => request.saveCard ?? false);
    expect([firstRequests(ann.first), firstRequests(bob.first), firstRequests(cat.first)]).toEqual([[true], [false], [false]]);
    const cards = savedCardRepository(db);
    expect([await cards.wantedFor(ann.first), await cards.wantedFor(bob.first), await cards.wantedFor(ann.visits[1]!.id)]).toEqual([true, false, false]);
    // A later visit paid now (Pay now) does not save a card.
    await payOrder(deps(), ann.customer, ann.visits[1]!.id);
    expect(firstRequests(ann.visits[1]!.id)).toEqual([false]);

    saved.set('seti_ann', { customer: 'cus_ann', paymentMethod: 'pm_ann' });
    saved.set('seti_bob', { customer: 'cus_bob', paymentMethod: 'pm_bob' });
    await paid(ann.first, 'seti_ann');
    await paid(bob.first, 'seti_bob');
    expect(await cardOf(ann.seriesId!)).toEqual({ card_customer: 'cus_ann', card_payment_method: 'pm_ann', card_saved_at: NOW, consented: true });
    // Bob did not consent: the card the provider saved is not kept.
    expect(await cardOf(bob.seriesId!)).toEqual({ card_customer: null, card_payment_method: null, card_saved_at: null, consented: false });
    expect(await cards.save(bob.first, { customer: 'cus_bob', paymentMethod: 'pm_bob' }, NOW)).toBe(false);
    expect((await listMySeries(db, ann.customer, NOW))[0]!.savedCard).toBe(true);
    expect((await listMySeries(db, bob.customer, NOW))[0]!.savedCard).toBe(false);
    // A card is saved once: the first visit no longer asks for one.
    expect(await cards.wantedFor(ann.first)).toBe(false);
  });

  it("charges a later visit with its own series' card, named by the order's number; no card, no charge", async () => {
    const dee = await byCard('2030-03-14', { consent: true });
    const eve = await byCard('2030-03-15', { consent: true });
    const fay = await byCard('2030-03-16', { consent: false });
    saved.set('seti_dee', { customer: 'cus_dee', paymentMethod: 'pm_dee' });
    saved.set('seti_eve', { customer: 'cus_eve', paymentMethod: 'pm_eve' });
    await paid(dee.first, 'seti_dee');
    await paid(eve.first, 'seti_eve');
    const visit = eve.visits[2]!;
    const before = charges.length;
    expect(await chargeSavedCard({ db, payments: provider() }, visit.id, 2125, 'visit')).toEqual({ status: 'paid', paymentId: `pi_${before + 1}`, amountPence: 2125 });
    expect(charges.slice(before)).toEqual([{
      card: { customer: 'cus_eve', paymentMethod: 'pm_eve' }, amountPence: 2125, description: `Order #${visit.reference}: visit`,
      metadata: { order_id: String(visit.id), reason: 'visit' }, idempotencyKey: `visit-order-${visit.id}-2125`,
    }]);
    expect(await savedCardRepository(db).forOrder(dee.visits[1]!.id)).toEqual({ card: { customer: 'cus_dee', paymentMethod: 'pm_dee' }, reference: dee.visits[1]!.reference });
    expect(await chargeSavedCard({ db, payments: provider() }, fay.visits[1]!.id, 2125, 'visit')).toEqual({ status: 'no_card' });
    expect(await savedCardRepository(db).forOrder(fay.visits[1]!.id)).toBeNull();
    expect(charges.length).toBe(before + 1);
  });

  it('is removed by its customer: detached at the provider first, then forgotten with the consent; that series only', async () => {
    const gil = await byCard('2030-03-18', { consent: true });
    const hal = await byCard('2030-03-19', { consent: true });
    saved.set('seti_gil', { customer: 'cus_gil', paymentMethod: 'pm_gil' });
    saved.set('seti_hal', { customer: 'cus_hal', paymentMethod: 'pm_hal' });
    await paid(gil.first, 'seti_gil');
    await paid(hal.first, 'seti_hal');
    const cards = savedCardRepository(db);
    expect(await cards.ofSeries(gil.seriesId!, gil.customer.id)).toEqual({ card: { customer: 'cus_gil', paymentMethod: 'pm_gil' } });
    // Not Hal's series.
    expect(await cards.ofSeries(gil.seriesId!, hal.customer.id)).toBeNull();
    await refused(removeSeriesCard({ db, payments: provider() }, hal.customer, gil.seriesId!), 404, 'Series not found');

    // The provider cannot be reached: nothing is forgotten.
    removalFails = true;
    await refused(removeSeriesCard({ db, payments: provider() }, gil.customer, gil.seriesId!), 502, CARD_REMOVAL_FAILED_MESSAGE);
    removalFails = false;
    expect(await cardOf(gil.seriesId!)).toMatchObject({ card_customer: 'cus_gil', card_payment_method: 'pm_gil', consented: true });

    const before = removed.length;
    await removeSeriesCard({ db, payments: provider() }, gil.customer, gil.seriesId!);
    expect(removed.slice(before)).toEqual([{ customer: 'cus_gil', paymentMethod: 'pm_gil' }]);
    expect(await cardOf(gil.seriesId!)).toEqual({ card_customer: null, card_payment_method: null, card_saved_at: null, consented: false });
    expect(await cardOf(hal.seriesId!)).toEqual({ card_customer: 'cus_hal', card_payment_method: 'pm_hal', card_saved_at: NOW, consented: true });
    expect(await cards.ofSeries(gil.seriesId!, gil.customer.id)).toEqual({ card: null });
    expect(await chargeSavedCard({ db, payments: provider() }, gil.visits[1]!.id, 2125, 'visit')).toEqual({ status: 'no_card' });
    // Removed again: quietly, nothing asked of the provider.
    await removeSeriesCard({ db, payments: provider() }, gil.customer, gil.seriesId!);
    expect(removed.length).toBe(before + 1);
  });

  it('is not saved for a series that ended before its first visit was paid', async () => {
    const ivy = await byCard('2030-03-20', { consent: true });
    expect(await savedCardRepository(db).wantedFor(ivy.first)).toBe(true);
    await cancelSeries(db, outbox, ivy.customer, ivy.seriesId!, NOW);
    expect(await savedCardRepository(db).wantedFor(ivy.first)).toBe(false);
    expect(await savedCardRepository(db).save(ivy.first, { customer: 'cus_ivy', paymentMethod: 'pm_ivy' }, NOW)).toBe(false);
    expect(await cardOf(ivy.seriesId!)).toMatchObject({ card_customer: null, card_payment_method: null });
  });
});
