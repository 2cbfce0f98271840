import type { Database } from '../db/database';
import type { Mail, Mailer } from '../queue/mail';
import { deliverMail } from '../queue/mail-delivery';
import { QUEUES, type JobQueue, type MailOutbox } from '../queue';
import { purgeExpired, PURGERS, type Purger } from '../services/purge';
import { REMINDER_CRON, remindDue } from './reminders';
import { keepSeriesHorizon, SERIES_CRON } from './series';
import { chargeVisitsDue, VISIT_CHARGES_CRON } from './visit-charges';
import { runWaitlistOffers, WAITLIST_CRON } from './waitlist';
import type { PaymentProvider } from '../services/payment-provider';
import type { Text, TextSender } from '../queue/text';
import { deliverText, queueCleanersFirstJobs } from '../services/texts';
import type { DirectDebitProvider } from '../services/gocardless';

/**
 * The cron schedulers, above the services (decision 077): each periodic job calls a service; the
 * queue they run on and the mail outbox are below the services, in queue/.
 */

/** Every 15 minutes (UTC). */
export const PURGE_CRON = '*/15 * * * *';
/** Every 15 minutes: cleaners' first-job texts leave from 18:00 UK time, within 15 minutes. */
export const CLEANER_TEXTS_CRON = '*/15 * * * *';

export interface WorkerDeps {
  db: Database;
  mailer: Mailer;
  now: () => Date;
  purgers?: Record<string, Purger>;
  /** Where the reminders write their mails. */
  outbox: MailOutbox;
  /** Sends the texts (Twilio or the outbox folder; decision 094); absent: text jobs wait. */
  texts?: TextSender;
  /** Charges series' visits to saved cards (decision 038); absent or null: nothing is charged. */
  payments?: PaymentProvider | null;
  /** Collects series' done visits by Direct Debit (decision 093); absent or null: nothing is collected. */
  directDebit?: DirectDebitProvider | null;
  /** Told of Direct Debit failures (ADMIN_EMAIL). */
  office?: string | null;
}

/** Starts the queue with its workers: mail delivery, the periodic purge, the booking reminders and the series' planning. */
export async function startWorkers(queue: JobQueue, deps: WorkerDeps): Promise<void> {
  await queue.start();
  await queue.work(QUEUES.mail, async (data, job) => deliverMail(queue, { mailer: deps.mailer, site: deps.outbox.site }, data as Mail, job.id));
  const texts = deps.texts;
  if (texts) await queue.work(QUEUES.text, async (data) => deliverText(deps.db, texts, data as Text, deps.now));
  await queue.work(QUEUES.cleanerTexts, async () => {
    await queueCleanersFirstJobs(deps.db, deps.outbox, deps.now());
  });
  await queue.schedule(QUEUES.cleanerTexts, CLEANER_TEXTS_CRON);
  await queue.work(QUEUES.purge, async () => {
    await purgeExpired(deps.db, deps.now(), deps.purgers ?? PURGERS);
  });
  await queue.schedule(QUEUES.purge, PURGE_CRON);
  await queue.work(QUEUES.reminders, async () => {
    await remindDue(deps.db, deps.outbox, deps.now());
  });
  await queue.schedule(QUEUES.reminders, REMINDER_CRON);
  await queue.work(QUEUES.series, async () => {
    await keepSeriesHorizon(deps.db, deps.now());
  });
  await queue.schedule(QUEUES.series, SERIES_CRON);
  await queue.work(QUEUES.visitCharges, async () => {
    await chargeVisitsDue({ db: deps.db, payments: deps.payments ?? null, outbox: deps.outbox, directDebit: deps.directDebit ?? null, office: deps.office ?? null }, deps.now());
  });
  await queue.schedule(QUEUES.visitCharges, VISIT_CHARGES_CRON);
  await queue.work(QUEUES.waitlist, async () => {
    await runWaitlistOffers(deps, deps.now());
  });
  await queue.schedule(QUEUES.waitlist, WAITLIST_CRON);
}
