import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../server/app-context';
import type { Database } from '../../server/db/database';
import { idempotencyKeyRepository } from '../../server/repositories/orders-idempotency-keys';
import { checkoutOrder } from '../../server/services/checkout';
import { createOrder } from '../../server/services/orders';
import type { TestDatabase } from '../api/support/test-database';
import { bookings } from './support/booking';
import { houseKeepingDatabase, newAccount } from './support/own-database';
import { refused } from './support/refused';

/**
 * A checkout's Idempotency-Key (decision 062's namespace per customer) on a real seeded PGlite: the
 * key is kept with the answer it gave, found again by that customer and that key only, so a
 * customer's second key is a new checkout and another customer's key of the same name is theirs.
 */
const NOW = new Date('2030-02-04T12:00:00.000Z');

let testDb: TestDatabase;
let db: Database;
let jane: AuthUser;
let ruth: AuthUser;
let serviceId: number;
let twoBedrooms: Array<{ id: number; quantity: number }>;
const { deps } = bookings(() => db, NOW);
let day = 11;

const draft = async (who: AuthUser) => (await createOrder(db, who, { service: serviceId, items: twoBedrooms }, NOW)).id;
const details = (order: number) => ({
  order, due_date: `2030-02-${String(day++).padStart(2, '0')}`, due_time: '10:00', address: '1 Test Street', phone: '020 7946 0000', city: 'London',
  code_postal: 'se22 8ab', client_note: '', payment: 'cash' as const,
});
const referenceOf = async (order: number) => Number((await db.query<{ reference: number }>('SELECT reference FROM orders WHERE id = $1', [order]))[0]!.reference);

beforeAll(async () => {
  ({ testDb, db, jane, serviceId, twoBedrooms } = await houseKeepingDatabase());
  const account = await newAccount(db, 'ruth@keys.test', 'a-long-enough-password', 'Ruth Keys');
  ruth = { id: account.id, name: 'Ruth Keys', email: account.email, roles: ['ROLE_USER'] };
}, 60_000);

afterAll(async () => {
  await testDb?.dispose();
});

describe("a checkout's Idempotency-Key", () => {
  it("is kept with the answer it gave, for that customer and key only", async () => {
    const first = await draft(jane);
    const request = details(first);
    const answer = await checkoutOrder(deps(), jane, request, 'jane-key-1');
    expect(answer).toEqual({ message: expect.any(String), payment: 'cash', reference: await referenceOf(first) });
    const keys = idempotencyKeyRepository(db);
    expect(await keys.find(jane.id, 'jane-key-1')).toEqual({ request_hash: expect.stringMatching(/^[0-9a-f]{64}$/), response: answer });
    expect(await keys.find(jane.id, 'jane-key-2')).toBeNull();
    expect(await keys.find(ruth.id, 'jane-key-1')).toBeNull();
    expect(await checkoutOrder(deps(), jane, request, 'jane-key-1')).toEqual(answer);

    // Jane's second key is a checkout of its own.
    const second = await draft(jane);
    expect(await checkoutOrder(deps(), jane, details(second), 'jane-key-2')).toEqual({ message: answer.message, payment: 'cash', reference: await referenceOf(second) });
    // Ruth's key of the same name is hers: neither Jane's answer nor "used for another request".
    const hers = await draft(ruth);
    expect(await checkoutOrder(deps(), ruth, details(hers), 'jane-key-1')).toEqual({ message: answer.message, payment: 'cash', reference: await referenceOf(hers) });
    await refused(checkoutOrder(deps(), ruth, details(hers), 'jane-key-1'), 422, 'This Idempotency-Key was used for another request');
  });

  it('is claimed once per customer and key', async () => {
    const keys = idempotencyKeyRepository(db);
    const claim = (userId: number, key: string, response: unknown) => keys.claim({ userId, key, requestHash: `hash-${response}`, response: { kept: response }, at: NOW });
    expect(await claim(jane.id, 'claimed', 'a')).toBe(true);
    expect(await claim(jane.id, 'claimed', 'b')).toBe(false);
    expect(await claim(ruth.id, 'claimed', 'c')).toBe(true);
    expect(await keys.find(jane.id, 'claimed')).toEqual({ request_hash: 'hash-a', response: { kept: 'a' } });
    expect(await keys.find(ruth.id, 'claimed')).toEqual({ request_hash: 'hash-c', response: { kept: 'c' } });
  });
});
