import { sql } from 'kysely';
import type { Database } from '../db/database';
import { jsonb, kysely } from '../db/kysely';
import { MIN_JOB_MINUTES } from '../../domain/capacity/availability-rules';

/**
 * The rule itself, once: the service's base time plus each item's minutes × its quantity, never
 * less than the shortest job. It is the text around the items' FROM (rows `alias` with `quantity`,
 * joined to `si`), which JOB_MINUTES_SQL fills with an order's items and choicesMinutes with the
 * choices sent as a parameter.
 */
function lengthOf(baseMinutes: string, alias: string): { before: string; after: string } {
  return {
    before: `GREATEST(${MIN_JOB_MINUTES}, ${baseMinutes} + COALESCE((SELECT SUM(${alias}.quantity * si.duration_minutes)::integer FROM `,
    after: '), 0))',
  };
}

const orderLength = lengthOf('(SELECT base_minutes FROM services WHERE id = o.service_id)', 'oi');

/**
 * How long a job takes, in minutes: the duration copied onto the order at checkout or, for an order
 * not yet checked out (null), its service's base time plus its items' durations × quantities
 * (decision 041); never less than the shortest job (decision 015). The one definition: the
 * customers' free times, the checkout's team claim, the schedule board's cards and its clash check
 * all read it, so none can disagree about where a job ends. `o` is the orders row.
 */
export const JOB_MINUTES_SQL = `GREATEST(${MIN_JOB_MINUTES}, COALESCE(o.duration_minutes, ${orderLength.before}order_items oi JOIN service_items si ON si.id = oi.item_id WHERE oi.order_id = o.id${orderLength.after}))`;

/** JOB_MINUTES_SQL as an integer expression of a Kysely statement whose orders row is `o`. */
export const jobMinutes = () => sql.raw<number>(JOB_MINUTES_SQL);

/**
 * The length a job of these items would have before any order exists (a quote, a phone booking's
 * items): JOB_MINUTES_SQL's rule for an order not checked out, on the choices instead of order_items.
 * The office asks for free times of this length, so a time it offers fits the job it books.
 */
export async function choicesMinutes(db: Database, serviceId: number, items: ReadonlyArray<{ id: number; quantity: number }>): Promise<number> {
  const { before, after } = lengthOf('s.base_minutes', 'c');
  const choices = jsonb(items.map(({ id, quantity }) => ({ id, quantity })));
  const row = await kysely(db)
    .selectFrom('services as s')
    .select(
      sql<number>`${sql.raw(before)}jsonb_to_recordset(${choices}) AS c (id integer, quantity integer) JOIN service_items si ON si.id = c.id${sql.raw(after)}::integer`.as('minutes'),
    )
    .where('s.id', '=', serviceId)
    .executeTakeFirst();
  return row?.minutes ?? MIN_JOB_MINUTES;
}
