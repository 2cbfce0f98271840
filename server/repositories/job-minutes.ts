import type { Database } from '../db/database';
import { MIN_JOB_MINUTES } from '../../domain/capacity/availability-rules';

/**
 * How long a job takes, in minutes: the duration copied onto the order at checkout or, for an order
 * not yet checked out (null), its service's base time plus its items' durations × quantities
 * (decision 041); never less than the shortest job (decision 015). The one definition: the
 * customers' free times, the checkout's team claim, the schedule board's cards and its clash check
 * all read it, so none can disagree about where a job ends. `o` is the orders row.
 */
export const JOB_MINUTES_SQL = `GREATEST(${MIN_JOB_MINUTES}, COALESCE(o.duration_minutes, ${lengthOf(
  '(SELECT base_minutes FROM services WHERE id = o.service_id)',
  'order_items oi JOIN service_items si ON si.id = oi.item_id WHERE oi.order_id = o.id', 'oi')}))`;

/**
 * The rule itself, once: the service's base time plus each item's minutes × its quantity, never
 * less than the shortest job. `items` is FROM … of rows `alias` with `quantity`, joined to `si`.
 */
function lengthOf(baseMinutes: string, items: string, alias: string): string {
  return `GREATEST(${MIN_JOB_MINUTES}, ${baseMinutes} + COALESCE((SELECT SUM(${alias}.quantity * si.duration_minutes)::integer FROM ${items}), 0))`;
}

/**
 * The length a job of these items would have before any order exists (a quote, a phone booking's
 * items): JOB_MINUTES_SQL's rule for an order not checked out, on the choices instead of order_items.
 * The office asks for free times of this length, so a time it offers fits the job it books.
 */
export async function choicesMinutes(db: Database, serviceId: number, items: ReadonlyArray<{ id: number; quantity: number }>): Promise<number> {
  const [row] = await db.query<{ minutes: number }>(
    `SELECT ${lengthOf('s.base_minutes', 'jsonb_to_recordset($2::jsonb) AS c (id integer, quantity integer) JOIN service_items si ON si.id = c.id', 'c')}::integer AS minutes
       FROM services s WHERE s.id = $1`,
    [serviceId, JSON.stringify(items.map(({ id, quantity }) => ({ id, quantity })))],
  );
  return row?.minutes ?? MIN_JOB_MINUTES;
}
