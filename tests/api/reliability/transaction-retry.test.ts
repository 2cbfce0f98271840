import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database';
import { openPostgres, TRANSACTION_ATTEMPTS } from '../../../server/db/postgres';
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-database';

/**
 * A deadlock (40P01) or serialization failure (40001) is PostgreSQL choosing a victim: the
 * transaction helper runs the victim again, so neither caller sees it (issue 24, row 2). Two
 * transactions lock two rows in opposite orders; promises, not pauses, make them meet.
 */
const runs = Boolean(process.env.DATABASE_URL);
let scratch: ScratchDatabase;
let db: Database;

describe.runIf(runs)('transactions PostgreSQL picks as victims (PostgreSQL)', () => {
  beforeAll(async () => {
    scratch = await createScratchDatabase(process.env.DATABASE_URL!, 'h1_retry');
    db = openPostgres(scratch.url, { max: 4 });
    await db.query('CREATE TABLE pair (id int PRIMARY KEY, touched int NOT NULL DEFAULT 0)');
    await db.query('INSERT INTO pair (id) VALUES (1), (2)');
  });
  afterAll(async () => {
    await db?.close();
    await scratch?.drop();
  });

  it('runs the deadlock victim again, so both transactions commit', async () => {
    let arrived = 0;
    let bothHoldTheirFirstRow!: () => void;
    const meeting = new Promise<void>((resolve) => (bothHoldTheirFirstRow = resolve));
    const attempts = { first: 0, second: 0 };
    const crossing = (name: 'first' | 'second', from: number, to: number) =>
      db.transaction(async (tx) => {
        attempts[name] += 1;
        await tx.query('UPDATE pair SET touched = touched + 1 WHERE id = $1', [from]);
        // Only the first attempts meet: the victim's second run finds the other one gone.
        if (attempts[name] === 1) {
          arrived += 1;
          if (arrived === 2) bothHoldTheirFirstRow();
          await meeting;
        }
        await tx.query('UPDATE pair SET touched = touched + 1 WHERE id = $1', [to]);
        return name;
      });
    const answers = await Promise.allSettled([crossing('first', 1, 2), crossing('second', 2, 1)]);
    expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'fulfilled']);
    // One of them was the victim and ran again (a victim's second run may meet the other once more
    // on a loaded machine); each committed exactly once.
    expect(attempts.first + attempts.second).toBeGreaterThanOrEqual(3);
    expect(await db.query('SELECT id, touched FROM pair ORDER BY id')).toEqual([{ id: 1, touched: 2 }, { id: 2, touched: 2 }]);
  });

  it('gives up after a bounded number of runs and lets the error through', async () => {
    let runsOfIt = 0;
    const failure = await db
      .transaction(async (tx) => {
        runsOfIt += 1;
        await tx.query("DO $$ BEGIN RAISE EXCEPTION 'always the victim' USING ERRCODE = '40001'; END $$");
      })
      .catch((error: unknown) => error as { code?: string });
    expect(failure).toMatchObject({ code: '40001' });
    expect(runsOfIt).toBe(TRANSACTION_ATTEMPTS);
  });

  it('does not run a transaction again for any other error', async () => {
    let runsOfIt = 0;
    await expect(
      db.transaction(async (tx) => {
        runsOfIt += 1;
        await tx.query('INSERT INTO pair (id) VALUES (1)');
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(runsOfIt).toBe(1);
  });
});
