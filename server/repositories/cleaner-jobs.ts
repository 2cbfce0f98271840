import type { Database } from '../db/database';
import { JOB_MINUTES_SQL } from './job-minutes';
import { PLACED_JOB } from './order-status-sql';

export interface CleanerJobRow {
  id: number;
  reference: number;
  due_at: Date;
  duration_minutes: number;
  service_id: number;
  service: string;
  customer: string;
  customer_email: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  postcode: string | null;
  notes: string | null;
  access_notes: string | null;
  /** json: text from one driver, parsed from the other. */
  items: Array<{ name: string; quantity: number }> | string;
  on_my_way_at: Date | null;
  checked_in_at: Date | null;
  checked_out_at: Date | null;
  checklist_done: string[] | string | null;
}

/** A placed booking (as the schedule board's): checked out, timed and not cancelled. */
const PLACED = PLACED_JOB;

const SELECT_JOB = `
  SELECT o.id, o.reference, o.due_at, ${JOB_MINUTES_SQL} AS duration_minutes, s.id AS service_id, s.name AS service,
         u.name AS customer, u.email AS customer_email, o.phone, o.address, o.city, o.code_postal AS postcode,
         o.client_note AS notes, o.access_notes,
         COALESCE((SELECT json_agg(json_build_object('name', oi.name, 'quantity', oi.quantity) ORDER BY oi.name)
                     FROM order_items oi WHERE oi.order_id = o.id), '[]'::json) AS items,
         v.on_my_way_at, v.checked_in_at, v.checked_out_at, v.checklist_done
    FROM orders o
    JOIN users u ON u.id = o.user_id
    JOIN services s ON s.id = o.service_id
    LEFT JOIN job_visits v ON v.order_id = o.id`;

export type VisitStep = 'on_my_way' | 'check_in' | 'check_out';

export interface StepRecord {
  at: Date;
  by: number;
  location: { latitude: number; longitude: number } | null;
  checklist?: string[];
}

/** The jobs a team's cleaners see (034_cleaners.sql) and what they record on them. */
export function cleanerJobsRepository(db: Database) {
  return {
    /** The team's placed jobs starting in [from, to), earliest first (orders_team_due_idx). */
    teamJobs(teamId: number, from: Date, to: Date): Promise<CleanerJobRow[]> {
      return db.query<CleanerJobRow>(
        `${SELECT_JOB} WHERE ${PLACED} AND o.team_id = $1 AND o.due_at >= $2 AND o.due_at < $3 ORDER BY o.due_at, o.id`,
        [teamId, from, to],
      );
    },

    /** One of the team's placed jobs, its order row locked when `forUpdate`; null for any other. */
    async teamJob(teamId: number, id: number, options: { forUpdate?: boolean } = {}): Promise<CleanerJobRow | null> {
      const [row] = await db.query<CleanerJobRow>(
        `${SELECT_JOB} WHERE ${PLACED} AND o.team_id = $1 AND o.id = $2${options.forUpdate ? ' FOR UPDATE OF o' : ''}`,
        [teamId, id],
      );
      return row ?? null;
    },

    /** The checklists of these services, by service id (a service without rows is absent). */
    async checklists(serviceIds: number[]): Promise<Map<number, string[]>> {
      const rows = await db.query<{ service_id: number; label: string }>(
        'SELECT service_id, label FROM service_checklists WHERE service_id = ANY($1::integer[]) ORDER BY service_id, position',
        [serviceIds],
      );
      const lists = new Map<number, string[]>();
      for (const row of rows) lists.set(row.service_id, [...(lists.get(row.service_id) ?? []), row.label]);
      return lists;
    },

    /** The service's checklist becomes `labels`, in order (staff's edit, service-checklists.ts). */
    async replaceChecklist(serviceId: number, labels: readonly string[]): Promise<void> {
      await db.query('DELETE FROM service_checklists WHERE service_id = $1', [serviceId]);
      await db.query(
        'INSERT INTO service_checklists (service_id, position, label) SELECT $1, position, label FROM unnest($2::text[]) WITH ORDINALITY AS list (label, position)',
        [serviceId, labels],
      );
    },

    async record(orderId: number, step: VisitStep, record: StepRecord): Promise<void> {
      const lat = record.location?.latitude ?? null;
      const lng = record.location?.longitude ?? null;
      if (step === 'on_my_way') {
        await db.query(
          `INSERT INTO job_visits (order_id, on_my_way_at, on_my_way_by) VALUES ($1, $2, $3)
           ON CONFLICT (order_id) DO UPDATE SET on_my_way_at = $2, on_my_way_by = $3`,
          [orderId, record.at, record.by],
        );
      } else if (step === 'check_in') {
        await db.query(
          `INSERT INTO job_visits (order_id, checked_in_at, checked_in_by, checked_in_lat, checked_in_lng) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (order_id) DO UPDATE SET checked_in_at = $2, checked_in_by = $3, checked_in_lat = $4, checked_in_lng = $5`,
          [orderId, record.at, record.by, lat, lng],
        );
      } else {
        await db.query(
          `UPDATE job_visits SET checked_out_at = $2, checked_out_by = $3, checked_out_lat = $4, checked_out_lng = $5, checklist_done = $6::jsonb
            WHERE order_id = $1`,
          [orderId, record.at, record.by, lat, lng, JSON.stringify(record.checklist ?? [])],
        );
      }
    },
  };
}
