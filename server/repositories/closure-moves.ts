import type { Database } from '../db/database';
import { londonDaysSpan } from '../../domain/time/london-days';
import { sqlStatus } from './order-status-sql';
import { CANCELLED_STATUS } from '../../domain/orders/order-statuses';

/** A visit booked on a day being closed (or a team's day off), as the close dialog lists it and its mail needs it. */
export interface VisitOnDay {
  orderId: number;
  /** What the customer calls the order (decision 043). */
  reference: number | null;
  dueAt: Date;
  customer: string;
  email: string;
  service: string;
  teamId: number | null;
  team: string | null;
}

type VisitRow = { id: number; reference: number | null; due_at: Date | string; customer: string; email: string | null; service: string; team_id: number | null; team: string | null };

/** Visits a closure set aside, each waiting for its customer to choose another time (042_closure_moves.sql). */
export function closureMovesRepository(db: Database) {
  /** The visits booked from `from` to `to` (UK days; checked out, not cancelled), of one team or all, earliest first. */
  async function visitsBetween(from: string, to: string, teamId: number | null): Promise<VisitOnDay[]> {
    const { start, end } = londonDaysSpan(from, to);
    const rows = await db.query<VisitRow>(
      `SELECT o.id, o.reference, o.due_at, u.name AS customer, u.email, s.name AS service, o.team_id, t.name AS team
         FROM orders o JOIN users u ON u.id = o.user_id JOIN services s ON s.id = o.service_id LEFT JOIN teams t ON t.id = o.team_id
        WHERE o.checked_out_at IS NOT NULL AND o.status <> ${sqlStatus(CANCELLED_STATUS)} AND o.due_at >= $1 AND o.due_at < $2
          AND ($3::int IS NULL OR o.team_id = $3::int)
        ORDER BY o.due_at, o.id`,
      [start, end, teamId],
    );
    return rows.map((row) => ({
      orderId: row.id, reference: row.reference, dueAt: new Date(row.due_at), customer: row.customer, email: row.email ?? '', service: row.service, teamId: row.team_id, team: row.team,
    }));
  }

  return {
    /** The visits booked on the UK `day` (checked out, not cancelled), earliest first. */
    visitsOn: (day: string) => visitsBetween(day, day, null),

    /** The team's visits booked from `from` to `to` (UK days, inclusive), earliest first. */
    teamVisits: (teamId: number, from: string, to: string) => visitsBetween(from, to, teamId),

    /** Sets the order aside for `day`; answers the version its link signs (a closure again: the next one). */
    async setAside(orderId: number, day: string, now: Date): Promise<number> {
      const [row] = await db.query<{ version: number }>(
        `INSERT INTO closure_moves (order_id, closed_day, created_at) VALUES ($1, $2::date, $3)
         ON CONFLICT (order_id) DO UPDATE SET closed_day = EXCLUDED.closed_day, created_at = EXCLUDED.created_at,
                                              used_at = NULL, version = closure_moves.version + 1
         RETURNING version`,
        [orderId, day, now],
      );
      return row!.version;
    },

    /** The version of the order's link when it is still unused (locked until the transaction ends); null otherwise. */
    async openVersion(orderId: number): Promise<number | null> {
      const [row] = await db.query<{ version: number }>(
        'SELECT version FROM closure_moves WHERE order_id = $1 AND used_at IS NULL FOR UPDATE',
        [orderId],
      );
      return row?.version ?? null;
    },

    async markUsed(orderId: number, now: Date): Promise<void> {
      await db.query('UPDATE closure_moves SET used_at = $2 WHERE order_id = $1', [orderId, now]);
    },
  };
}
