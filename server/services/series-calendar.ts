import type { Database } from '../db/database';
import type { MailSite } from '../queue';
import { orderRepository } from '../repositories/orders';
import { seriesRepository, type SeriesRow } from '../repositories/series';
import type { MailAttachment } from '../queue/mail';
import { addressOf, DEFAULT_JOB_MINUTES, myOrdersUrl } from '../mails/order-parts';
import { occurrenceStart } from '../../domain/time/series-dates';
import { isCancelled } from '../../domain/orders/order-statuses';
import { seriesCalendarFile } from './series-ics';

/**
 * The series' calendar entry as it stands in the database (issue 25): what every mail about a
 * series attaches (the confirmation, a skip and its undo, a visit moved, the end), read in the
 * transaction of the change so it shows that change.
 */
export async function seriesCalendar(db: Database, series: SeriesRow, site: MailSite, stamp: Date): Promise<MailAttachment[]> {
  const first = await orderRepository(db).find(series.first_order_id);
  if (!first) return [];
  const visits = await seriesRepository(db).visits([series.id], new Date(0));
  const byOccurrence = new Map(visits.map((visit) => [visit.series_occurrence, visit]));
  const start = { firstDate: series.first_date, firstTime: series.first_time, frequency: series.frequency };
  const excluded: Date[] = [];
  const moved: { original: Date; start: Date; minutes: number }[] = [];
  for (let occurrence = 0; occurrence <= series.planned_through; occurrence += 1) {
    const original = occurrenceStart(start, occurrence);
    const visit = byOccurrence.get(occurrence);
    if (!visit || isCancelled(visit.status) || visit.due_at === null) excluded.push(original);
    else if (new Date(visit.due_at).getTime() !== original.getTime()) {
      moved.push({ original, start: new Date(visit.due_at), minutes: visit.duration_minutes ?? DEFAULT_JOB_MINUTES });
    }
  }
  const host = new URL(site.publicUrl).hostname || 'sparkle.test';
  const content = seriesCalendarFile({
    uid: `series-${series.id}@${host}`,
    sequence: series.calendar_sequence,
    frequency: series.frequency,
    firstStart: occurrenceStart(start, 0),
    minutes: first.duration_minutes ?? DEFAULT_JOB_MINUTES,
    excluded,
    moved,
    until: series.ended_at,
    summary: `Sparkle Cleaning: ${series.service_name} (${series.frequency_name})`,
    location: addressOf(first),
    description: `Your ${series.frequency_name.toLowerCase()} ${series.service_name}. Manage it on My orders: ${myOrdersUrl(site)}`,
    stamp,
  });
  return [{ filename: `series-${series.id}.ics`, contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content }];
}
