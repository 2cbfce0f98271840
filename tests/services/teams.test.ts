import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamDay } from '../../openapi/schema';
import type { AuthUser } from '../../server/app-context';
import type { Database } from '../../server/db/database';
import { editableRulesRepository } from '../../server/repositories/editable-rules';
import { availabilityFor } from '../../server/services/availability';
import { addTimeOff, createTeam, listTeams, MAX_TIME_OFF_DAYS, removeTimeOff, updateTeam } from '../../server/services/teams';
import type { TestDatabase } from '../api/support/test-database';
import { bookings } from './support/booking';
import { houseKeepingDatabase } from './support/own-database';
import { refused } from './support/refused';

/**
 * The teams editor (issue 15, decision 022): names, working hours and time off, which availability
 * reads on its next request; on a real seeded PGlite with the product's three teams.
 */
const NOW = new Date('2030-01-07T12:00:00.000Z'); // a Monday, winter (UK time = UTC)

let testDb: TestDatabase;
let db: Database;
let jane: AuthUser;
let serviceId: number;
let twoBedrooms: Array<{ id: number; quantity: number }>;
const { book } = bookings(() => db);
const offDeps = () => ({ db, outbox: { add: async () => {}, site: { publicUrl: 'http://localhost:3000', vatNumber: '' } }, secret: 'test-secret', admin: jane });

const week = (day: (weekday: number) => Partial<TeamDay> = () => ({})): TeamDay[] =>
  [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, works: true, opens: '07:00', closes: '20:00', ...day(weekday) }));
const freeAt = async (date: string, time: string) =>
  (await availabilityFor(db, { service: serviceId, from: date, days: 1, duration: 60 }, NOW)).days[0]!.times.find((slot) => slot.time === time)?.free;

beforeAll(async () => {
  ({ testDb, db, jane, serviceId, twoBedrooms } = await houseKeepingDatabase());
}, 60_000);

afterAll(async () => {
  await testDb?.dispose();
});

