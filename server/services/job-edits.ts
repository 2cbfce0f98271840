import type { JobEdit, JobEditPreview, JobEditSave, JobEditState, OrderDetail } from '../../openapi/schema';
import type { AuthUser } from '../app-context';
import type { Database } from '../db/database';
import type { MailOutbox } from '../queue';
import { badRequest, conflict, notFound } from '../lib/http-error';
import { auditRepository } from '../repositories/audit';
import { availabilityRepository } from '../repositories/availability-repository';
import { jobEditRepository } from '../repositories/job-edits';
import { ledgerRepository } from '../repositories/ledger';
import { loadPriceRules } from '../repositories/price-rules';
import { orderRepository, type OrderRow } from '../repositories/orders';
import { scheduleRepository } from '../repositories/schedule';
import { jobEditDifference, type DifferenceLine } from '../../domain/money/job-edit-difference';
import { ledgerTotals } from '../../domain/money/ledger';
import { isInQueue, statusWord } from '../../domain/orders/order-statuses';
import { formatPounds, toPounds, type Pence } from '../../domain/money/money';
import { lineText, lineView } from '../../domain/money/order-lines';
import { priceJob } from '../../domain/money/pricing';
import { formatLondon, londonClock, londonDate, londonLocalToInstant } from '../../domain/time/london-time';
import { jobEditMail } from '../mails/job-edit-mail';
import { durationLabel } from '../../domain/capacity/job-length';
import { chooseTeam, SLOT_TAKEN_MESSAGE } from './availability';
import { orderReference } from '../../domain/orders/order-reference';
import { collectBalance } from './balance-collection';
import { assertBookableTime } from './bookable-time';
import { refundCardPayments } from './card-refunds';
import { bookingCalendar, myOrdersUrl } from '../mails/order-parts';
import { getOrder } from './orders-admin';
import type { PaymentProvider } from './payment-provider';
import { assertPriceable } from './pricing';
import { UNASSIGNED } from './schedule';
import { documentLaterCharges } from './later-documents';

export const JOB_CHANGED_MESSAGE = 'This job was changed by someone else while you edited it: please check it and edit again';
export const NOTHING_CHANGED_MESSAGE = 'Nothing changed: edit the items, the time or the team first';

type Deps = { db: Database; outbox: MailOutbox; payments: PaymentProvider | null; now: Date };

/** Only a booked job that is still to be done can change (decision 055). */
export function assertEditable(order: OrderRow | null): asserts order is OrderRow {
  if (!order) throw notFound('Order not found');
  if (!isInQueue(order.status)) throw conflict(`This order is ${statusWord(order.status)}: its job cannot change any more`);
  if (order.skipped_at !== null) throw conflict('This visit is skipped: its job cannot change');
  if (order.due_at === null) throw conflict('This order has no time booked yet');
}

const clock = (at: Date) => londonClock(at);

/** GET /admin/order/{id}/job: the form's starting point. */
export async function getJobEdit(db: Database, orderId: number): Promise<JobEditState> {
  const order = await orderRepository(db).find(orderId);
  assertEditable(order);
  const edits = jobEditRepository(db);
  const due = new Date(order.due_at!);
  return {
    order_id: order.id,
    version: order.version,
    service: order.service_id,
    items: await edits.items(orderId),
    extras: await edits.extras(order),
    due_date: londonDate(due),
    due_time: clock(due),
    team_id: (await availabilityRepository(db).orderJob(orderId)).teamId,
    duration_minutes: (await availabilityRepository(db).orderJob(orderId)).minutes,
    postcode: order.code_postal,
    total: toPounds(order.total),
  };
}

interface Applied {
  order: OrderRow;
  lines: DifferenceLine[];
  before: Pence;
  after: Pence;
  minutes: number;
  /** The job's length before the edit: new items work it out again, so a length staff set may change. */
  was: number;
  moved: boolean;
  team: { from: string; to: string } | null;
}

