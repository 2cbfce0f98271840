import type { AdminTeam, TeamDay, TeamInput } from '../../openapi/schema';
import { sql } from 'kysely';
import type { Database } from '../db/database';
import { asDate, dayText, kysely, timeText } from '../db/kysely';
import { countAll } from './typed-paging';
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
  const k = kysely(db);
  return {
    async list(today: string, id?: number): Promise<AdminTeam[]> {
      const teams = await k
        .selectFrom('teams')
        .select(['id', 'name', 'active'])
        .$if(id !== undefined, (q) => q.where('id', '=', id!))
        .orderBy('active', 'desc')
        .orderBy('position')
        .orderBy('id')
        .execute();
      if (teams.length === 0) return [];
      const ids = teams.map((team) => team.id);
      // One statement at a time: db may be a transaction's single client, and pg deprecates overlapping queries on it.
      const hours = await k
        .selectFrom('team_hours')
        .select((eb) => ['team_id', 'weekday', 'works', timeText(eb.ref('opens')).as('opens'), timeText(eb.ref('closes')).as('closes')])
        .where((eb) => eb('team_id', '=', eb.fn.any(eb.val(ids))))
        .execute();
      const timeOff = await k
        .selectFrom('team_time_off')
        .select((eb) => ['id', 'team_id', dayText(eb.ref('starts_on')).as('starts_on'), dayText(eb.ref('ends_on')).as('ends_on'), 'reason'])
        .where((eb) => eb('team_id', '=', eb.fn.any(eb.val(ids))))
        .where('ends_on', '>=', asDate(today))
        .orderBy('starts_on')
        .orderBy('id')
        .execute();
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

    /** The team's id and whether it is active; null when there is no such team. */
    async activity(id: number): Promise<{ id: number; active: boolean } | null> {
      return (await k.selectFrom('teams').select(['id', 'active']).where('id', '=', id).executeTakeFirst()) ?? null;
    },

    /** Locks the team's row (edits and time off of one team take turns); false when there is none. */
    async lock(id: number): Promise<boolean> {
      return (await k.selectFrom('teams').select((eb) => eb.lit(1).as('one')).where('id', '=', id).forUpdate().execute()).length > 0;
    },

    /** The team's jobs (checked out, not cancelled) that start at `now` or later. */
    async jobsFrom(id: number, now: Date): Promise<number> {
      const row = await k
        .selectFrom('orders')
        .select(countAll.as('jobs'))
        .where('team_id', '=', id)
        .where('checked_out_at', 'is not', null)
        .where('status', '<>', NOT_CANCELLED)
        .where('due_at', '>=', now)
        .executeTakeFirst();
      return row?.jobs ?? 0;
    },

    async nameTaken(name: string, exceptId?: number): Promise<boolean> {
      const rows = await k
        .selectFrom('teams')
        .select((eb) => eb.lit(1).as('one'))
        .where((eb) => eb(eb.fn('lower', ['name']), '=', eb.fn('lower', [eb.val(name)])))
        .where('id', '<>', exceptId ?? 0)
        .execute();
      return rows.length > 0;
    },

    async create(input: TeamInput): Promise<number> {
      const row = await k
        .insertInto('teams')
        .columns(['name', 'active', 'position'])
        .expression((eb) =>
          eb.selectFrom('teams').select([eb.val(input.name).as('name'), eb.val(input.active).as('active'), sql<number>`coalesce(max(position), 0) + 1`.as('position')]),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(id: number, input: TeamInput): Promise<void> {
      await k.updateTable('teams').set({ name: input.name, active: input.active }).where('id', '=', id).execute();
    },

    async setHours(id: number, hours: TeamDay[]): Promise<void> {
      await k.deleteFrom('team_hours').where('team_id', '=', id).execute();
      for (const day of hours) {
        await k.insertInto('team_hours').values({ team_id: id, weekday: day.weekday, works: day.works, opens: day.opens, closes: day.closes }).execute();
      }
    },

    /** The team's time off that shares a day with `from`..`to`, if any. */
    async overlappingTimeOff(id: number, from: string, to: string): Promise<{ starts_on: string; ends_on: string } | null> {
      const row = await k
        .selectFrom('team_time_off')
        .select((eb) => [dayText(eb.ref('starts_on')).as('starts_on'), dayText(eb.ref('ends_on')).as('ends_on')])
        .where('team_id', '=', id)
        .where('starts_on', '<=', asDate(to))
        .where('ends_on', '>=', asDate(from))
        .orderBy('starts_on')
        .limit(1)
        .executeTakeFirst();
      return row ?? null;
    },

    async addTimeOff(id: number, off: { starts_on: string; ends_on: string; reason: string }): Promise<void> {
      await k.insertInto('team_time_off').values({ team_id: id, starts_on: asDate(off.starts_on), ends_on: asDate(off.ends_on), reason: off.reason }).execute();
    },

    async removeTimeOff(id: number, timeOffId: number): Promise<boolean> {
      return (await k.deleteFrom('team_time_off').where('id', '=', timeOffId).where('team_id', '=', id).returning('id').execute()).length > 0;
    },
  };
}

/** `status <> 'cancelled'`'s right side: the domain's name as the literal it was (decision 096), not a parameter. */
const NOT_CANCELLED = sql.raw<string>(sqlStatus(CANCELLED_STATUS));

/**
 * Jobs booked (checked out, not cancelled) on the UK days `from`..`to`, of one team or of all: what a
 * closure or time off leaves to move on the schedule. UK midnights are computed here, not by the
 * database's time zone data.
 */
export async function bookedJobs(db: Database, from: string, to: string, teamId?: number): Promise<number> {
  const { start, end } = londonDaysSpan(from, to);
  const row = await kysely(db)
    .selectFrom('orders')
    .select(countAll.as('jobs'))
    .where('checked_out_at', 'is not', null)
    .where('status', '<>', NOT_CANCELLED)
    .where('due_at', '>=', start!)
    .where('due_at', '<', end!)
    .$if(teamId !== undefined, (q) => q.where('team_id', '=', teamId!))
    .executeTakeFirst();
  return row?.jobs ?? 0;
}