describe('the teams editor (issue 15)', () => {
  it('a new team, its name tidied, works the hours given and counts in availability at once', async () => {
    expect(await freeAt('2030-01-09', '10:00')).toBe(3);
    const team = await createTeam(db, { name: '  Team   Delta ', active: true, hours: week((weekday) => (weekday === 3 ? { opens: '12:00', closes: '18:00' } : {})).reverse() }, NOW);
    expect(team).toMatchObject({ name: 'Team Delta', active: true, time_off: [] });
    expect(team.hours.map((day) => day.weekday)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(team.hours[3]).toEqual({ weekday: 3, works: true, opens: '12:00', closes: '18:00' });
    expect([await freeAt('2030-01-09', '10:00'), await freeAt('2030-01-09', '12:00'), await freeAt('2030-01-10', '10:00')]).toEqual([3, 4, 4]);
    expect((await listTeams(db, NOW)).map((row) => row.name)).toEqual(['Team A', 'Team B', 'Team C', 'Team Delta']);
    await refused(createTeam(db, { name: 'team delta', active: true, hours: week() }, NOW), 409, 'A team named team delta already exists');
  });

  it('refuses a blank name, a weekday missing or twice, and hours that end before they start', async () => {
    await refused(() => createTeam(db, { name: '   ', active: true, hours: week() }, NOW), 400, 'Give the team a name');
    await refused(() => createTeam(db, { name: 'Team E', active: true, hours: week().slice(1) }, NOW), 400, 'Give the hours of each weekday once');
    await refused(() => createTeam(db, { name: 'Team E', active: true, hours: [...week().slice(1), week()[1]!] }, NOW), 400, 'Give the hours of each weekday once');
    await refused(() => createTeam(db, { name: 'Team E', active: true, hours: week((weekday) => (weekday === 2 ? { opens: '12:00', closes: '12:00' } : {})) }, NOW), 400, 'Tuesday: the hours must end after they start');
  });

  it('a working day must lie within the opening hours of its weekday (issue 24): 400 saying which', async () => {
    const [team] = (await listTeams(db, NOW)).filter((row) => row.name === 'Team B');
    const rules = editableRulesRepository(db);
    const tuesday = (await rules.hours(2))!;
    await rules.setHours({ weekday: 2, open: true, opens: '09:00', closes: '17:30' });
    try {
      const around = 'must lie within the opening hours';
      await refused(createTeam(db, { name: 'Team Night', active: true, hours: week(() => ({ opens: '00:00', closes: '23:59' })) }, NOW), 400, `Sunday: the team's hours 00:00–23:59 ${around} 07:00–20:00`);
      await refused(updateTeam(db, team!.id, { name: 'Team B', active: true, hours: week((weekday) => (weekday === 2 ? { opens: '08:59' } : {})) }, NOW), 400, `Tuesday: the team's hours 08:59–20:00 ${around} 09:00–17:30`);
      await refused(updateTeam(db, team!.id, { name: 'Team B', active: true, hours: week((weekday) => (weekday === 2 ? { opens: '09:00', closes: '17:31' } : {})) }, NOW), 400, `Tuesday: the team's hours 09:00–17:31 ${around} 09:00–17:30`);
      // Exactly the opening hours, and hours outside them on a day the team does not work, are fine.
      const saved = await updateTeam(db, team!.id, { name: 'Team B', active: true, hours: week((weekday) => (weekday === 2 ? { opens: '09:00', closes: '17:30' } : weekday === 0 ? { works: false, opens: '00:00', closes: '23:59' } : {})) }, NOW);
      expect(saved.hours[2]).toEqual({ weekday: 2, works: true, opens: '09:00', closes: '17:30' });
      expect((await listTeams(db, NOW)).map((row) => row.name)).not.toContain('Team Night');
    } finally {
      await rules.setHours(tuesday);
      await updateTeam(db, team!.id, { name: 'Team B', active: true, hours: team!.hours }, NOW);
    }
  });

  it('a team with jobs ahead cannot be made inactive; without them it leaves availability', async () => {
    const [team] = (await listTeams(db, NOW)).filter((row) => row.name === 'Team C');
    await book(jane, serviceId, twoBedrooms, { date: '2030-01-16', time: '10:00', now: NOW });
    await book(jane, serviceId, twoBedrooms, { date: '2030-01-16', time: '10:00', now: NOW });
    await book(jane, serviceId, twoBedrooms, { date: '2030-01-16', time: '10:00', now: NOW });
    const id = (await db.query<{ id: number }>("SELECT id FROM orders WHERE team_id = $1 AND due_at = '2030-01-16T10:00:00Z'", [team!.id]))[0]?.id;
    expect(id).toBeDefined();
    await refused(updateTeam(db, team!.id, { name: 'Team C', active: false, hours: week() }, NOW), 409, 'Team C has 1 job booked from now on: move it to another team on the schedule first');
    await book(jane, serviceId, twoBedrooms, { date: '2030-01-16', time: '12:00', now: NOW });
    await book(jane, serviceId, twoBedrooms, { date: '2030-01-16', time: '12:00', now: NOW });
    await book(jane, serviceId, twoBedrooms, { date: '2030-01-16', time: '12:00', now: NOW });
    await refused(updateTeam(db, team!.id, { name: 'Team C', active: false, hours: week() }, NOW), 409, 'Team C has 2 jobs booked from now on: move them to another team on the schedule first');
    // The jobs passed: it can stop.
    const later = new Date('2030-01-17T00:00:00Z');
    expect((await updateTeam(db, team!.id, { name: 'Team C', active: false, hours: week() }, later)).active).toBe(false);
    // A, B and Delta on a Thursday.
    expect(await freeAt('2030-01-24', '10:00')).toBe(3);
    expect((await updateTeam(db, team!.id, { name: 'Team Charlie', active: true, hours: week() }, later)).name).toBe('Team Charlie');
    await refused(updateTeam(db, team!.id, { name: 'Team A', active: true, hours: week() }, later), 409, 'A team named Team A already exists');
    await refused(updateTeam(db, 999_999, { name: 'Team Z', active: true, hours: week() }, NOW), 404, 'Team not found');
  });

  it('time off: whole UK days, from today, at most a year at once, never overlapping; a team off is not free', async () => {
    const [team] = (await listTeams(db, NOW)).filter((row) => row.name === 'Team A');
    // Thursday and Friday: all four teams work at 10:00.
    expect(await freeAt('2030-02-08', '10:00')).toBe(4);
    const off = await addTimeOff(offDeps(), team!.id, { starts_on: '2030-02-07', ends_on: '2030-02-08', reason: ' Training ' }, NOW);
    expect(off.time_off).toEqual([{ id: off.time_off[0]!.id, starts_on: '2030-02-07', ends_on: '2030-02-08', reason: 'Training', jobs: 0 }]);
    expect([await freeAt('2030-02-06', '10:00'), await freeAt('2030-02-07', '10:00'), await freeAt('2030-02-08', '10:00'), await freeAt('2030-02-09', '10:00')]).toEqual([3, 3, 3, 4]);
    await refused(addTimeOff(offDeps(), team!.id, { starts_on: '2030-02-08', ends_on: '2030-02-10' }, NOW), 409, 'This team is already off from 2030-02-07 to 2030-02-08');
    await refused(addTimeOff(offDeps(), team!.id, { starts_on: '2030-02-01', ends_on: '2030-02-07' }, NOW), 409, 'This team is already off from 2030-02-07 to 2030-02-08');
    await refused(() => addTimeOff(offDeps(), team!.id, { starts_on: '2030-02-07', ends_on: '2030-02-06' }, NOW), 400, 'Time off must end on or after its first day');
    await refused(() => addTimeOff(offDeps(), team!.id, { starts_on: '2030-01-06', ends_on: '2030-01-08' }, NOW), 400, 'Time off must be today (2030-01-07) or later');
    await refused(() => addTimeOff(offDeps(), team!.id, { starts_on: '2030-03-01', ends_on: '2031-03-02' }, NOW), 400, `Time off can be at most ${MAX_TIME_OFF_DAYS} days at once`);
    expect((await addTimeOff(offDeps(), team!.id, { starts_on: '2030-03-01', ends_on: '2031-03-01' }, NOW)).time_off).toHaveLength(2);
    await refused(addTimeOff(offDeps(), 999_999, { starts_on: '2030-02-20', ends_on: '2030-02-20' }, NOW), 404, 'Team not found');
    const left = await removeTimeOff(db, team!.id, off.time_off[0]!.id, NOW);
    expect(left.time_off.map((entry) => entry.starts_on)).toEqual(['2030-03-01']);
    expect(await freeAt('2030-02-08', '10:00')).toBe(4);
    await refused(removeTimeOff(db, team!.id, off.time_off[0]!.id, NOW), 404, 'Time off not found');
  });
});
