import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfficeBookingRequest } from '../../openapi/schema';
import type { AuthUser } from '../../server/app-context';
import type { Database } from '../../server/db/database';
import { INVITED_PASSWORD_HASH } from '../../server/repositories/cleaners';
import { officeCustomersRepository } from '../../server/repositories/office-customers';
import { CUSTOMER_EMAIL_TAKEN, CUSTOMER_NOT_FOUND, createOfficeBooking } from '../../server/services/office-bookings';
import { eraseCustomer } from '../../server/services/personal-data';
import type { TestDatabase } from '../api/support/test-database';
import { serviceContext } from './support/context';
import { houseKeepingDatabase, newAccount, seededUser } from './support/own-database';
import { refused } from './support/refused';

/**
 * Office bookings (decision 047) on a real seeded PGlite: staff book a phone caller who is an
 * existing customer (a customer's account only: not staff, not a cleaner, not erased) or a new one
 * (an invited account, its address unique whatever its case); a booking that cannot be placed
 * leaves nothing behind: neither its draft nor the account made for it, and never anything else.
 */
const NOW = new Date('2030-04-01T09:00:00.000Z');

let testDb: TestDatabase;
let db: Database;
let admin: AuthUser;
let jane: AuthUser;
let serviceId: number;
let item: (name: string, quantity: number) => { id: number; quantity: number };
const { ctx, mails } = serviceContext(() => db, NOW);
let day = 7;

/** A one-off cash booking of two bedrooms at 10:00 on a day of its own in April 2030, for `customer`. */
const request = (customer: OfficeBookingRequest['customer'], extra: Partial<OfficeBookingRequest> = {}): OfficeBookingRequest => ({
  customer, service: serviceId, items: [item('Bedroom', 2)], frequency: 'one_off', due_date: `2030-04-${String(day++).padStart(2, '0')}`, due_time: '10:00',
  address: '12 Baker Street', phone: '020 7946 0001', city: 'London', code_postal: 'NW1 6XE', client_note: 'Booked by phone', payment: 'cash', ...extra,
});
const account = async (email: string) =>
  (await db.query<{ id: number; name: string; email: string; password_hash: string; roles: string[] }>('SELECT id, name, email, password_hash, roles FROM users WHERE lower(email) = lower($1)', [email]))[0];
const ordersOf = async (userId: number) =>
  (await db.query<{ id: number; placed: boolean }>('SELECT id, checked_out_at IS NOT NULL AS placed FROM orders WHERE user_id = $1 ORDER BY id', [userId])).map((row) => ({ id: Number(row.id), placed: row.placed }));

beforeAll(async () => {
  let service;
  ({ testDb, db, jane, serviceId, service } = await houseKeepingDatabase());
  item = (name, quantity) => ({ id: service.items.get(name)!, quantity });
  admin = await seededUser(db, 'admin@sparkle.test');
}, 60_000);

afterAll(async () => {
  await testDb?.dispose();
});

describe('staff book a phone caller', () => {
  it('a new caller gets an invited customer account, its address as typed less the spaces around it', async () => {
    const booked = await createOfficeBooking(ctx, admin, request({ name: 'Nora New', email: '  Nora.New@Example.test ' }));
    const created = await account('nora.new@example.test');
    expect(created).toEqual({ id: booked.customer, name: 'Nora New', email: 'Nora.New@Example.test', password_hash: INVITED_PASSWORD_HASH, roles: ['ROLE_USER'] });
    expect(booked).toMatchObject({ invited: true, payment: 'cash' });
    expect(await ordersOf(booked.customer)).toEqual([{ id: booked.order, placed: true }]);
    expect(mails.some(({ mail }) => mail.to === 'Nora.New@Example.test')).toBe(true);
    // The address is hers now, whatever its case.
    await refused(createOfficeBooking(ctx, admin, request({ name: 'Nora Again', email: 'NORA.NEW@example.test' })), 409, CUSTOMER_EMAIL_TAKEN);
    expect(await officeCustomersRepository(db).createInvited('Nora Again', 'nora.new@EXAMPLE.test')).toBeNull();
  });

  it("an existing customer is booked as found, with no new account; staff, cleaners, erased and unknown accounts are not customers", async () => {
    const before = (await db.query<{ n: number }>('SELECT count(*)::integer AS n FROM users'))[0]!.n;
    const booked = await createOfficeBooking(ctx, admin, request({ id: jane.id }));
    expect(booked).toMatchObject({ customer: jane.id, invited: false });
    expect((await db.query<{ n: number }>('SELECT count(*)::integer AS n FROM users'))[0]!.n).toBe(before);
    expect(await officeCustomersRepository(db).findBookable(jane.id)).toEqual({ id: jane.id, name: jane.name, email: jane.email, roles: ['ROLE_USER'] });

    const cleaner = await newAccount(db, 'cleaner@office.test', 'a-long-enough-password', 'Cleo Cleaner');
    await db.query(`UPDATE users SET roles = ARRAY['ROLE_USER', 'ROLE_CLEANER'] WHERE id = $1`, [cleaner.id]);
    const erased = await newAccount(db, 'erased@office.test', 'a-long-enough-password', 'Eric Erased');
    await eraseCustomer(db, undefined, erased.id, NOW);
    for (const id of [admin.id, cleaner.id, erased.id, 987_654]) {
      await refused(createOfficeBooking(ctx, admin, request({ id })), 404, CUSTOMER_NOT_FOUND);
      expect(await officeCustomersRepository(db).findBookable(id)).toBeNull();
    }
  });

  it('a booking that cannot be placed leaves neither its draft nor the account made for it', async () => {
    // 1 April 2030 is today: inside the booking notice, so the checkout refuses it after the draft was made.
    const tooSoon = { due_date: '2030-04-01', due_time: '15:00' };
    const NOTICE = "Online bookings need 24 hours' notice: please choose 2030-04-02 10:00 (UK time) or later";
    const janeOrders = await ordersOf(jane.id);
    await refused(createOfficeBooking(ctx, admin, request({ name: 'Tess Toosoon', email: 'tess@office.test' }, tooSoon)), 400, NOTICE);
    expect(await account('tess@office.test')).toBeUndefined();
    await refused(createOfficeBooking(ctx, admin, request({ id: jane.id }, tooSoon)), 400, NOTICE);
    expect(await ordersOf(jane.id)).toEqual(janeOrders);
    expect(await account(jane.email)).toMatchObject({ id: jane.id });
  });

  it('undoing takes away only a draft and only an invited account', async () => {
    const customers = officeCustomersRepository(db);
    const placed = (await ordersOf(jane.id)).find((order) => order.placed)!;
    // A placed order and an account with a password stay, whatever is asked.
    await customers.undo(placed.id, jane.id);
    expect(await ordersOf(jane.id)).toContainEqual(placed);
    expect(await account(jane.email)).toMatchObject({ id: jane.id });
    // An invited account without orders goes; another invited one stays.
    const first = (await customers.createInvited('Ivy Invited', 'ivy@office.test'))!;
    const second = (await customers.createInvited('Ian Invited', 'ian@office.test'))!;
    expect(first).toEqual({ id: first.id, name: 'Ivy Invited', email: 'ivy@office.test', roles: ['ROLE_USER'] });
    await customers.undo(null, first.id);
    expect([await account('ivy@office.test'), (await account('ian@office.test'))?.id]).toEqual([undefined, second.id]);
  });
});
