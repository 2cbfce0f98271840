import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../server/app-context';
import type { Database } from '../../server/db/database';
import { checkoutOrder } from '../../server/services/checkout';
import { createOrder } from '../../server/services/orders';
import { londonLocalToInstant } from '../../domain/time/london-time';
import { availabilityRepository } from '../../server/repositories/availability-repository';
import type { TestDatabase } from '../api/support/test-database';
import { bookings } from './support/booking';
import { houseKeepingDatabase, newAccount } from './support/own-database';

/**
 * Decision 132 (migration 087): a claim takes the first of the teams its read found free whose times
 * it can lock and whose jobs near the job are still the read's. A read that missed a job claimed
 * and committed after it (its team's times were free to lock by then) must not give that team
 * twice: the claim passes it by, and with no candidate left it fails so the transaction runs again.
 * PostgreSQL only: PGlite has one connection, where no claim commits between another's read and claim.
 */
const NOW = new Date('2030-03-04T12:00:00.000Z');
const DAY = '2030-03-14';
const START = londonLocalToInstant(DAY, '10:00');

let testDb: TestDatabase;
let db: Database;
let jane: AuthUser;
let other: AuthUser;
let serviceId: number;
let twoBedrooms: Array<{ id: number; quantity: number }>;
let teams: number[];
const { deps } = bookings(() => db, NOW);

beforeAll(async () => {
  ({ testDb, db, jane, serviceId, twoBedrooms } = await houseKeepingDatabase());
  const account = await newAccount(db, 'claim-other@sparkle.test', 'a long enough password');
  other = { id: account.id, name: 'Other Customer', email: account.email, roles: ['ROLE_USER'] } as AuthUser;
  teams = (await db.query<{ id: number }>('SELECT id FROM teams ORDER BY position, id')).map((row) => row.id);
}, 60_000);
afterAll(async () => testDb?.dispose());

/** Jane's checkout at `time`, committed; answers the team it took. */
async function bookedBy(customer: AuthUser, time: string): Promise<number> {
  const draft = await createOrder(db, customer, { service: serviceId, items: twoBedrooms }, NOW);
  await checkoutOrder(deps(NOW), customer, {
    order: draft.id, due_date: DAY, due_time: time, address: '1 Test Street', phone: '020 7946 0000', city: 'London',
    code_postal: 'SE22 8AB', client_note: '', payment: 'cash',
  }, undefined);
  return (await db.query<{ team_id: number }>('SELECT team_id FROM orders WHERE id = $1', [draft.id]))[0]!.team_id;
}

/**
 * Reads the day near 10:00 in a transaction, lets `meanwhile` commit (once: the transaction may run
 * again), then claims `candidates` with what was read; `failures` hears each claim's error code.
 */
async function claimAfter(meanwhile: () => Promise<number>, candidates: (taken: number) => number[], failures: string[] = []): Promise<number> {
  let taken: number | null = null;
  return db.transaction(async (tx) => {
    const availability = availabilityRepository(tx);
    await availability.lockDayShared(DAY);
    const { jobs } = await availability.loadNear(DAY, START, 120);
    taken ??= await meanwhile();
    return availability.claimTeamTimes({ date: DAY, start: START, minutes: 120, candidates: candidates(taken), jobs, wait: false }).catch((error: { code: string }) => {
      failures.push(error.code);
      throw error;
    });
  });
}

describe.skipIf(!process.env.DATABASE_URL)('a claim of one team\'s times (PostgreSQL)', () => {
  it('passes by a team whose job in the way was claimed after the read, and takes the next', async () => {
    let taken = 0;
    const claimed = await claimAfter(async () => (taken = await bookedBy(other, '10:30')), () => teams);
    expect(taken).toBe(teams[0]);
    expect(claimed).toBe(teams[1]);
  });

  it('fails as a serialization failure when every candidate changed since the read, and its transaction runs again', async () => {
    const failures: string[] = [];
    // The one candidate is the team the booking meanwhile took: the second run's read has its job.
    await claimAfter(() => bookedBy(jane, '11:00'), (taken) => [taken], failures);
    expect(failures).toEqual(['40001']);
  });
});
