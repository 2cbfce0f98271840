import { onTheWayMail } from '../mails/cleaner-mails';
import { onTheWayText } from '../mails/text-messages';
import { queueOrderText } from './texts';
import { collectOwedFeesWith } from './owed-fees';
import type { CleanerJob, CleanerJobs, JobProgress, JobVisit } from '../../openapi/schema';
import type { AppContext, AuthUser } from '../app-context';
import { badRequest, conflict, notFound } from '../lib/http-error';
import { cleanerJobsRepository, type CleanerJobRow } from '../repositories/cleaner-jobs';
import { cleanersRepository } from '../repositories/cleaners';
import { addDays } from '../../domain/time/london-days';
import type { Database } from '../db/database';
import { auditRepository } from '../repositories/audit';
import { orderRepository } from '../repositories/orders';
import { lifecycleRefusal } from './orders-admin';
import { COMPLETED_STATUS } from '../../domain/orders/order-statuses';
import { londonDate, londonLocalToInstant } from '../../domain/time/london-time';
import { jobPhotosRepository } from '../repositories/job-photos';
import { decodePhoto, PHOTO_ONLY_AT_CHECK_OUT } from './job-photos';
import { jobStepRefusal } from '../../domain/jobs/job-step-window';
import type { AuditAction } from '../repositories/audit';
import { invoiceIfPaid } from './receipts';
import type { MailOutbox } from '../queue';


/** The checklist of a service that staff have not written one for. */
export const DEFAULT_CHECKLIST = ['Kitchen surfaces and sink', 'Bathroom and toilet', 'Floors vacuumed and mopped', 'Bins emptied', 'Windows and doors locked on leaving'];
/** Today and the six days after it: the cleaner's week. */
export const CLEANER_DAYS = 7;
export const JOB_NOT_FOUND = 'Job not found';
export const CHECK_IN_FIRST = 'Check in before checking out';

/** Each step of a cleaner's day as the order's history names it. */
const STEP_ACTIONS: Record<JobProgress['step'], AuditAction> = { on_my_way: 'job.on_my_way', check_in: 'job.check_in', check_out: 'job.check_out' };

const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
const iso = (at: Date | null) => (at ? at.toISOString() : null);

/** The job's progress as staff and cleaners see it (also on the schedule board's cards). */
export function visitView(row: { on_my_way_at: Date | null; checked_in_at: Date | null; checked_out_at: Date | null; checklist_done: string[] | string | null }): JobVisit {
  return {
    on_my_way_at: iso(row.on_my_way_at),
    checked_in_at: iso(row.checked_in_at),
    checked_out_at: iso(row.checked_out_at),
    checklist_done: row.checklist_done === null ? [] : parsed(row.checklist_done),
  };
}

/** An OpenStreetMap search for the address: no key, no tracking script, opens the phone's browser. */
export function mapUrl(parts: Array<string | null>): string | null {
  const query = parts.filter((part): part is string => Boolean(part?.trim())).join(', ');
  return query ? `https://www.openstreetmap.org/search?query=${encodeURIComponent(query)}` : null;
}

function jobView(row: CleanerJobRow, checklist: string[], today: string): CleanerJob {
  const isToday = londonDate(row.due_at) === today;
  return {
    id: row.id,
    reference: row.reference,
    start: row.due_at.toISOString(),
    duration_minutes: Number(row.duration_minutes),
    service: row.service,
    customer_first_name: row.customer.trim().split(/\s+/)[0] ?? '',
    phone: row.phone,
    address: [row.address, row.city].filter(Boolean).join(', ') || null,
    postcode: row.postcode,
    map_url: mapUrl([row.address, row.city, row.postcode]),
    notes: row.notes,
    // Key safe codes: to the assigned team (the query's team) on the job's day only.
    access_notes: isToday ? row.access_notes : null,
    items: parsed(row.items),
    checklist,
    visit: visitView(row),
    today: isToday,
  };
}

async function teamOf(ctx: AppContext, cleaner: AuthUser) {
  return cleanersRepository(ctx.db).teamOf(cleaner.id);
}

/** The cleaner's team's jobs from today (UK) for a week; a cleaner without a team has none. */
export async function listMyJobs(ctx: AppContext, cleaner: AuthUser): Promise<CleanerJobs> {
  const today = londonDate(ctx.now());
  const team = await teamOf(ctx, cleaner);
  if (!team) return { team: null, today, jobs: [] };
  const from = londonLocalToInstant(today, '00:00');
  const to = londonLocalToInstant(addDays(today, CLEANER_DAYS), '00:00');
  const jobs = cleanerJobsRepository(ctx.db);
  const rows = await jobs.teamJobs(team.id, from, to);
  const lists = await jobs.checklists([...new Set(rows.map((row) => row.service_id))]);
  return { team, today, jobs: rows.map((row) => jobView(row, lists.get(row.service_id) ?? DEFAULT_CHECKLIST, today)) };
}

