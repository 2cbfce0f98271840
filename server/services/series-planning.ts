import type { Database } from '../db/database';
import { availabilityRepository } from '../repositories/availability-repository';
import { auditRepository } from '../repositories/audit';
import { orderRepository } from '../repositories/orders';
import { seriesRepository, type SeriesRow } from '../repositories/series';
import { createUserRepository } from '../repositories/user-repository';
import { checkStart } from '../../domain/capacity/availability-rules';
import { postcodeArea } from '../../domain/capacity/travel-gap';
import { horizonOccurrence, occurrenceDate, occurrenceStart, type SeriesStart } from '../../domain/time/series-dates';
import { latestBookableStart } from '../../domain/terms/booking-horizon';

/** Who planned a visit, in its history (no person did). */
export const SERIES_PLANNER = 'Recurring series';

const startOf = (series: SeriesRow): SeriesStart => ({ firstDate: series.first_date, firstTime: series.first_time, frequency: series.frequency });

/**
 * Plans the series's visits up to the horizon (series-dates.ts), in one transaction with the series
 * row locked: the checkout, the scheduled job on any instance and "Cancel all future visits" take
 * turns on it, and the unique occurrence index would refuse a second copy anyway. Each visit claims
 * a free team at the series's UK time like a checkout does (the day locked first); with no team
 * free it is planned unassigned for the office to place; on a day the company is closed, or when
 * the job no longer fits that day's hours, the date is passed over. Answers the visits planned.
 */
export async function planSeries(db: Database, seriesId: number, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const repository = seriesRepository(tx);
    const series = await repository.find(seriesId, { forUpdate: true });
    if (!series || series.ended_at !== null) return 0;
    // A deleted (anonymised) account books nothing more: its series ends here.
    if (await createUserRepository(tx).isAnonymised(series.user_id)) {
      await repository.end(seriesId, now);
      return 0;
    }
    const start = startOf(series);
    const target = horizonOccurrence(start, now);
    if (target <= series.planned_through) return 0;
    const availability = availabilityRepository(tx);
    const { minutes, postcode } = await availability.orderJob(series.first_order_id);
    const latest = latestBookableStart(now).getTime();
    let planned = 0;
    let through = series.planned_through;
    for (let occurrence = series.planned_through + 1; occurrence <= target; occurrence += 1) {
      const dueAt = occurrenceStart(start, occurrence);
      // Never beyond how far anyone may book (12 months): a later run plans it when it comes in reach.
      if (dueAt.getTime() > latest) break;
      through = occurrence;
      // A visit already past when it comes to be planned (the job was down a long time) is not made.
      if (dueAt.getTime() <= now.getTime()) continue;
      const date = occurrenceDate(series.first_date, series.frequency, occurrence);
      await availability.lockDay(date);
      const check = checkStart(await availability.load(date, date), date, series.first_time, minutes, undefined, postcodeArea(postcode));
      if (check.kind === 'closed' || check.kind === 'outsideHours' || check.kind === 'clockChange') continue;
      const teamId = check.kind === 'free' ? check.teams[0]! : null;
      const id = await repository.insertVisit(series, { seriesId, occurrence, dueAt, teamId, minutes, at: now });
      if (id === null) continue;
      planned += 1;
      await auditRepository(tx).record({
        orderId: id, actorId: null, actor: SERIES_PLANNER, action: 'order.checkout', from: null, to: await orderRepository(tx).paymentMethod(id), at: now,
      });
    }
    await repository.setPlannedThrough(seriesId, through);
    return planned;
  });
}


/** Series planned per batch of the job; the next batch starts after the last id. */
const BATCH = 100;

/** The scheduled job (jobs/series.ts): every series that still plans is brought up to its horizon. */
export async function planAllSeries(db: Database, now: Date): Promise<number> {
  let planned = 0;
  for (let after = 0; ;) {
    const ids = await seriesRepository(db).activeIds(after, BATCH);
    for (const id of ids) planned += await planSeries(db, id, now);
    if (ids.length < BATCH) return planned;
    after = ids.at(-1)!;
  }
}
