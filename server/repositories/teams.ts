import type { AdminTeam, TeamDay, TeamInput } from '../../openapi/schema';
import type { Database } from '../db/database';
import { londonDaysSpan } from '../../domain/time/london-days';
import { sqlStatus } from './order-status-sql';
import { CANCELLED_STATUS } from '../../domain/orders/order-statuses';


/** The default of a weekday with no row of its own (008_teams_and_hours.sql's column defaults). */
const DEFAULT_DAY = { works: true, opens: '07:00', closes: '20:00' } as const;

/**
 * The teams editor's rows: teams, their seven weekdays and their time off still to come. Dates and
 * times are read as text, so neither driver's Date parsing moves them.
 */
export function teamsRepository(db: Database) {
  return {
    async list(today: string, id?: number): Promise<AdminTeam[]> {
      const where = id === undefined ? '' : 'WHERE id = $1';
      const teams = await db.query<{ id: number; name: string; active: boolean }>(
        `SELECT id, name, active FROM teams ${where} ORDER BY active DESC, position, id`,
        id === undefined ? [] : [id],
      );
      if (teams.length === 0) return [];
      const ids = teams.map((team) => team.id);
      // One statement at a time: db may be a transaction's single client, and pg deprecates overlapping queries on it.
      const hours = await db.query<{ team_id: number; weekday: number; works: boolean; opens: string; closes: string }>(
          `SELECT team_id, weekday, works, to_char(opens, 'HH24:MI') AS opens, to_char(closes, 'HH24:MI') AS closes
             FROM team_hours WHERE team_id = ANY($1::int[])`,
          [ids],
        );
      const timeOff = await db.query<{ id: number; team_id: number; starts_on: string; ends_on: string; reason: string }>(
          `SELECT id, team_id, to_char(starts_on, 'YYYY-MM-DD') AS starts_on, to_char(ends_on, 'YYYY-MM-DD') AS ends_on, reason
             FROM team_time_off WHERE team_id = ANY($1::int[]) AND ends_on >= $2::date
            ORDER BY starts_on, id`,
          [ids, today],
        );
      const jobs: Awaited<ReturnType<typeof bookedJobs>>[] = [];
      for (const off of timeOff) jobs.push(await bookedJobs(db, off.starts_on, off.ends_on, off.team_id));
      return teams.map((team) => ({
        ...team,
        hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => {
          const row = hours.find((hour) => hour.team_id === team.id && hour.weekday === weekday);
          return { weekday, ...(row ? { works: row.works, opens: row.opens, closes: row.closes } : DEFAULT_DAY) };
        }),
        time_off: timeOff.flatMap(({ team_id: teamId, ...off }, index) => (teamId === team.id ? [{ ...off, jobs: jobs[index]! }] : [])),
      }));
    },

    /** Locks the team's row (edits and time off of one team take turns); false when there is none. */
    /** The team's id and whether it is active; null when there is no such team. */
    async activity(id: number): Promise<{ id: number; active: boolean } | null> {
      const [team] = await db.query<{ id: number; active: boolean }>('SELECT id, active FROM teams WHERE id = $1', [id]);
      return team ?? null;
    },

    async lock(id: number): Promise<boolean> {
      return (await db.query('SELECT 1 FROM teams WHERE id = $1 FOR UPDATE', [id])).length > 0;
    },

    /** The team's jobs (checked out, not cancelled) that start at `now` or later. */
    async jobsFrom(id: number, now: Date): Promise<number> {
      const [row] = await db.query<{ jobs: number }>(
        `SELECT count(*)::int AS jobs FROM orders WHERE team_id = $1 AND checked_out_at IS NOT NULL AND status <> ${sqlStatus(CANCELLED_STATUS)} AND due_at >= $2`,
        [id, now],
      );
      return row?.jobs ?? 0;
    },

    async nameTaken(name: string, exceptId?: number): Promise<boolean> {
      const rows = await db.query('SELECT 1 FROM teams WHERE lower(name) = lower($1) AND id <> $2', [name, exceptId ?? 0]);
      return rows.length > 0;
    },

    async create(input: TeamInput): Promise<number> {
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO teams (name, active, position) SELECT $1, $2, coalesce(max(position), 0) + 1 FROM teams RETURNING id`,
        [input.name, input.active],
      );
      return row!.id;
    },

    async update(id: number, input: TeamInput): Promise<void> {
      await db.query('UPDATE teams SET name = $2, active = $3 WHERE id = $1', [id, input.name, input.active]);
    },

    async setHours(id: number, hours: TeamDay[]): Promise<void> {
      await db.query('DELETE FROM team_hours WHERE team_id = $1', [id]);
      for (const day of hours) {
        await db.query('INSERT INTO team_hours (team_id, weekday, works, opens, closes) VALUES ($1, $2, $3, $4::time, $5::time)', [
          id, day.weekday, day.works, day.opens, day.closes,
        ]);
      }
    },

    /** The team's time off that shares a day with `from`..`to`, if any. */
    async overlappingTimeOff(id: number, from: string, to: string): Promise<{ starts_on: string; ends_on: string } | null> {
      const [row] = await db.query<{ starts_on: string; ends_on: string }>(
        `SELECT to_char(starts_on, 'YYYY-MM-DD') AS starts_on, to_char(ends_on, 'YYYY-MM-DD') AS ends_on
           FROM team_time_off WHERE team_id = $1 AND starts_on <= $3::date AND ends_on >= $2::date ORDER BY starts_on LIMIT 1`,
        [id, from, to],
      );
      return row ?? null;
    },

    async addTimeOff(id: number, off: { starts_on: string; ends_on: string; reason: string }): Promise<void> {
      await db.query('INSERT INTO team_time_off (team_id, starts_on, ends_on, reason) VALUES ($1, $2::date, $3::date, $4)', [
        id, off.starts_on, off.ends_on, off.reason,
      ]);
    },

    async removeTimeOff(id: number, timeOffId: number): Promise<boolean> {
      return (await db.query('DELETE FROM team_time_off WHERE id = $1 AND team_id = $2 RETURNING id', [timeOffId, id])).length > 0;
    },
  };
}


/**
 * Jobs booked (checked out, not cancelled) on the UK days `from`..`to`, of one team or of all: what a
 * closure or time off leaves to move on the schedule. UK midnights are computed here, not by the
 * database's time zone data.
 */
export async function bookedJobs(db: Database, from: string, to: string, teamId?: number): Promise<number> {
  const { start, end } = londonDaysSpan(from, to);
  const [row] = await db.query<{ jobs: number }>(
    `SELECT count(*)::int AS jobs FROM orders
      WHERE checked_out_at IS NOT NULL AND status <> ${sqlStatus(CANCELLED_STATUS)} AND due_at >= $1 AND due_at < $2 AND ($3::int IS NULL OR team_id = $3)`,
    [start, end, teamId ?? null],
  );
  return row?.jobs ?? 0;
}

