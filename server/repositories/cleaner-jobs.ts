import { sql, type InferResult, type NotNull } from 'kysely';
import type { Database } from '../db/database';
import { jsonb, kysely, type Db } from '../db/kysely';
import { jobMinutes } from './job-minutes';
import { PLACED_JOB } from './order-status-sql';

/** A placed booking (as the schedule board's): checked out, timed and not cancelled. */
const PLACED = sql.raw<boolean>(PLACED_JOB);

const jobQuery = (k: Db) =>
  k
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .innerJoin('services as s', 's.id', 'o.service_id')
    .leftJoin('job_visits as v', 'v.order_id', 'o.id')
    .select([
      'o.id', 'o.reference', 'o.due_at', jobMinutes().as('duration_minutes'), 's.id as service_id', 's.name as service',
      'u.name as customer', 'u.email as customer_email', 'o.phone', 'o.address', 'o.city', 'o.code_postal as postcode',
      'o.client_note as notes', 'o.access_notes',
      // json: text from one driver, parsed from the other.
      sql<Array<{ name: string; quantity: number }> | string>`COALESCE((SELECT json_agg(json_build_object('name', oi.name, 'quantity', oi.quantity) ORDER BY oi.name)
                     FROM order_items oi WHERE oi.order_id = o.id), '[]'::json)`.as('items'),
      'v.on_my_way_at', 'v.checked_in_at', 'v.checked_out_at', 'v.checklist_done',
    ])
    .where(PLACED)
    // Placed: timed, and given its reference at checkout (037_order_references.sql); checklist_done is
    // the jsonb list of labels record() writes.
    .$narrowType<{ due_at: NotNull; reference: NotNull; checklist_done: string[] | string | null }>();

export type CleanerJobRow = InferResult<ReturnType<typeof jobQuery>>[number];

export type VisitStep = 'on_my_way' | 'check_in' | 'check_out';

export interface StepRecord {
  at: Date;
  by: number;
  location: { latitude: number; longitude: number } | null;
  checklist?: string[];
}

/** The jobs a team's cleaners see (034_cleaners.sql) and what they record on them. */
export function cleanerJobsRepository(db: Database) {
  const k = kysely(db);
  return {
    /** The team's placed jobs starting in [from, to), earliest first (orders_team_due_idx). */
    teamJobs(teamId: number, from: Date, to: Date): Promise<CleanerJobRow[]> {
      return jobQuery(k).where('o.team_id', '=', teamId).where('o.due_at', '>=', from).where('o.due_at', '<', to).orderBy('o.due_at').orderBy('o.id').execute();
    },

    /** One of the team's placed jobs, its order row locked when `forUpdate`; null for any other. */
    async teamJob(teamId: number, id: number, options: { forUpdate?: boolean } = {}): Promise<CleanerJobRow | null> {
      const row = await jobQuery(k)
        .where('o.team_id', '=', teamId)
        .where('o.id', '=', id)
        .$if(options.forUpdate === true, (q) => q.forUpdate('o'))
        .executeTakeFirst();
      return row ?? null;
    },

    /** The checklists of these services, by service id (a service without rows is absent). */
    async checklists(serviceIds: number[]): Promise<Map<number, string[]>> {
      const rows = await k
        .selectFrom('service_checklists')
        .select(['service_id', 'label'])
        .where((eb) => eb('service_id', '=', eb.fn.any(eb.val(serviceIds))))
        .orderBy('service_id')
        .orderBy('position')
        .execute();
      const lists = new Map<number, string[]>();
      for (const row of rows) lists.set(row.service_id, [...(lists.get(row.service_id) ?? []), row.label]);
      return lists;
    },

    /** The service's checklist becomes `labels`, in order (staff's edit, service-checklists.ts). */
    async replaceChecklist(serviceId: number, labels: readonly string[]): Promise<void> {
      await k.deleteFrom('service_checklists').where('service_id', '=', serviceId).execute();
      await k
        .insertInto('service_checklists')
        .columns(['service_id', 'position', 'label'])
        .expression(sql`SELECT ${serviceId}, position, label FROM unnest(${labels}::text[]) WITH ORDINALITY AS list (label, position)`)
        .execute();
    },

    async record(orderId: number, step: VisitStep, record: StepRecord): Promise<void> {
      const lat = record.location?.latitude ?? null;
      const lng = record.location?.longitude ?? null;
      if (step === 'on_my_way') {
        await k
          .insertInto('job_visits')
          .values({ order_id: orderId, on_my_way_at: record.at, on_my_way_by: record.by })
          .onConflict((oc) => oc.column('order_id').doUpdateSet((eb) => ({ on_my_way_at: eb.ref('excluded.on_my_way_at'), on_my_way_by: eb.ref('excluded.on_my_way_by') })))
          .execute();
      } else if (step === 'check_in') {
        await k
          .insertInto('job_visits')
          .values({ order_id: orderId, checked_in_at: record.at, checked_in_by: record.by, checked_in_lat: lat, checked_in_lng: lng })
          .onConflict((oc) =>
            oc.column('order_id').doUpdateSet((eb) => ({
              checked_in_at: eb.ref('excluded.checked_in_at'),
              checked_in_by: eb.ref('excluded.checked_in_by'),
              checked_in_lat: eb.ref('excluded.checked_in_lat'),
              checked_in_lng: eb.ref('excluded.checked_in_lng'),
            })),
          )
          .execute();
      } else {
        await k
          .updateTable('job_visits')
          .set({ checked_out_at: record.at, checked_out_by: record.by, checked_out_lat: lat, checked_out_lng: lng, checklist_done: jsonb(record.checklist ?? []) })
          .where('order_id', '=', orderId)
          .execute();
      }
    },
  };
}
