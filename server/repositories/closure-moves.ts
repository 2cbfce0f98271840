import { sql, type NotNull } from 'kysely';
import type { Database } from '../db/database';
import { asDate, kysely } from '../db/kysely';
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

/** Visits a closure set aside, each waiting for its customer to choose another time (042_closure_moves.sql). */
export function closureMovesRepository(db: Database) {
  const k = kysely(db);
  /** The visits booked from `from` to `to` (UK days; checked out, not cancelled), of one team or all, earliest first. */
  async function visitsBetween(from: string, to: string, teamId: number | null): Promise<VisitOnDay[]> {
    const { start, end } = londonDaysSpan(from, to);
    const rows = await k
      .selectFrom('orders as o')
      .innerJoin('users as u', 'u.id', 'o.user_id')
      .innerJoin('services as s', 's.id', 'o.service_id')
      .leftJoin('teams as t', 't.id', 'o.team_id')
      .select(['o.id', 'o.reference', 'o.due_at', 'u.name as customer', 'u.email', 's.name as service', 'o.team_id', 't.name as team'])
      .where('o.checked_out_at', 'is not', null)
      .where('o.status', '<>', sql.raw<string>(sqlStatus(CANCELLED_STATUS)))
      .where('o.due_at', '>=', start!)
      .where('o.due_at', '<', end!)
      .$if(teamId !== null, (q) => q.where('o.team_id', '=', teamId!))
      .$narrowType<{ due_at: NotNull }>()
      .orderBy('o.due_at')
      .orderBy('o.id')
      .execute();
    return rows.map((row) => ({
      orderId: row.id, reference: row.reference, dueAt: row.due_at, customer: row.customer, email: row.email ?? '', service: row.service, teamId: row.team_id, team: row.team,
    }));
  }

  return {
    /** The visits booked on the UK `day` (checked out, not cancelled), earliest first. */
    visitsOn: (day: string) => visitsBetween(day, day, null),

    /** The team's visits booked from `from` to `to` (UK days, inclusive), earliest first. */
    teamVisits: (teamId: number, from: string, to: string) => visitsBetween(from, to, teamId),

    /** Sets the order aside for `day`; answers the version its link signs (a closure again: the next one). */
    async setAside(orderId: number, day: string, now: Date): Promise<number> {
      const row = await k
        .insertInto('closure_moves')
        .values({ order_id: orderId, closed_day: asDate(day), created_at: now })
        .onConflict((oc) =>
          oc.column('order_id').doUpdateSet((eb) => ({
            closed_day: eb.ref('excluded.closed_day'),
            created_at: eb.ref('excluded.created_at'),
            used_at: null,
            version: eb('closure_moves.version', '+', 1),
          })),
        )
        .returning('version')
        .executeTakeFirstOrThrow();
      return row.version;
    },

    /** The version of the order's link when it is still unused (locked until the transaction ends); null otherwise. */
    async openVersion(orderId: number): Promise<number | null> {
      const row = await k.selectFrom('closure_moves').select('version').where('order_id', '=', orderId).where('used_at', 'is', null).forUpdate().executeTakeFirst();
      return row?.version ?? null;
    },

    async markUsed(orderId: number, now: Date): Promise<void> {
      await k.updateTable('closure_moves').set({ used_at: now }).where('order_id', '=', orderId).execute();
    },
  };
}
