import type { TextSettings, TextSettingsUpdate } from '../../openapi/schema';
import type { Database } from '../db/database';
import type { MailOutbox } from '../queue';
import { TextRecipientOptedOut, type Text, type TextSender } from '../queue/text';
import { badRequest } from '../lib/http-error';
import { auditRepository } from '../repositories/audit';
import { textsRepository, type ConsentRow, type ConsentSource } from '../repositories/texts';
import { readableMobile, replyKeyword, ukMobile } from '../../domain/texts/uk-mobile';
import { firstJobText, TEXT_KIND_NAMES } from '../mails/text-messages';
import { addDays } from '../../domain/time/london-days';
import { londonDate, londonLocalToInstant } from '../../domain/time/london-time';

/**
 * Text messages (issue 38 part 2, decision 094): a person's explicit, recorded and withdrawable
 * consent; texts about an order claimed once per order, kind and job time, limited per number and
 * queued like mail; delivery that sends only while the consent holds and writes each text into the
 * order's history once; STOP and START replies from the provider's inbound webhook.
 */
export const OPT_IN_NEEDS_A_NUMBER = 'Enter the UK mobile number texts should go to';
/** Who the order's history names for a text sent. */
export const TEXTS_ACTOR = 'Sparkle Cleaning';
const DAY_MS = 24 * 60 * 60 * 1000;

function settingsView(row: ConsentRow | null): TextSettings {
  return row
    ? { phone: row.phone, optedIn: row.opted_in, changedAt: new Date(row.changed_at).toISOString(), source: row.source }
    : { phone: null, optedIn: false, changedAt: null, source: null };
}

export async function textSettings(db: Database, userId: number): Promise<TextSettings> {
  return settingsView(await textsRepository(db).consent(userId));
}

/**
 * The profile's choice. A number that is not a UK mobile is refused with why; opting in needs one.
 * A change (of the choice or of the number) is recorded with its time and source; the same choice
 * sent again changes nothing, so the time shown stays that of the consent given.
 */
export async function updateTextSettings(db: Database, userId: number, update: TextSettingsUpdate, now: Date): Promise<TextSettings> {
  const mobile = ukMobile(update.phone);
  if (!mobile.ok) throw badRequest(update.phone.trim() ? mobile.message : OPT_IN_NEEDS_A_NUMBER);
  return db.transaction(async (tx) => {
    const texts = textsRepository(tx);
    const before = await texts.consent(userId, { forUpdate: true });
    if (before && before.phone === mobile.e164 && before.opted_in === update.optedIn) return settingsView(before);
    const after = await texts.setConsent(userId, mobile.e164, update.optedIn, 'profile', now);
    return settingsView(after);
  });
}

/**
 * A reply from the provider's inbound webhook (already verified): a STOP word opts every person
 * with that number out, START opts them back in; anything else changes nothing. Answers how many
 * consents changed.
 */
export async function applyReply(db: Database, reply: { from: string; body: string }, now: Date): Promise<number> {
  const keyword = replyKeyword(reply.body);
  const mobile = ukMobile(reply.from);
  if (!keyword || !mobile.ok) return 0;
  const optedIn = keyword === 'in';
  const source: ConsentSource = optedIn ? 'start reply' : 'stop reply';
  return db.transaction((tx) => textsRepository(tx).setByPhone(mobile.e164, optedIn, source, now));
}

/**
 * Queues a text about an order to its customer, in the caller's transaction, when they have opted
 * in: claimed in order_texts (one per order, kind and job time, so concurrent or repeated triggers
 * queue one), and only while the number has had fewer than the day's limit. The consent's row is
 * locked, so two texts to one person count one after the other. Answers whether it was queued.
 */
export async function queueOrderText(tx: Database, outbox: MailOutbox, text: Omit<Text, 'to' | 'userId'>, now: Date): Promise<boolean> {
  if (!outbox.addText) return false;
  const customer = await textsRepository(tx).consentingCustomerOfOrder(text.orderId);
  return customer ? queueClaimed(tx, outbox, { ...text, userId: customer.userId }, customer.phone, now) : false;
}

