import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../server/app-context';
import type { Database } from '../../server/db/database';
import { expiredRowsRepository } from '../../server/repositories/expired-rows';
import { purgeExpired } from '../../server/services/purge';
import type { TestDatabase } from '../api/support/test-database';
import { bookings } from './support/booking';
import { houseKeepingDatabase, seededUser } from './support/own-database';

/**
 * The periodic purge (services/purge.ts on repositories/expired-rows.ts, issue 13) run with a fixed
 * `now`: each kind of row goes exactly when it has expired (idempotency keys and orphan card sessions
 * a day on, reset and confirmation tokens once expired or used, the local queue's finished jobs a
 * week on) and every row still of use stays, to the second.
 */
const NOW = new Date('2030-03-01T12:00:00.000Z');
const DAY = 86_400_000;
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const ahead = (ms: number) => new Date(NOW.getTime() + ms);

let testDb: TestDatabase;
let db: Database;
let jane: AuthUser;
let admin: AuthUser;
let serviceId: number;
let twoBedrooms: Array<{ id: number; quantity: number }>;
const { book } = bookings(() => db, new Date('2030-02-01T09:00:00.000Z'));

const column = async <T>(query: string, params: unknown[] = []) => (await db.query<{ v: T }>(query, params)).map((row) => row.v);

beforeAll(async () => {
  ({ testDb, db, jane, serviceId, twoBedrooms } = await houseKeepingDatabase());
  admin = await seededUser(db, 'admin@sparkle.test');
  // What the seed left to purge (its rows are years older than NOW) goes first: the counts below are this file's rows.
  await purgeExpired(db, NOW);
}, 60_000);

afterAll(async () => {
  await testDb?.dispose();
});

