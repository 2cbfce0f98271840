import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../server/app-context';
import type { Database } from '../../server/db/database';
import { cleanersRepository, INVITED_PASSWORD_HASH } from '../../server/repositories/cleaners';
import { CLEANER_EMAIL_TAKEN, CLEANER_NOT_FOUND, createCleaner, INVITATION_VALIDITY_MS, listCleaners, moveCleaner, removeCleaner } from '../../server/services/cleaners';
import { listMyJobs } from '../../server/services/cleaner-jobs';
import { createTeam } from '../../server/services/teams';
import type { TestDatabase } from '../api/support/test-database';
import { serviceContext } from './support/context';
import { ownDatabase, seededUser } from './support/own-database';
import { refused } from './support/refused';

/**
 * The cleaners' accounts in the back office (issue 26 item 2, decisions 040 and 058), called as the
 * routes call them on the file's own seeded database: staff add a cleaner to an active team (an
 * account with no password and a mailed 72-hour invitation), list them by name, move them to
 * another team and remove them (the row stays, sign-in and links end, the address is free again).
 * The API suite (tests/api/cleaners.test.ts) walks the same over HTTP; here each statement of
 * server/repositories/cleaners.ts shows in what a service answers or writes.
 */
const NOW = new Date('2030-01-07T12:00:00.000Z');

let testDb: TestDatabase;
let db: Database;
let jane: AuthUser;
let admin: AuthUser;
let teams: Record<'A' | 'B' | 'C', number>;
let inactive: number;
const { ctx, mails } = serviceContext(() => db, NOW);

const account = async (id: number) =>
  (await db.query<{ name: string; email: string | null; password_hash: string; token_version: number; team_id: number | null; removed_at: Date | null; roles: string[] }>(
    'SELECT name, email, password_hash, token_version, team_id, removed_at, roles FROM users WHERE id = $1', [id],
  ))[0]!;
const resetTokens = async (id: number) => (await db.query<{ expires_at: Date }>('SELECT expires_at FROM password_reset_tokens WHERE user_id = $1', [id])).map((row) => row.expires_at);
/** A cleaner as the cleaners' own pages see them: an AuthUser of the cleaner role. */
const asUser = (cleaner: { id: number; name: string; email: string }): AuthUser => ({ ...cleaner, roles: ['ROLE_CLEANER'] });

beforeAll(async () => {
  testDb = await ownDatabase();
  db = testDb.db;
  jane = await seededUser(db, 'customer@sparkle.test');
  admin = await seededUser(db, 'admin@sparkle.test');
  const rows = await db.query<{ id: number; name: string }>("SELECT id, name FROM teams WHERE name IN ('Team A', 'Team B', 'Team C')");
  const id = (name: string) => Number(rows.find((row) => row.name === name)!.id);
  teams = { A: id('Team A'), B: id('Team B'), C: id('Team C') };
  const week = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, works: true, opens: '08:00', closes: '18:00' }));
  inactive = (await createTeam(db, { name: 'Team Resting', active: false, hours: week }, NOW)).id;
}, 60_000);

afterAll(async () => {
  await testDb?.dispose();
});

describe('adding a cleaner', () => {
  it('creates an invited account in the team (name and address trimmed), its 72-hour invitation and its mail, and answers it as listed', async () => {
    mails.length = 0;
    const made = await createCleaner(ctx, { name: '  Maria Lopez ', email: ' maria@cleaners.example ', team: teams.A }, { userId: admin.id, ip: '203.0.113.5' });
    expect(made).toEqual({ id: expect.any(Number), name: 'Maria Lopez', email: 'maria@cleaners.example', team_id: teams.A, team: 'Team A', invited: true });
    expect(await account(made.id)).toEqual({
      name: 'Maria Lopez', email: 'maria@cleaners.example', password_hash: INVITED_PASSWORD_HASH, token_version: 0, team_id: teams.A, removed_at: null, roles: ['ROLE_CLEANER'],
    });
    expect(await resetTokens(made.id)).toEqual([new Date(NOW.getTime() + INVITATION_VALIDITY_MS)]);
    expect(mails.map(({ mail }) => [mail.to, mail.subject])).toEqual([['maria@cleaners.example', 'Your Sparkle Cleaning cleaner account']]);
    expect(mails[0]!.mail.text).toContain('http://localhost:3000/reset-password/');
  });

  it('refuses an address an account has already, whatever its case (409), an unknown or inactive team (400), creating nothing', async () => {
    await createCleaner(ctx, { name: 'Nina Taken', email: 'nina@cleaners.example', team: teams.A });
    const before = (await db.query('SELECT id FROM users')).length;
    mails.length = 0;
    await refused(createCleaner(ctx, { name: 'Nina Again', email: 'NINA@Cleaners.example', team: teams.B }), 409, CLEANER_EMAIL_TAKEN);
    await refused(createCleaner(ctx, { name: 'Jane Cleaner', email: ' customer@sparkle.test', team: teams.B }), 409, CLEANER_EMAIL_TAKEN);
    await refused(createCleaner(ctx, { name: 'Nobody Teamed', email: 'nobody@cleaners.example', team: 999_999 }), 400, 'Team not found');
    await refused(createCleaner(ctx, { name: 'Rita Resting', email: 'rita@cleaners.example', team: inactive }), 400, 'This team is inactive: choose an active team');
    expect((await db.query('SELECT id FROM users')).length).toBe(before);
    expect(mails).toEqual([]);
    expect(CLEANER_EMAIL_TAKEN).toBe('An account with this email already exists');
  });
});

