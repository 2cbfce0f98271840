import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfficeBookingRequest } from '../../openapi/schema';
import type { AuthUser } from '../../server/app-context';
import type { Database } from '../../server/db/database';
import { bodyHash, KEY_USED_MESSAGE } from '../../server/lib/idempotency-key';
import { officeBookingKeysRepository } from '../../server/repositories/office-booking-keys';
import { BOOKING_IN_PROGRESS, createOfficeBooking } from '../../server/services/office-bookings';
import type { TestDatabase } from '../api/support/test-database';
import { serviceContext } from './support/context';
import { houseKeepingDatabase, seededUser } from './support/own-database';
import { refused } from './support/refused';

/**
 * Office bookings' Idempotency-Keys (decision 062) through the service, on a real seeded database:
 * a retry gets the booking it made; a key being used is "still being made" until its claim is ten
 * minutes old (a server that stopped mid-way), then taken over; a refused booking frees its key; the
 * same key with another body is refused; each member of staff has keys of their own.
 */
const NOW = new Date('2030-01-07T12:00:00.000Z');
const MINUTE = 60_000;

let testDb: TestDatabase;
let db: Database;
let admin: AuthUser;
let other: AuthUser;
let jane: AuthUser;
let serviceId: number;
let item: (name: string, quantity: number) => { id: number; quantity: number };
const { ctx, clock } = serviceContext(() => db, NOW);

beforeAll(async () => {
  ({ testDb, db, jane, serviceId, item } = await houseKeepingDatabase());
  admin = await seededUser(db, 'admin@sparkle.test');
  const [row] = await db.query<AuthUser>(
    `INSERT INTO users (name, email, password_hash, roles) VALUES ('Olive Office', 'olive@office.test', 'x', ARRAY['ROLE_ADMIN']) RETURNING id, name, email, roles`,
  );
  other = row!;
}, 60_000);

afterAll(async () => {
  await testDb?.dispose();
});