describe('the periodic purge', () => {
  it('deletes each kind of expired row, counts them, and keeps those still of use', async () => {
    await db.query(
      `INSERT INTO idempotency_keys (user_id, key, request_hash, response, created_at) VALUES
       ($1, 'two-days', 'h', '{}', $2), ($1, 'a-day-and-a-second', 'h', '{}', $3), ($1, 'exactly-a-day', 'h', '{}', $4), ($1, 'a-minute', 'h', '{}', $5)`,
      [jane.id, ago(2 * DAY), ago(DAY + 1000), ago(DAY), ago(60_000)],
    );
    await db.query(
      `INSERT INTO office_booking_keys (staff_id, key, request_hash, response, created_at) VALUES
       ($1, 'office-old', 'h', NULL, $2), ($1, 'office-exactly-a-day', 'h', NULL, $3), ($1, 'office-new', 'h', '{}', $4)`,
      [admin.id, ago(DAY + 1000), ago(DAY), ago(3_600_000)],
    );
    await db.query(
      `INSERT INTO password_reset_tokens (token_hash, user_id, expires_at, used_at) VALUES
       ('reset-expired', $1, $2, NULL), ('reset-used', $1, $3, $4), ('reset-expires-now', $1, $5, NULL), ('reset-current', $1, $3, NULL)`,
      [jane.id, ago(1000), ahead(3_600_000), ago(60_000), NOW],
    );
    await db.query(
      `INSERT INTO email_confirmations (token_hash, user_id, email, name, password_hash, expires_at, used_at) VALUES
       ('confirm-expired', NULL, 'new@example.co.uk', 'New Person', 'hash', $1, NULL),
       ('confirm-used', $2, 'jane.new@example.co.uk', NULL, NULL, $3, $4),
       ('confirm-expires-now', NULL, 'later@example.co.uk', 'Later Person', 'hash', $5, NULL),
       ('confirm-current', $2, 'jane.other@example.co.uk', NULL, NULL, $3, NULL)`,
      [ago(1000), jane.id, ahead(DAY), ago(60_000), NOW],
    );
    await db.query(
      `INSERT INTO local_jobs (name, state, completed_on) VALUES
       ('completed-8-days', 'completed', $1), ('failed-8-days', 'failed', $1), ('completed-exactly-7-days', 'completed', $2),
       ('completed-6-days', 'completed', $3), ('created-long-ago', 'created', $1), ('retry-long-ago', 'retry', $1), ('active-long-ago', 'active', $1)`,
      [ago(8 * DAY), ago(7 * DAY), ago(6 * DAY)],
    );

    expect(await purgeExpired(db, NOW)).toEqual({
      idempotencyKeys: 2, officeBookingKeys: 1, passwordResetTokens: 2, emailConfirmations: 2, orphanPaymentSessions: 0, drafts: 0, quotes: 0, finishedLocalJobs: 2,
    });
    expect(await column<string>('SELECT key AS v FROM idempotency_keys WHERE user_id = $1 ORDER BY key', [jane.id])).toEqual(['a-minute', 'exactly-a-day']);
    expect(await column<string>('SELECT key AS v FROM office_booking_keys WHERE staff_id = $1 ORDER BY key', [admin.id])).toEqual(['office-exactly-a-day', 'office-new']);
    expect(await column<string>('SELECT token_hash AS v FROM password_reset_tokens ORDER BY token_hash')).toEqual(['reset-current', 'reset-expires-now']);
    expect(await column<string>('SELECT token_hash AS v FROM email_confirmations ORDER BY token_hash')).toEqual(['confirm-current', 'confirm-expires-now']);
    expect(await column<string>('SELECT name AS v FROM local_jobs ORDER BY name')).toEqual(['active-long-ago', 'completed-6-days', 'completed-exactly-7-days', 'created-long-ago', 'retry-long-ago']);

    // Nothing more has expired a second run on.
    expect(Object.values(await purgeExpired(db, NOW)).every((n) => n === 0)).toBe(true);
  });

  it("deletes a card session nobody paid a day on, unless its own order names it", async () => {
    const [order, other] = [
      await book(jane, serviceId, twoBedrooms, { date: '2030-02-11', time: '10:00', now: new Date('2030-02-01T09:00:00.000Z') }),
      await book(jane, serviceId, twoBedrooms, { date: '2030-02-12', time: '10:00', now: new Date('2030-02-01T09:00:00.000Z') }),
    ];
    const session = (id: string, orderId: number, status: 'open' | 'paid', createdAt: Date) =>
      db.query(`INSERT INTO payment_sessions (id, order_id, amount, description, email, status, created_at) VALUES ($1, $2, 50, 'House Keeping', $3, $4, $5)`, [id, orderId, jane.email, status, createdAt]);
    await session('orphan-old', order, 'open', ago(2 * DAY));
    await session('named-old', order, 'open', ago(2 * DAY));
    await session('paid-old', order, 'paid', ago(2 * DAY));
    await session('orphan-exactly-a-day', order, 'open', ago(DAY));
    await session('orphan-new', order, 'open', ago(60_000));
    // Named by another order than its own: still an orphan of its order.
    await session('named-elsewhere', order, 'open', ago(2 * DAY));
    await db.query('UPDATE orders SET payment_ref = $2 WHERE id = $1', [order, 'named-old']);
    await db.query('UPDATE orders SET payment_ref = $2 WHERE id = $1', [other, 'named-elsewhere']);

    expect(await expiredRowsRepository(db).orphanPaymentSessions(ago(DAY))).toBe(2);
    expect(await column<string>('SELECT id AS v FROM payment_sessions WHERE order_id = $1 ORDER BY id', [order])).toEqual(['named-old', 'orphan-exactly-a-day', 'orphan-new', 'paid-old']);
    expect((await purgeExpired(db, NOW)).orphanPaymentSessions).toBe(0);
    expect((await purgeExpired(db, ahead(DAY))).orphanPaymentSessions).toBe(2);
    expect(await column<string>('SELECT id AS v FROM payment_sessions WHERE order_id = $1 ORDER BY id', [order])).toEqual(['named-old', 'paid-old']);
  });
});