describe('the cleaners list', () => {
  it('holds the cleaners only, by name whatever its case then by id, with their team and whether they are still invited', async () => {
    await db.query("DELETE FROM users WHERE 'ROLE_CLEANER' = ANY(roles)");
    const add = (name: string, email: string, team: number) => createCleaner(ctx, { name, email, team });
    const carl = await add('Carl Cole', 'carl@cleaners.example', teams.C);
    const bob = await add('bob baker', 'bob@cleaners.example', teams.B);
    const dee1 = await add('Dee Same', 'dee1@cleaners.example', teams.A);
    const dee2 = await add('Dee Same', 'dee2@cleaners.example', teams.B);
    const alice = await add('Alice Archer', 'alice@cleaners.example', teams.A);
    const gone = await add('Aaron Gone', 'aaron@cleaners.example', teams.A);
    const erased = await add('Abe Erased', 'abe@cleaners.example', teams.A);
    const teamless = await add('Zoe Free', 'zoe@cleaners.example', teams.A);
    // Alice chose her password; Zoe works in no team; Abe's account was erased (no address).
    await db.query("UPDATE users SET password_hash = 'scrypt$chosen' WHERE id = $1", [alice.id]);
    await db.query('UPDATE users SET team_id = NULL WHERE id = $1', [teamless.id]);
    await db.query('UPDATE users SET email = NULL WHERE id = $1', [erased.id]);
    await removeCleaner(ctx, gone.id);
    // Jane (a customer) put in a team is still no cleaner; neither is the administrator.
    await db.query('UPDATE users SET team_id = $2 WHERE id = $1', [jane.id, teams.A]);

    const listed = await listCleaners(ctx);
    expect(listed).toEqual([
      { id: alice.id, name: 'Alice Archer', email: 'alice@cleaners.example', team_id: teams.A, team: 'Team A', invited: false },
      { id: bob.id, name: 'bob baker', email: 'bob@cleaners.example', team_id: teams.B, team: 'Team B', invited: true },
      { id: carl.id, name: 'Carl Cole', email: 'carl@cleaners.example', team_id: teams.C, team: 'Team C', invited: true },
      { id: dee1.id, name: 'Dee Same', email: 'dee1@cleaners.example', team_id: teams.A, team: 'Team A', invited: true },
      { id: dee2.id, name: 'Dee Same', email: 'dee2@cleaners.example', team_id: teams.B, team: 'Team B', invited: true },
      { id: teamless.id, name: 'Zoe Free', email: 'zoe@cleaners.example', team_id: null, team: null, invited: true },
    ]);
    expect(dee1.id).toBeLessThan(dee2.id);
    await db.query('UPDATE users SET team_id = NULL WHERE id = $1', [jane.id]);
  });
});

