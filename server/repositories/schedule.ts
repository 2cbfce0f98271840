import { sql, type InferResult, type NotNull, type Selectable } from 'kysely';
import type { Database } from '../db/database';
import { kysely, type Db } from '../db/kysely';
import type { Teams } from '../db/schema';
import { JOB_MINUTES_SQL } from './job-minutes';
import type { OrderStatus } from '../../openapi/schema';
import { PLACED_JOB } from './order-status-sql';

/** A placed booking: checked out (a draft is nobody's job) and not cancelled. */
const PLACED = sql.raw<boolean>(PLACED_JOB);

export type TeamRow = Pick<Selectable<Teams>, 'id' | 'name'>;

/**
 * An order as a job of the board: a checked-out order has its reference (037) and its start. Its
 * customer's staff notes, oldest first (json: text from one driver, parsed from the other), and what
 * the team recorded on the day (034_cleaners.sql; null before anything was): `visit_checked_out_at` is
 * the team's check-out, not the order's checkout (`checked_out_at`).
 */
const jobQuery = (k: Db) =>
  k.selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .innerJoin('services as s', 's.id', 'o.service_id')
    .leftJoin('job_visits as v', 'v.order_id', 'o.id')
    .select([
      'o.id', 'o.reference', 'o.due_at', sql<number>`${sql.raw(JOB_MINUTES_SQL)}`.as('duration_minutes'), 'u.name as customer',
      'o.code_postal as postcode', 's.name as service', 'o.status', 'o.team_id', 'o.version', 'o.checked_out_at',
      sql<string[] | string>`COALESCE((SELECT json_agg(n.body ORDER BY n.created_at, n.id) FROM customer_notes n WHERE n.user_id = o.user_id), '[]'::json)`.as('staff_notes'),
      'v.on_my_way_at', 'v.checked_in_at', 'v.checked_out_at as visit_checked_out_at', 'v.checklist_done',
    ])
    .$narrowType<{ reference: NotNull; due_at: NotNull; status: OrderStatus; checklist_done: string[] | string | null }>();

export type JobRow = InferResult<ReturnType<typeof jobQuery>>[number];

export function scheduleRepository(db: Database) {
  const k = kysely(db);
  return {
    /** Active teams in the board's lane order. */
    teams(): Promise<TeamRow[]> {
      return k.selectFrom('teams').select(['id', 'name']).where((eb) => eb.ref('active')).orderBy('position').orderBy('id').execute();
    },

    /** Placed jobs starting in [from, to), earliest first: served by orders_placed_due_asc_idx. */
    jobsBetween(from: Date, to: Date): Promise<JobRow[]> {
      return jobQuery(k).where(PLACED).where('o.due_at', '>=', from).where('o.due_at', '<', to).orderBy('o.due_at').orderBy('o.id').execute();
    },

    /** One checked-out order as a job (cancelled too: the service says why it cannot change). */
    async job(id: number, options: { forUpdate?: boolean } = {}): Promise<JobRow | null> {
      const query = jobQuery(k).where('o.id', '=', id).where('o.checked_out_at', 'is not', null);
      return (await (options.forUpdate ? query.forUpdate('o') : query).executeTakeFirst()) ?? null;
    },

    /**
     * The team's row, locked until the transaction ends when `forUpdate`: every assignment or move
     * onto a team takes this lock before looking for a clash, so two of them cannot both see the
     * time free (PostgreSQL runs them one after the other; PGlite runs one transaction at a time).
     */
    async team(id: number, options: { forUpdate?: boolean } = {}): Promise<TeamRow | null> {
      const query = k.selectFrom('teams').select(['id', 'name']).where('id', '=', id).where((eb) => eb.ref('active'));
      return (await (options.forUpdate ? query.forUpdate() : query).executeTakeFirst()) ?? null;
    },

    async setTeam(id: number, teamId: number | null): Promise<void> {
      await k.updateTable('orders').set((eb) => ({ team_id: teamId, version: eb('version', '+', 1) })).where('id', '=', id).execute();
    },

    async setStart(id: number, dueAt: Date): Promise<void> {
      await k.updateTable('orders').set((eb) => ({ due_at: dueAt, version: eb('version', '+', 1) })).where('id', '=', id).execute();
    },
  };
}
