import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database';
import { kysely } from '../../server/db/kysely';
import type { TestDatabase } from '../api/support/test-database';
import { countingDatabase } from './support/counting-database';
import { ownDatabase } from './support/own-database';

/**
 * The typed query builder (issue 35, decision 099): kysely(db) sends its statements through the
 * database seam, so a transaction's handle keeps them in the transaction (on PGlite's one handle
 * and on a pooled PostgreSQL client), the statement counts see them, and rows come back as the
 * generated schema (server/db/schema.d.ts) types them.
 */
let testDb: TestDatabase;
let db: Database;

beforeAll(async () => {
  testDb = await ownDatabase();
  db = testDb.db;
}, 60_000);

afterAll(async () => {
  await testDb?.dispose();
});

const closed = async (day: string) =>
  (await kysely(db).selectFrom('closures').select('reason').where('day', '=', sql<Date>`${day}::date`).execute()).map((row) => row.reason);

describe('kysely(db)', () => {
  it("runs inside db.transaction on the transaction's handle: seen there, gone after a rollback", async () => {
    const seenInside = await db
      .transaction(async (tx) => {
        await kysely(tx).insertInto('closures').values({ day: sql<Date>`'2031-12-25'::date`, reason: 'Christmas' }).execute();
        const inside = await kysely(tx).selectFrom('closures').select('reason').where('day', '=', sql<Date>`'2031-12-25'::date`).execute();
        throw Object.assign(new Error('roll back'), { inside });
      })
      .catch((error: { inside?: unknown }) => error.inside);
    expect(seenInside).toEqual([{ reason: 'Christmas' }]);
    expect(await closed('2031-12-25')).toEqual([]);
  });

  it('is counted as the statements of the handle it runs on', async () => {
    const counted = countingDatabase(db);
    await counted.db.transaction((tx) => kysely(tx).selectFrom('service_districts').select('district').limit(1).execute());
    expect(counted.statements).toEqual(['BEGIN', 'select "district" from "service_districts" limit $1', 'COMMIT']);
  });

  it("refuses Kysely's own transaction, which would bypass the seam's", async () => {
    await expect(kysely(db).transaction().execute(async () => 1)).rejects.toThrow(/db\.transaction/);
  });

  it('answers numeric as a number and timestamptz as a Date, as the schema types them', async () => {
    const frequency = await kysely(db).selectFrom('frequencies').select(['discount_percent']).limit(1).executeTakeFirstOrThrow();
    const message = await kysely(db)
      .insertInto('contact_messages')
      .values({ name: 'Typed Person', email: 'typed@example.com', message: 'Hello', created_at: new Date('2030-01-07T12:00:00Z') })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
    expect(typeof frequency.discount_percent).toBe('number');
    expect(typeof message.id).toBe('number');
    expect(message.created_at).toEqual(new Date('2030-01-07T12:00:00Z'));
  });
});
