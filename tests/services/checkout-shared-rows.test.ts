import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../server/app-context';
import type { Database } from '../../server/db/database';
import { checkoutOrder } from '../../server/services/checkout';
import { createOrder } from '../../server/services/orders';
import { londonLocalToInstant } from '../../domain/time/london-time';
import { availabilityRepository } from '../../server/repositories/availability-repository';
import { checkoutRepository } from '../../server/repositories/checkout';
import { serviceDistrict } from '../../server/services/service-area';
import type { TestDatabase } from '../api/support/test-database';
import { bookings } from './support/booking';
import { houseKeepingDatabase, newAccount } from './support/own-database';

/**
 * Issue 37 row 1 (decisions 090 and 132, migrations 073 and 087): a checkout updates no row every
 * checkout updates and locks only the times its job can touch, for the one team it takes. One
 * checkout is held open after its write — its reference taken, its counters moved, its team's times
 * claimed — while another customer checks out on the same UK day: far from it, or in its way with
 * another team free, the second must finish without waiting for a lock. Before 073 it waited on the
 * reference counter, the order counters and the day's lock; before 087, on the held one's times
 * whatever the teams. A second customer's checkout that needs the held team in the same
 * half-hours must still wait (the capacity rule stays race-safe). (An instance on the code before
 * 087 and a claim waited for each other during that release; 089 dropped its lock_job_times.) A
 * customer's own second checkout does not wait for their
 * first one's read either (decision 122: the account is locked FOR KEY SHARE, as decision 028 says;
 * the read had taken FOR UPDATE since decision 033).
 * PostgreSQL only: PGlite has one connection, where nothing ever waits for another.
 */
const NOW = new Date('2030-03-04T12:00:00.000Z');
const DAY = '2030-03-13';

let testDb: TestDatabase;
let db: Database;
let jane: AuthUser;
let other: AuthUser;
let serviceId: number;
let twoBedrooms: Array<{ id: number; quantity: number }>;
/** The best team (position 1): the one a checkout on an empty day takes. */
let teamA: number;
const { deps } = bookings(() => db, NOW);

beforeAll(async () => {
  ({ testDb, db, jane, serviceId, twoBedrooms } = await houseKeepingDatabase());
  const account = await newAccount(db, 'other-customer@sparkle.test', 'a long enough password');
  other = { id: account.id, name: 'Other Customer', email: account.email, roles: ['ROLE_USER'] } as AuthUser;
  teamA = (await db.query<{ id: number }>('SELECT id FROM teams ORDER BY position, id LIMIT 1'))[0]!.id;
}, 60_000);
afterAll(async () => testDb?.dispose());

const checkout = async (customer: AuthUser, orderId: number, time: string) => checkoutOrder(deps(NOW), customer, {
  order: orderId, due_date: DAY, due_time: time, address: '1 Test Street', phone: '020 7946 0000', city: 'London',
  code_postal: 'SE22 8AB', client_note: '', payment: 'cash',
}, undefined);

/** Locks this database's connections wait for now (none granted yet). */
const waiting = async () => Number((await db.query<{ n: number }>(
  `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
    WHERE NOT l.granted AND a.datname = current_database()`))[0]!.n);

/**
 * Holds a checkout of Jane's open after its write (the trigger-kept reference and counters, the day
 * held shared and `team`'s times claimed as the checkout's read and write take them), runs `second`, and answers
 * whether `second` finished before anything had to wait for the open checkout. The open one is
 * then rolled back.
 */