/**
 * The edit, applied inside `tx`: the same code answers the preview (then rolled back) and the
 * save, so the difference shown is the one written. The order's row is locked first and its
 * version compared (two edits of one job take turns; the second sees 409); the items are priced
 * by the one pricing rule at the order's frequency and address; the job's length comes from its new
 * items (JOB_MINUTES_SQL) and the time and team pass the capacity rule under the day's lock.
 */
async function applyEdit(tx: Database, orderId: number, edit: JobEdit, now: Date): Promise<Applied> {
  const orders = orderRepository(tx);
  const order = await orders.find(orderId, { forUpdate: true });
  assertEditable(order);
  if (order.version !== edit.version) throw conflict(JOB_CHANGED_MESSAGE);
  const edits = jobEditRepository(tx);
  const job = await availabilityRepository(tx).orderJob(orderId);
  const ledger = await ledgerRepository(tx).forOrder(orderId);
  const before = ledgerTotals(ledger).total;
  // Only new choices are priced: a job that just moves keeps its price and its length.
  const rechosen = !sameChoices(await edits.items(orderId), edit.items) || !sameChoices(await edits.extras(order), edit.extras);
  let lines: DifferenceLine[] = [];
  let minutes = job.minutes;
  if (rechosen) {
    const loaded = await loadPriceRules(tx, order.service_id);
    if (!loaded) throw notFound('Service not found');
    const { rules } = loaded;
    const choices = { items: edit.items, extras: edit.extras, frequency: order.frequency, postcode: order.code_postal ?? order.priced_postcode };
    assertPriceable(rules, choices);
    lines = jobEditDifference(ledger, priceJob(rules, choices).lines, rules.vatPercent);
    await edits.writeChoices(orderId, rules, edit);
    minutes = (await availabilityRepository(tx).orderJob(orderId)).minutes;
  }
  const dueAt = londonLocalToInstant(edit.due_date, edit.due_time);
  if (Number.isNaN(dueAt.getTime())) throw badRequest('due_date must be a date (YYYY-MM-DD)');
  const moved = dueAt.getTime() !== new Date(order.due_at!).getTime();
  const teamChanged = edit.team_id !== null && edit.team_id !== job.teamId;
  if (!rechosen && !moved && !teamChanged) {
    throw badRequest(NOTHING_CHANGED_MESSAGE);
  }
  let team: Applied['team'] = null;
  if (moved || teamChanged || minutes !== job.minutes) {
    if (moved) await assertBookableTime(tx, { orderId, dueAt }, now);
    const availability = availabilityRepository(tx);
    await availability.lockDay(edit.due_date);
    const data = await availability.load(edit.due_date, edit.due_date);
    const wanted = edit.team_id ?? job.teamId;
    const chosen = chooseTeam(data, { orderId, date: edit.due_date, time: edit.due_time, minutes, current: wanted, postcode: order.code_postal });
    if (edit.team_id !== null && chosen.teamId !== edit.team_id) {
      const name = data.teams.find((candidate) => candidate.id === edit.team_id)?.name;
      if (!name) throw notFound('Team not found');
      throw conflict(moved ? SLOT_TAKEN_MESSAGE : `${name} is not free then: please choose another team or time`);
    }
    await availability.assign(orderId, chosen.teamId, minutes);
    if (chosen.teamId !== job.teamId) {
      const from = job.teamId === null ? null : await scheduleRepository(tx).team(job.teamId);
      team = { from: from?.name ?? UNASSIGNED, to: chosen.teamName };
    }
  }
  await edits.setDue(orderId, dueAt);
  return { order, lines, before, after: before + lines.reduce((sum, line) => sum + line.amount, 0), minutes, was: job.minutes, moved, team };
}

const sameChoices = (a: JobEdit['extras'], b: JobEdit['extras']) => {
  const key = (choices: JobEdit['extras']) => choices.map(({ id, quantity }) => `${id}x${quantity}`).sort().join(',');
  return key(a) === key(b);
};

/** Thrown to roll a preview's transaction back with its answer. */
class Preview extends Error {
  constructor(readonly preview: JobEditPreview) {
    super('preview');
  }
}

