/**
 * Issue 13: idempotency keys, reset tokens and orphan payment sessions no longer grow forever. The
 * purge is a job the queue schedules (once across instances), never a setInterval.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PURGE_CRON } from '../../../server/jobs';
import { QUEUES } from '../../../server/queue';
import { purgeExpired } from '../../../server/services/purge';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const DAY = 86_400_000;

describe('the periodic purge', () => {
  it('deletes expired idempotency keys, used or expired reset tokens and orphan payment sessions, and keeps current ones', async () => {
    const now = new Date();
    const customer = await server.createCustomer();
    const { db } = server;
    const [order] = await db.query<{ id: number }>(
      `INSERT INTO orders (user_id, service_id, total, created_at) VALUES ($1, (SELECT min(id) FROM services), 10, $2) RETURNING id`,
      [customer.id, now],
    );
    await db.query(
      `INSERT INTO idempotency_keys (user_id, key, request_hash, response, created_at) VALUES
       ($1, 'old-key', 'h', '{}', $2), ($1, 'new-key', 'h', '{}', $3)`,
      [customer.id, new Date(now.getTime() - 2 * DAY), new Date(now.getTime() - 60_000)],
    );
    await db.query(
      `INSERT INTO password_reset_tokens (token_hash, user_id, expires_at, used_at) VALUES
       ('expired', $1, $2, NULL), ('used', $1, $3, $4), ('current', $1, $3, NULL)`,
      [customer.id, new Date(now.getTime() - 60_000), new Date(now.getTime() + 3_600_000), now],
    );
    await db.query(
      `INSERT INTO payment_sessions (id, order_id, amount, description, email, status, created_at) VALUES
       ('orphan-old', $1, 10, 'x', 'x@example.co.uk', 'open', $2),
       ('named-old', $1, 10, 'x', 'x@example.co.uk', 'open', $2),
       ('orphan-new', $1, 10, 'x', 'x@example.co.uk', 'open', $3)`,
      [order!.id, new Date(now.getTime() - 2 * DAY), now],
    );
    await db.query('UPDATE orders SET payment_ref = $2 WHERE id = $1', [order!.id, 'named-old']);

    const deleted = await purgeExpired(db, now);
    expect(deleted).toMatchObject({ idempotencyKeys: 1, passwordResetTokens: 2, orphanPaymentSessions: 1 });
    expect((await db.query<{ key: string }>('SELECT key FROM idempotency_keys WHERE user_id = $1', [customer.id])).map((row) => row.key)).toEqual(['new-key']);
    expect((await db.query<{ token_hash: string }>('SELECT token_hash FROM password_reset_tokens WHERE user_id = $1', [customer.id])).map((row) => row.token_hash)).toEqual(['current']);
    expect((await db.query<{ id: string }>('SELECT id FROM payment_sessions WHERE order_id = $1 ORDER BY id', [order!.id])).map((row) => row.id)).toEqual(['named-old', 'orphan-new']);
  });

  it('is scheduled on the job queue', async () => {
    const onPostgres = Boolean(process.env.DATABASE_URL);
    const rows = onPostgres
      ? await server.db.query<{ cron: string }>('SELECT cron FROM pgboss.schedule WHERE name = $1', [QUEUES.purge])
      : await server.db.query<{ cron: string }>('SELECT cron FROM local_schedules WHERE name = $1', [QUEUES.purge]);
    expect(rows).toEqual([{ cron: PURGE_CRON }]);
  });
});