/** The limit per number, the claim, the job: queued when all three allow it. */
async function queueClaimed(tx: Database, outbox: MailOutbox, text: Omit<Text, 'to'>, phone: string, now: Date): Promise<boolean> {
  const texts = textsRepository(tx);
  if (!outbox.addText) return false;
  if ((await texts.queuedSince(phone, new Date(now.getTime() - DAY_MS))) >= (outbox.textsPerNumberPerDay ?? 10)) return false;
  if (!(await texts.claim(text, phone, now))) return false;
  await outbox.addText(tx, { ...text, to: phone });
  return true;
}

/** Cleaners get their next day's first job from this UK time on (the cron runs every 15 minutes). */
export const FIRST_JOB_TEXT_FROM = '18:00';

/**
 * Each cleaner who opted in gets, once, the first job of their team tomorrow (UK days), from 18:00
 * UK time the day before: claimed per cleaner and job like the customers' texts, so racing runs send
 * one, and a job moved to another time or another first job gives a new one. Answers how many were queued.
 */
export async function queueCleanersFirstJobs(db: Database, outbox: MailOutbox, now: Date): Promise<number> {
  const today = londonDate(now);
  if (now < londonLocalToInstant(today, FIRST_JOB_TEXT_FROM)) return 0;
  const tomorrow = addDays(today, 1);
  const rows = await textsRepository(db).firstJobsOfCleaners(londonLocalToInstant(tomorrow, '00:00'), londonLocalToInstant(addDays(tomorrow, 1), '00:00'));
  let queued = 0;
  for (const row of rows) {
    const dueAt = new Date(row.due_at);
    const sent = await db.transaction(async (tx) => {
      const phone = await textsRepository(tx).consentingPhone(row.user_id);
      if (!phone) return false;
      const text = { orderId: row.order_id, kind: 'first_job' as const, dueAt: dueAt.toISOString(), userId: row.user_id, body: firstJobText({ service: row.service, dueAt }) };
      return queueClaimed(tx, outbox, text, phone, now);
    });
    if (sent) queued += 1;
  }
  return queued;
}

/**
 * One run of a text job. Sent only if not sent yet and the person still consents to that number
 * (a STOP since it was queued, or an erased account, sends nothing); once the provider took it, the
 * text is marked sent and written into the order's history, both once.
 */
export async function deliverText(db: Database, sender: TextSender, text: Text, now: () => Date): Promise<void> {
  if (!(await textsRepository(db).stillToSend(text))) return;
  try {
    await sender.send(text);
  } catch (error) {
    if (!(error instanceof TextRecipientOptedOut)) throw error;
    await recordProviderOptOut(db, text, now());
    return;
  }
  await db.transaction(async (tx) => {
    const at = now();
    if (!(await textsRepository(tx).markSent(text, at))) return;
    await textHistory(tx, text, `${TEXT_KIND_NAMES[text.kind]} to ${readableMobile(text.to)}`, at);
  });
}

/** A text's line in its order's history (`order.text`), written by the shop, not a person. */
function textHistory(tx: Database, text: Text, line: string, at: Date): Promise<void> {
  return auditRepository(tx).record({ orderId: text.orderId, actorId: null, actor: TEXTS_ACTOR, action: 'order.text', from: null, to: line, at });
}

/**
 * The provider refuses the text because the number replied STOP to it (Twilio 21610), a STOP the
 * shop never heard (its inbound webhook was down): recorded as that reply would have been, every
 * consent to the number withdrawn with the source "stop reply", and the order's history says the
 * text was not sent and why. The job then ends: a retry would be refused again.
 */
async function recordProviderOptOut(db: Database, text: Text, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await textsRepository(tx).setByPhone(text.to, false, 'stop reply', at);
    // "reminder not sent to +44 …": erasure keeps what stands before the first " to " (decision 094).
    await textHistory(tx, text, `${TEXT_KIND_NAMES[text.kind]} not sent to ${readableMobile(text.to)}: the number replied STOP to our texts, so texts to it are off`, at);
  });
}