/**
 * The team's check-out is the job done: the order becomes completed by the lifecycle's own rule
 * (orders-admin.ts lifecycleRefusal: not before the job's start, never a cancelled order), in the
 * order's history under the cleaner's name. Refused by the rule, the order stays as it is for staff.
 */
async function completeAtCheckOut(tx: Database, cleaner: AuthUser, orderId: number, now: Date, outbox: MailOutbox): Promise<void> {
  const orders = orderRepository(tx);
  const order = await orders.find(orderId);
  if (!order || order.status === COMPLETED_STATUS || lifecycleRefusal(order, COMPLETED_STATUS, now, 'cleaner')) return;
  await orders.setStatus(orderId, COMPLETED_STATUS, now);
  await auditRepository(tx).record({ orderId, actorId: cleaner.id, actor: cleaner.name, action: 'order.status', from: order.status, to: COMPLETED_STATUS, at: now });
  // A late skip's fee owed on an earlier cash visit is taken with this one (decision 070).
  await collectOwedFeesWith(tx, order, { id: cleaner.id, name: cleaner.name }, now);
  // A cash job is paid on the day: invoiced now, so revenue counts it (decision 072).
  await invoiceIfPaid(tx, (await orders.find(orderId))!, outbox, now);
}

/**
 * One step of the job's day (machines/job-day.machine.ts is the page's side of it). The order's row
 * is locked, so two cleaners of the team pressing "On my way" together send one mail. A step already
 * recorded is answered as it stands: a retried request records and mails nothing twice.
 */
export async function recordJobProgress(ctx: AppContext, cleaner: AuthUser, orderId: number, input: JobProgress): Promise<CleanerJob> {
  // The photo is checked before the transaction: a refused one records nothing (decision 061).
  if (input.photo !== undefined && input.step !== 'check_out') throw badRequest(PHOTO_ONLY_AT_CHECK_OUT);
  const photo = input.photo === undefined ? null : decodePhoto(input.photo);
  const team = await teamOf(ctx, cleaner);
  if (!team) throw notFound(JOB_NOT_FOUND);
  const now = ctx.now();
  const today = londonDate(now);
  return ctx.db.transaction(async (tx) => {
    const jobs = cleanerJobsRepository(tx);
    const job = await jobs.teamJob(team.id, orderId, { forUpdate: true });
    if (!job) throw notFound(JOB_NOT_FOUND);
    const checklist = (await jobs.checklists([job.service_id])).get(job.service_id) ?? DEFAULT_CHECKLIST;
    const location = input.consent === true ? (input.location ?? null) : null;
    const done = { on_my_way: job.on_my_way_at ?? job.checked_in_at, check_in: job.checked_in_at, check_out: job.checked_out_at }[input.step];
    if (done) return jobView(job, checklist, today);
    // The window around the job's start (domain/jobs/job-step-window.ts): not at 00:36 for a 09:00 job.
    const refusal = jobStepRefusal(input.step, job.due_at, now);
    if (refusal) throw conflict(refusal);
    if (input.step === 'check_out' && !job.checked_in_at) throw conflict(CHECK_IN_FIRST);
    await jobs.record(job.id, input.step, {
      at: now,
      by: cleaner.id,
      location,
      checklist: (input.checklist ?? []).filter((label) => checklist.includes(label)),
    });
    // In the order's history, by whom and when, beside the customer's own "Booked online".
    await auditRepository(tx).record({ orderId: job.id, actorId: cleaner.id, actor: cleaner.name, action: STEP_ACTIONS[input.step], from: null, to: team.name, at: now });
    if (input.step === 'check_out' && photo) await jobPhotosRepository(tx).save(job.id, { ...photo, at: now, by: cleaner.id });
    if (input.step === 'check_out') await completeAtCheckOut(tx, cleaner, job.id, now, ctx.outbox);
    if (input.step === 'on_my_way' && job.customer_email) {
      // No access notes, address or codes in a mail: only that the team is coming, and when.
      const firstName = jobView(job, checklist, today).customer_first_name;
      await ctx.outbox.add(tx, { to: job.customer_email, ...onTheWayMail({ firstName, team: team.name, service: job.service, dueAt: job.due_at }, ctx.config.publicUrl) });
    }
    if (input.step === 'on_my_way') {
      // A text too, to a customer who opted in (decision 094): claimed once for this order and job time.
      const dueAt = new Date(job.due_at);
      await queueOrderText(tx, ctx.outbox, { orderId: job.id, kind: 'on_my_way', dueAt: dueAt.toISOString(), body: onTheWayText({ team: team.name, service: job.service, dueAt }) }, now);
    }
    return jobView((await jobs.teamJob(team.id, orderId))!, checklist, today);
  });
}