/** POST /admin/order/{id}/job/preview: what saving would add; nothing is written. */
export async function previewJobEdit(deps: Deps, orderId: number, edit: JobEdit): Promise<JobEditPreview> {
  try {
    await deps.db.transaction(async (tx) => {
      const applied = await applyEdit(tx, orderId, edit, deps.now);
      throw new Preview({
        lines: applied.lines.map(lineView),
        previousTotal: toPounds(applied.before),
        total: toPounds(applied.after),
        difference: toPounds(applied.after - applied.before),
        duration_minutes: applied.minutes,
      });
    });
  } catch (error) {
    if (error instanceof Preview) return error.preview;
    throw error;
  }
  throw new Error('unreachable: a preview always rolls back');
}

/** PUT /admin/order/{id}/job: the edit, its ledger lines, its history and the customer's mail, in one transaction. */
export async function editJob(deps: Deps, admin: AuthUser, orderId: number, save: JobEditSave): Promise<OrderDetail> {
  const reason = save.reason.trim();
  const { db, now } = deps;
  const difference = await db.transaction(async (tx) => {
    const applied = await applyEdit(tx, orderId, save, now);
    const ledger = ledgerRepository(tx);
    for (const line of applied.lines) {
      await ledger.add({ orderId, ...line, reason, actorId: admin.id, actor: admin.name, at: now });
    }
    // What the edit added or took off an invoiced order: its own VAT invoice or credit note (decision 059).
    await documentLaterCharges(tx, orderId, deps.outbox, now, reason);
    const audit = auditRepository(tx);
    const who = { orderId, actorId: admin.id, actor: admin.name, at: now };
    // New items give the job the length they take, replacing one staff set (decision 084): the history says so.
    if (applied.minutes !== applied.was) await audit.record({ ...who, action: 'order.length', from: durationLabel(applied.was), to: `${durationLabel(applied.minutes)}: ${reason}` });
    await audit.record({ ...who, action: 'order.job_edit', from: formatPounds(applied.before), to: `${formatPounds(applied.after)}: ${reason}` });
    const edited = (await orderRepository(tx).find(orderId))!;
    if (applied.moved) await audit.record({ ...who, action: 'order.moved', from: formatLondon(applied.order.due_at), to: formatLondon(edited.due_at) });
    if (applied.team) await audit.record({ ...who, action: 'order.team', ...applied.team });
    const change = applied.after - applied.before;
    const text = jobEditMail({
      name: edited.user_name,
      service: edited.service_name,
      reference: orderReference(edited),
      when: formatLondon(edited.due_at),
      was: applied.moved ? formatLondon(applied.order.due_at) : null,
      changes: applied.lines.map((line) => lineText(line)),
      total: formatPounds(applied.after),
      reason,
      money: moneyText(edited, change),
      myOrdersUrl: myOrdersUrl(deps.outbox.site),
    });
    // The calendar entry keeps its UID and takes the order's new version as its SEQUENCE.
    await deps.outbox.add(tx, { to: edited.user_email, ...text, ...(applied.moved ? { attachments: bookingCalendar(edited, deps.outbox.site, now) } : {}) });
    return change;
  });
  try {
    // As a staff adjustment (order-adjustments.ts): more on a card-paid order is collected with Pay
    // now; less is given back through the provider. Either may be refused now and stays shown as due.
    if (difference > 0) await collectBalance(deps, orderId);
    if (difference < 0) await refundCardPayments(deps, orderId, Number.POSITIVE_INFINITY);
  } catch {
    // The edit stands; My orders shows the balance due (Pay now asks again), staff see the refund due.
  }
  return getOrder(db, orderId);
}

function moneyText(order: OrderRow, change: Pence): string | null {
  if (change === 0) return null;
  if (order.payment_method !== 'card' || order.paid_amount === null) return change > 0 ? `The difference of ${formatPounds(change)} is due on the day.` : null;
  return change > 0
    ? `The difference of ${formatPounds(change)} is due: pay it with Pay now on My orders.`
    : `The difference of ${formatPounds(-change)} is refunded to your card.`;
}