let day = 8;
/** Jane's one-hour job (two bedrooms, cash) on a day of its own in January 2030, at 10:00. */
function request(extra: Partial<OfficeBookingRequest> = {}): OfficeBookingRequest {
  day += 1;
  return {
    customer: { id: jane.id }, service: serviceId, items: [item('Bedroom', 2)], frequency: 'one_off', due_date: `2030-01-${String(day).padStart(2, '0')}`, due_time: '10:00',
    address: '12 Baker Street', phone: '020 7946 0001', city: 'London', code_postal: 'NW1 6XE', client_note: 'Booked by phone', payment: 'cash', ...extra,
  };
}
const janesOrders = async () => Number((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE user_id = $1 AND checked_out_at IS NOT NULL', [jane.id]))[0]!.n);
const keyRow = async (staff: AuthUser, key: string) =>
  (await db.query<{ created_at: Date; answered: boolean }>('SELECT created_at, response IS NOT NULL AS answered FROM office_booking_keys WHERE staff_id = $1 AND key = $2', [staff.id, key]))[0] ?? null;

describe('an Idempotency-Key on an office booking (decision 062)', () => {
  it('a retry answers the booking made, whatever the order of its fields; the same key with another body is refused', async () => {
    clock.now = NOW;
    const body = request();
    const before = await janesOrders();
    const first = await createOfficeBooking(ctx, admin, body, 'office-retry-1');
    expect(first).toMatchObject({ customer: jane.id, invited: false, payment: 'cash', total: 50 });
    expect(await keyRow(admin, 'office-retry-1')).toEqual({ created_at: NOW, answered: true });
    const reversed = Object.fromEntries(Object.entries(body).reverse()) as OfficeBookingRequest;
    expect(await createOfficeBooking(ctx, admin, reversed, 'office-retry-1')).toEqual(first);
    expect(await janesOrders()).toBe(before + 1);
    await refused(createOfficeBooking(ctx, admin, { ...body, client_note: 'Another' }, 'office-retry-1'), 422, KEY_USED_MESSAGE);
    // Even long after, an answered key is never taken over.
    clock.now = new Date(NOW.getTime() + 60 * MINUTE);
    expect(await createOfficeBooking(ctx, admin, body, 'office-retry-1')).toEqual(first);
    expect(await janesOrders()).toBe(before + 1);
    expect(KEY_USED_MESSAGE).toBe('This Idempotency-Key was used for another request');
  });

  it('a key still being made is refused until its claim is ten minutes old, then taken over', async () => {
    const keys = officeBookingKeysRepository(db);
    const body = request();
    const before = await janesOrders();
    // A server claimed the key and stopped before the booking stood.
    expect(await keys.claim({ staffId: admin.id, key: 'office-stalled-1', requestHash: bodyHash(body), at: NOW, staleBefore: new Date(NOW.getTime() - 10 * MINUTE) })).toBe(true);
    expect(await keys.find(admin.id, 'office-stalled-1')).toEqual({ request_hash: bodyHash(body), response: null });
    clock.now = new Date(NOW.getTime() + 10 * MINUTE);
    await refused(createOfficeBooking(ctx, admin, body, 'office-stalled-1'), 409, BOOKING_IN_PROGRESS);
    expect(BOOKING_IN_PROGRESS).toBe('This booking is still being made: wait for its answer');
    expect(await janesOrders()).toBe(before);
    // Another body on a stalled key is still that key's other request.
    await refused(createOfficeBooking(ctx, admin, { ...body, client_note: 'Another' }, 'office-stalled-1'), 422, KEY_USED_MESSAGE);

    clock.now = new Date(NOW.getTime() + 10 * MINUTE + 1);
    const made = await createOfficeBooking(ctx, admin, body, 'office-stalled-1');
    expect(await janesOrders()).toBe(before + 1);
    expect(await keyRow(admin, 'office-stalled-1')).toEqual({ created_at: clock.now, answered: true });
    expect(await createOfficeBooking(ctx, admin, body, 'office-stalled-1')).toEqual(made);
  });

  it('a stalled claim is taken over with the new request, whose body is then the key’s', async () => {
    const keys = officeBookingKeysRepository(db);
    const stale = new Date(NOW.getTime() - 10 * MINUTE);
    expect(await keys.claim({ staffId: admin.id, key: 'office-stalled-2', requestHash: 'first', at: new Date(stale.getTime() - 1), staleBefore: stale })).toBe(true);
    expect(await keys.claim({ staffId: admin.id, key: 'office-stalled-2', requestHash: 'second', at: NOW, staleBefore: stale })).toBe(true);
    expect(await keys.find(admin.id, 'office-stalled-2')).toEqual({ request_hash: 'second', response: null });
    expect(await keyRow(admin, 'office-stalled-2')).toEqual({ created_at: NOW, answered: false });
    expect(await keys.claim({ staffId: admin.id, key: 'office-stalled-2', requestHash: 'third', at: NOW, staleBefore: stale })).toBe(false);
    expect(await keys.find(admin.id, 'office-stalled-2')).toEqual({ request_hash: 'second', response: null });
    expect(await keys.find(other.id, 'office-stalled-2')).toBeNull();
    expect(await keys.find(admin.id, 'office-stalled-9')).toBeNull();
  });

  it('a refused booking frees its key, and only an unanswered key is released', async () => {
    clock.now = NOW;
    const before = await janesOrders();
    const far = request({ code_postal: 'M1 1AE', city: 'Manchester' });
    await refused(createOfficeBooking(ctx, admin, far, 'office-freed-1'), 400, "We don't cover M1 yet");
    expect(await keyRow(admin, 'office-freed-1')).toBeNull();
    await createOfficeBooking(ctx, admin, { ...far, code_postal: 'NW1 6XE', city: 'London' }, 'office-freed-1');
    expect(await janesOrders()).toBe(before + 1);
    await officeBookingKeysRepository(db).release(admin.id, 'office-freed-1');
    expect(await keyRow(admin, 'office-freed-1')).toEqual({ created_at: NOW, answered: true });
  });

  it("each member of staff has keys of their own: the same key is another booking, answered and released apart", async () => {
    clock.now = NOW;
    const [mine, theirs] = [request(), request()];
    const before = await janesOrders();
    const a = await createOfficeBooking(ctx, admin, mine, 'office-shared-1');
    const b = await createOfficeBooking(ctx, other, theirs, 'office-shared-1');
    expect(b.order).not.toBe(a.order);
    expect(await janesOrders()).toBe(before + 2);
    expect(await createOfficeBooking(ctx, admin, mine, 'office-shared-1')).toEqual(a);
    expect(await createOfficeBooking(ctx, other, theirs, 'office-shared-1')).toEqual(b);

    const keys = officeBookingKeysRepository(db);
    expect(await keys.claim({ staffId: admin.id, key: 'office-shared-2', requestHash: 'x', at: NOW, staleBefore: NOW })).toBe(true);
    expect(await keys.claim({ staffId: other.id, key: 'office-shared-2', requestHash: 'y', at: NOW, staleBefore: NOW })).toBe(true);
    await keys.answer(other.id, 'office-shared-2', { order: 1 });
    expect(await keys.find(admin.id, 'office-shared-2')).toEqual({ request_hash: 'x', response: null });
    expect(await keys.find(other.id, 'office-shared-2')).toEqual({ request_hash: 'y', response: { order: 1 } });
    await keys.claim({ staffId: other.id, key: 'office-shared-3', requestHash: 'z', at: NOW, staleBefore: NOW });
    await keys.claim({ staffId: admin.id, key: 'office-shared-3', requestHash: 'w', at: NOW, staleBefore: NOW });
    await keys.release(admin.id, 'office-shared-2');
    await keys.release(admin.id, 'office-shared-3');
    expect(await keys.find(admin.id, 'office-shared-2')).toBeNull();
    expect(await keys.find(admin.id, 'office-shared-3')).toBeNull();
    expect(await keys.find(other.id, 'office-shared-2')).toEqual({ request_hash: 'y', response: { order: 1 } });
    expect(await keys.find(other.id, 'office-shared-3')).toEqual({ request_hash: 'z', response: null });
  });
});