describe('moving a cleaner (decision 058)', () => {
  it("puts the cleaner in another active team, answered as listed; their next list of jobs is the new team's", async () => {
    const made = await createCleaner(ctx, { name: 'Mo Mover', email: 'mo@cleaners.example', team: teams.A });
    const other = await createCleaner(ctx, { name: 'Olga Stays', email: 'olga@cleaners.example', team: teams.A });
    expect((await listMyJobs(ctx, asUser(made))).team).toEqual({ id: teams.A, name: 'Team A' });
    expect(await moveCleaner(ctx, made.id, teams.C)).toEqual({ ...made, team_id: teams.C, team: 'Team C' });
    expect((await account(made.id)).team_id).toBe(teams.C);
    expect((await account(other.id)).team_id).toBe(teams.A);
    expect((await listMyJobs(ctx, asUser(made))).team).toEqual({ id: teams.C, name: 'Team C' });
  });

  it('refuses an unknown or inactive team (400), someone who is no cleaner and a removed cleaner (404), moving nobody', async () => {
    const made = await createCleaner(ctx, { name: 'Pat Placed', email: 'pat@cleaners.example', team: teams.B });
    await refused(moveCleaner(ctx, made.id, 999_999), 400, 'Team not found');
    await refused(moveCleaner(ctx, made.id, inactive), 400, 'This team is inactive: choose an active team');
    await refused(moveCleaner(ctx, jane.id, teams.A), 404, CLEANER_NOT_FOUND);
    await refused(moveCleaner(ctx, 999_999, teams.A), 404, CLEANER_NOT_FOUND);
    expect((await account(jane.id)).team_id).toBeNull();
    const gone = await createCleaner(ctx, { name: 'Gil Gone', email: 'gil@cleaners.example', team: teams.B });
    await removeCleaner(ctx, gone.id);
    await refused(moveCleaner(ctx, gone.id, teams.A), 404, CLEANER_NOT_FOUND);
    expect((await account(gone.id)).team_id).toBe(teams.B);
    expect((await account(made.id)).team_id).toBe(teams.B);
    expect(CLEANER_NOT_FOUND).toBe('Cleaner not found');
  });
});

describe('removing a cleaner (decision 058)', () => {
  it('keeps the row and its name, ends sign-in (token version, hash, address) and deletes their links only; the address is free again', async () => {
    const made = await createCleaner(ctx, { name: 'Rex Removed', email: 'rex@cleaners.example', team: teams.A });
    const stays = await createCleaner(ctx, { name: 'Sue Stays', email: 'sue@cleaners.example', team: teams.A });
    const before = await account(made.id);
    const start = new Date();
    await removeCleaner(ctx, made.id);
    const after = await account(made.id);
    expect(after).toEqual({
      name: 'Rex Removed', email: `removed-cleaner-${made.id}@removed.invalid`, password_hash: '!removed', token_version: before.token_version + 1,
      team_id: teams.A, removed_at: expect.any(Date), roles: ['ROLE_CLEANER'],
    });
    // The database's clock: now(), not the service's.
    expect(after.removed_at!.getTime()).toBeGreaterThanOrEqual(start.getTime() - 60_000);
    expect(await resetTokens(made.id)).toEqual([]);
    expect(await resetTokens(stays.id)).toHaveLength(1);
    expect(await account(stays.id)).toMatchObject({ email: 'sue@cleaners.example', password_hash: INVITED_PASSWORD_HASH, token_version: 0, removed_at: null });

    // Removed already, no cleaner at all, nobody: 404, and nothing changes.
    await refused(removeCleaner(ctx, made.id), 404, CLEANER_NOT_FOUND);
    expect((await account(made.id)).token_version).toBe(before.token_version + 1);
    const adminBefore = await account(admin.id);
    await refused(removeCleaner(ctx, admin.id), 404, CLEANER_NOT_FOUND);
    expect(await account(admin.id)).toEqual(adminBefore);
    await refused(removeCleaner(ctx, 999_999), 404, CLEANER_NOT_FOUND);

    const again = await createCleaner(ctx, { name: 'Rex Again', email: 'rex@cleaners.example', team: teams.B });
    expect(again).toMatchObject({ name: 'Rex Again', email: 'rex@cleaners.example', team: 'Team B', invited: true });
    expect(again.id).not.toBe(made.id);
  });
});

describe("a cleaner's team", () => {
  it('is the team they work in; none for a cleaner without a team or an account that is no cleaner', async () => {
    const made = await createCleaner(ctx, { name: 'Tia Teamed', email: 'tia@cleaners.example', team: teams.B });
    const cleaners = cleanersRepository(db);
    expect(await cleaners.teamOf(made.id)).toEqual({ id: teams.B, name: 'Team B' });
    expect(await listMyJobs(ctx, asUser(made))).toEqual({ team: { id: teams.B, name: 'Team B' }, today: '2030-01-07', jobs: [] });
    await db.query('UPDATE users SET team_id = NULL WHERE id = $1', [made.id]);
    expect(await cleaners.teamOf(made.id)).toBeNull();
    expect(await listMyJobs(ctx, asUser(made))).toEqual({ team: null, today: '2030-01-07', jobs: [] });
    await db.query('UPDATE users SET team_id = $2 WHERE id = $1', [jane.id, teams.A]);
    try {
      expect(await cleaners.teamOf(jane.id)).toBeNull();
      expect(await cleaners.find(jane.id)).toBeNull();
    } finally {
      await db.query('UPDATE users SET team_id = NULL WHERE id = $1', [jane.id]);
    }
  });
});
