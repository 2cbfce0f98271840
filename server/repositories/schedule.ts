import type { Database } from '../db/database';
import { JOB_MINUTES_SQL } from './job-minutes';
import type { OrderStatus } from '../../openapi/schema';
import { PLACED_JOB } from './order-status-sql';

/** A placed booking: checked out (a draft is nobody's job) and not cancelled. */
const PLACED = PLACED_JOB;

export interface JobRow {
  id: number;
  reference: number;
  due_at: Date;
  duration_minutes: number;
  customer: string;
  postcode: string | null;
  service: string;
  status: OrderStatus;
  team_id: number | null;
  version: number;
  checked_out_at: Date | null;
  /** The customer's staff notes, oldest first (json: text from one driver, parsed from the other). */
  staff_notes: string[] | string;
  /** What the team recorded on the day (034_cleaners.sql); null before anything was. */
  on_my_way_at: Date | null;
  checked_in_at: Date | null;
  /** The team's check-out (not the order's checkout, `checked_out_at`). */
  visit_checked_out_at: Date | null;
  checklist_done: string[] | string | null;
}

export interface TeamRow {
  id: number;
  name: string;
}

const SELECT_JOB = `
  SELECT o.id, o.reference, o.due_at, ${JOB_MINUTES_SQL} AS duration_minutes, u.name AS customer,
         o.code_postal AS postcode, s.name AS service, o.status, o.team_id, o.version, o.checked_out_at,
         COALESCE((SELECT json_agg(n.body ORDER BY n.created_at, n.id) FROM customer_notes n WHERE n.user_id = o.user_id), '[]'::json) AS staff_notes,
         v.on_my_way_at, v.checked_in_at, v.checked_out_at AS visit_checked_out_at, v.checklist_done
    FROM orders o
    JOIN users u ON u.id = o.user_id
    JOIN services s ON s.id = o.service_id
    LEFT JOIN job_visits v ON v.order_id = o.id`;

export function scheduleRepository(db: Database) {
  return {
    /** Active teams in the board's lane order. */
    teams(): Promise<TeamRow[]> {
      return db.query<TeamRow>('SELECT id, name FROM teams WHERE active ORDER BY position, id');
    },

    /** Placed jobs starting in [from, to), earliest first: served by orders_due_at_idx. */
    jobsBetween(from: Date, to: Date): Promise<JobRow[]> {
      return db.query<JobRow>(
        `${SELECT_JOB} WHERE ${PLACED} AND o.due_at >= $1 AND o.due_at < $2 ORDER BY o.due_at, o.id`,
        [from, to],
      );
    },

    /** One checked-out order as a job (cancelled too: the service says why it cannot change). */
    async job(id: number, options: { forUpdate?: boolean } = {}): Promise<JobRow | null> {
      const rows = await db.query<JobRow>(
        `${SELECT_JOB} WHERE o.id = $1 AND o.checked_out_at IS NOT NULL${options.forUpdate ? ' FOR UPDATE OF o' : ''}`,
        [id],
      );
      return rows[0] ?? null;
    },

    /**
     * The team's row, locked until the transaction ends when `forUpdate`: every assignment or move
     * onto a team takes this lock before looking for a clash, so two of them cannot both see the
     * time free (PostgreSQL runs them one after the other; PGlite runs one transaction at a time).
     */
    async team(id: number, options: { forUpdate?: boolean } = {}): Promise<TeamRow | null> {
      const rows = await db.query<TeamRow>(
        `SELECT id, name FROM teams WHERE id = $1 AND active${options.forUpdate ? ' FOR UPDATE' : ''}`,
        [id],
      );
      return rows[0] ?? null;
    },

    async setTeam(id: number, teamId: number | null): Promise<void> {
      await db.query('UPDATE orders SET team_id = $2, version = version + 1 WHERE id = $1', [id, teamId]);
    },

    async setStart(id: number, dueAt: Date): Promise<void> {
      await db.query('UPDATE orders SET due_at = $2, version = version + 1 WHERE id = $1', [id, dueAt]);
    },
  };
}
