import { expect, it } from 'vitest';
import { londonLocalToInstant } from '../../domain/time/london-time';
import { availabilityRepository, CHECKOUT_DAY_READ, dayRange, type DayRead } from '../../server/repositories/availability-repository';
import { ownDatabaseForFile } from './support/own-database';

/**
 * Decision 131: the teams and their hours are built by a day read only when they changed since the
 * roster the server holds. 250 teams were 1.3 ms of a near-day checkout's 2.4 ms read; the token
 * changes with every write to either table, so a held roster is never out of date.
 */
const own = ownDatabaseForFile();
const DAY = '2030-03-13';

async function dayRead(roster: string | null): Promise<DayRead> {
  const [from, to] = dayRange(DAY, DAY);
  const start = londonLocalToInstant(DAY, '10:00');
  const [row] = await own.db.query<DayRead>(`${CHECKOUT_DAY_READ.body}`, [DAY, DAY, from, to, start, new Date(start.getTime() + 90 * 60_000), roster]);
  return row!;
}

it('leaves the teams and their hours out when the server holds the roster, and builds them for any other token', async () => {
  const fresh = await dayRead(null);
  expect(fresh.roster).toMatch(/^[0-9a-f-]{36}$/);
  expect(JSON.parse(fresh.teams!)).not.toEqual([]);

  const held = await dayRead(fresh.roster);
  expect(held).toMatchObject({ roster: fresh.roster, teams: null, team_hours: null });

  const other = await dayRead('not the roster');
  expect(other.teams).toBe(fresh.teams);
});

it.each([
  ['a team renamed', `UPDATE teams SET name = name || ' (renamed)' WHERE id = (SELECT min(id) FROM teams)`],
  ['a team added', `INSERT INTO teams (name, active, position) VALUES ('Team roster test', true, 99)`],
  ['a weekday\'s hours set', `INSERT INTO team_hours (team_id, weekday, works, opens, closes) SELECT min(id), 6, false, '09:00', '17:00' FROM teams`],
  ['a weekday\'s hours changed', `UPDATE team_hours SET closes = '15:00', works = true WHERE team_id = (SELECT min(id) FROM teams) AND weekday = 6`],
  ['a team\'s hours removed', `DELETE FROM team_hours WHERE team_id = (SELECT max(team_id) FROM team_hours)`],
])('%s: a new token, and the teams built again as they now are', async (_, change) => {
  const before = await dayRead(null);
  await own.db.query(change);
  const after = await dayRead(before.roster);
  expect(after.roster).not.toBe(before.roster);
  expect(after.teams).not.toBeNull();
  expect(`${after.teams} ${after.team_hours}`).not.toBe(`${before.teams} ${before.team_hours}`);
});

// PGlite has one connection: another reader waits for the transaction to end.
it.skipIf(!process.env.DATABASE_URL)('a change not yet committed leaves the roster as it was for other readers, and is read as soon as it commits', async () => {
  const before = await dayRead(null);
  await own.db.transaction(async (tx) => {
    await tx.query(`UPDATE teams SET name = name || ' (in a transaction)' WHERE id = (SELECT min(id) FROM teams)`);
    expect(await dayRead(before.roster)).toMatchObject({ roster: before.roster, teams: null });
  });
  const after = await dayRead(before.roster);
  expect(after.teams).toContain('(in a transaction)');
});

it('the server\'s free times follow a team deactivated after it held the roster', async () => {
  const availability = availabilityRepository(own.db);
  const held = await availability.load(DAY, DAY);
  expect(held.teams.length).toBeGreaterThan(0);
  const [first] = held.teams;
  await own.db.query('UPDATE teams SET active = false WHERE id = $1', [first!.id]);
  const after = await availability.load(DAY, DAY);
  expect(after.teams.map((team) => team.id)).not.toContain(first!.id);
  expect(after.teams).toHaveLength(held.teams.length - 1);
});
