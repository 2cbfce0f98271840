import type { Database } from '../db/database';
import { handTunedRows } from '../db/hand-tuned';
import { LONDON } from '../../domain/time/london-time';
import type { DocumentSums } from './revenue';
import { sqlStatus } from './order-status-sql';
import { CANCELLED_STATUS } from '../../domain/orders/order-statuses';

/** The signed document sums of one service or team (a GROUPING SETS row). */
export interface RevenueRow extends DocumentSums {
  dimension: 'service' | 'team';
  key: string | null;
}

export interface VisitRow {
  dimension: 'total' | 'weekday' | 'hour';
  key: number | null;
  orders: number;
  cancelled: number;
}

export interface CustomerRow {
  customers: number;
  repeat: number;
  top: Array<{ id: number; name: string; visits: number }> | string | null;
}

// A placed order (decision 007: drafts count nowhere) due in [start, end): the partial index
// orders_placed_due_asc_idx answers it without touching other periods.
const VISITS = `FROM orders WHERE checked_out_at IS NOT NULL AND due_at >= $1 AND due_at < $2`;

/**
 * The owner's report (decision 049): each breakdown is one aggregate over the period's rows through
 * an index on their date, grouped in the database, so the work grows with the period, not the
 * history, and only the few summed rows travel.
 */
export function businessReportRepository(db: Database) {
  return {
    /**
     * The period's documents by the order's service and by its team, in one pass. The period's
     * revenue in all and by month is the one revenue statement's (repositories/revenue.ts, decision 072).
     */
    async revenueBreakdowns(start: Date, end: Date): Promise<RevenueRow[]> {
      return handTunedRows<RevenueRow>(
        db,
        `WITH documents AS (
           SELECT 1 AS sign, issued_at, order_id, net, vat, gross FROM invoices WHERE issued_at >= $1 AND issued_at < $2
           UNION ALL
           SELECT -1, issued_at, order_id, net, vat, gross FROM credit_notes WHERE issued_at >= $1 AND issued_at < $2
         ), labelled AS (
           SELECT d.*,
                  CASE WHEN o.id IS NULL THEN 'Deleted order' ELSE s.name END AS service,
                  CASE WHEN o.id IS NULL THEN 'Deleted order' WHEN t.id IS NULL THEN 'No team' ELSE t.name END AS team
             FROM documents d
             LEFT JOIN orders o ON o.id = d.order_id
             LEFT JOIN services s ON s.id = o.service_id
             LEFT JOIN teams t ON t.id = o.team_id
         )
         SELECT CASE GROUPING(service, team) WHEN 1 THEN 'service' ELSE 'team' END AS dimension,
                COALESCE(service, team) AS key,
                count(*) FILTER (WHERE sign = 1)::integer AS invoices,
                count(*) FILTER (WHERE sign = -1)::integer AS credit_notes,
                COALESCE(sum(sign * net), 0)::bigint AS net, COALESCE(sum(sign * vat), 0)::bigint AS vat, COALESCE(sum(sign * gross), 0)::bigint AS gross
           FROM labelled
          GROUP BY GROUPING SETS ((service), (team))`,
        [start, end],
      );
    },

    /** Orders due in the period (and how many were cancelled), in all and by UK weekday and hour of the start. */
    async visits(start: Date, end: Date): Promise<VisitRow[]> {
      return handTunedRows<VisitRow>(
        db,
        `SELECT CASE GROUPING(weekday, hour) WHEN 3 THEN 'total' WHEN 1 THEN 'weekday' ELSE 'hour' END AS dimension,
                COALESCE(weekday, hour) AS key,
                count(*)::integer AS orders, count(*) FILTER (WHERE status = ${sqlStatus(CANCELLED_STATUS)})::integer AS cancelled
           FROM (SELECT status, extract(isodow FROM due_at AT TIME ZONE $3)::integer AS weekday,
                        extract(hour FROM due_at AT TIME ZONE $3)::integer AS hour
                 ${VISITS}) AS visits
          GROUP BY GROUPING SETS ((), (weekday), (hour))`,
        [start, end, LONDON],
      );
    },

    /** Refunds paid in the period: the ledger's refund lines (pence, as text: a sum may pass 2^31). */
    async refunds(start: Date, end: Date): Promise<{ refunds: number; refunded: string }> {
      const [row] = await handTunedRows<{ refunds: number; refunded: string }>(
        db,
        `SELECT count(*)::integer AS refunds, COALESCE(sum(amount), 0)::text AS refunded
           FROM order_ledger WHERE kind = 'refund' AND created_at >= $1 AND created_at < $2`,
        [start, end],
      );
      return row ?? { refunds: 0, refunded: '0' };
    },

    /** Customers with a visit not cancelled in the period, those with two or more, and the ten with most. */
    async customers(start: Date, end: Date): Promise<CustomerRow> {
      const [row] = await handTunedRows<CustomerRow>(
        db,
        `WITH per_customer AS (
           SELECT user_id, count(*)::integer AS visits ${VISITS} AND status <> ${sqlStatus(CANCELLED_STATUS)} GROUP BY user_id
         )
         SELECT (SELECT count(*)::integer FROM per_customer) AS customers,
                (SELECT count(*)::integer FROM per_customer WHERE visits >= 2) AS repeat,
                (SELECT json_agg(top) FROM (
                   SELECT u.id, u.name, p.visits FROM per_customer p JOIN users u ON u.id = p.user_id
                    ORDER BY p.visits DESC, lower(u.name), u.id LIMIT 10) AS top) AS top`,
        [start, end],
      );
      return row ?? { customers: 0, repeat: 0, top: null };
    },
  };
}