async function whileOneIsOpen(heldTime: string, second: () => Promise<unknown>, team: number = teamA): Promise<'finished' | 'waited'> {
  const held = await createOrder(db, jane, { service: serviceId, items: twoBedrooms }, NOW);
  const start = londonLocalToInstant(DAY, heldTime);
  return whileOpen(async (tx) => {
    await availabilityRepository(tx).lockDayShared(DAY);
    const jobs = (await availabilityRepository(tx).loadNear(DAY, start, 120)).jobs;
    expect(await availabilityRepository(tx).claimTeamTimes({ date: DAY, start, minutes: 120, candidates: [team], jobs, wait: false })).toBe(team);
    await tx.query("UPDATE orders SET checked_out_at = $2, status = 'awaiting_validation', payment_method = 'cash', due_at = $3, duration_minutes = 120, team_id = $4 WHERE id = $1",
      [held.id, NOW, start, team]);
  }, second);
}

/** The same, with a checkout of Jane's held open after its read: her account, her order and the job's times locked as the read locks them. */
async function whileOneIsRead(heldTime: string, second: () => Promise<unknown>): Promise<'finished' | 'waited'> {
  const held = await createOrder(db, jane, { service: serviceId, items: twoBedrooms }, NOW);
  return whileOpen(async (tx) => {
    const read = await checkoutRepository(tx).read(jane.id, held.id, null, DAY, londonLocalToInstant(DAY, heldTime), serviceDistrict('SE22 8AB'));
    expect(read?.order.id).toBe(held.id);
  }, second);
}

async function whileOpen(hold: (tx: Database) => Promise<void>, second: () => Promise<unknown>): Promise<'finished' | 'waited'> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => { release = resolve; });
  let ready!: () => void;
  const isReady = new Promise<void>((resolve) => { ready = resolve; });
  const open = db.transaction(async (tx) => {
    await hold(tx);
    ready();
    await released;
    throw new Error('rolled back');
  }).catch(() => undefined);
  await isReady;
  const running = second().then(() => 'finished' as const);
  let outcome: 'finished' | 'waited' | null = null;
  void running.then((done) => { outcome ??= done; });
  while (outcome === null) {
    if (await waiting() > 0) outcome = 'waited';
    else await new Promise((resolve) => setImmediate(resolve));
  }
  release();
  await open;
  await running;
  return outcome;
}

const teamOf = async (orderId: number) => (await db.query<{ team_id: number }>('SELECT team_id FROM orders WHERE id = $1', [orderId]))[0]!.team_id;

describe.skipIf(!process.env.DATABASE_URL)('a checkout shares no row with another (PostgreSQL)', () => {
  it('a checkout far from an open one on the same UK day finishes without waiting for it', async () => {
    // The held order is made after this draft: the next id, so another counter stripe (id % 16).
    const draft = await createOrder(db, other, { service: serviceId, items: twoBedrooms }, NOW);
    expect(await whileOneIsOpen('08:00', () => checkout(other, draft.id, '16:00'))).toBe('finished');
  });

  it('a checkout whose job is in an open one’s way takes another free team without waiting for it', async () => {
    const draft = await createOrder(db, other, { service: serviceId, items: twoBedrooms }, NOW);
    expect(await whileOneIsOpen('11:00', () => checkout(other, draft.id, '11:30'))).toBe('finished');
    expect(await teamOf(draft.id)).not.toBe(teamA);
  });

  it('a checkout whose job is in an open one’s way, its team the only one free, waits for it', async () => {
    const draft = await createOrder(db, other, { service: serviceId, items: twoBedrooms }, NOW);
    await db.query('UPDATE teams SET active = false WHERE id <> $1', [teamA]);
    try {
      expect(await whileOneIsOpen('13:00', () => checkout(other, draft.id, '13:30'))).toBe('waited');
    } finally {
      await db.query('UPDATE teams SET active = true');
    }
    // The open one was rolled back: the waiting one took the team it freed.
    expect(await teamOf(draft.id)).toBe(teamA);
  });

  it('a customer’s second checkout, far from their first one being read, finishes without waiting for it', async () => {
    const draft = await createOrder(db, jane, { service: serviceId, items: twoBedrooms }, NOW);
    expect(await whileOneIsRead('08:00', () => checkout(jane, draft.id, '16:00'))).toBe('finished');
  });
});
