import type { Config } from '../config';
import type { Database } from '../db/database';
import type { Mail, Mailer } from '../services/mail';
import { deliverMail, newMessageId } from './mail-delivery';
import { createLocalQueue } from './local-queue';
import { createPgBossQueue } from './pg-boss-queue';
import { purgeExpired, PURGERS, type Purger } from './purge';
import { QUEUES, type JobQueue, type QueueName, type RetryPolicy } from './queue';
import { REMINDER_CRON, sendDueReminders } from './reminders';
import { keepSeriesHorizon, SERIES_CRON } from './series';
import { chargeVisitsDue, VISIT_CHARGES_CRON } from './visit-charges';
import { runWaitlistOffers, WAITLIST_CRON } from './waitlist';
import type { PaymentProvider } from '../services/payment-provider';

export { QUEUES, type JobQueue } from './queue';

/** Where a change puts the mails it causes: in its own transaction, sent after it commits. */
export interface MailOutbox {
  /** Queues the mail with its Message-ID; a mail without an address (an erased account's) is not queued. */
  add(tx: Database, mail: Mail): Promise<void>;
  /** Erasure, in its transaction: every mail job to `to` is deleted (queue.ts, forgetMail). */
  forget?(tx: Database, to: string): Promise<void>;
  /** Erasure, after it committed: the copies of mails to `to` kept on this server (outbox files) are removed. */
  forgetDelivered?(to: string): Promise<void>;
  /** Who the mails come from: their links (My orders on PUBLIC_URL) and the VAT number of invoices. */
  readonly site: MailSite;
}

export interface MailSite {
  publicUrl: string;
  vatNumber: string;
  /** Who issues the invoices (config SUPPLIER_NAME, SUPPLIER_ADDRESS); the defaults of invoice-labels.ts when left out. */
  supplierName?: string;
  supplierAddress?: string;
}

/** Every 15 minutes (UTC). */
export const PURGE_CRON = '*/15 * * * *';

export type JobLog = (error: unknown, job: { name: string; id: string | number }) => void;

export function retryPolicy(config: Pick<Config, 'mailRetryLimit' | 'mailRetryDelaySeconds'>): (name: QueueName) => RetryPolicy {
  return (name) =>
    name === QUEUES.mail
      ? { retryLimit: config.mailRetryLimit, retryDelay: config.mailRetryDelaySeconds }
      : { retryLimit: 2, retryDelay: 60 };
}

/** pg-boss on a PostgreSQL server, the embedded runner on PGlite. */
export function createJobQueue(db: Database, config: Pick<Config, 'mailRetryLimit' | 'mailRetryDelaySeconds'>, onError: JobLog): JobQueue {
  const retry = retryPolicy(config);
  return db.executeSql ? createPgBossQueue(db, db.executeSql, { retry, onError }) : createLocalQueue(db, { retry, onError });
}

export function mailOutbox(queue: JobQueue, site: MailSite, mailer?: Mailer): MailOutbox {
  return {
    async add(tx, mail) {
      // An erased account's orders have no address left: nothing is ever sent to an empty To.
      if (!mail.to?.trim()) return;
      await queue.send(tx, QUEUES.mail, { ...mail, messageId: mail.messageId ?? newMessageId(site) });
    },
    forget: (tx, to) => queue.forgetMail(tx, to),
    forgetDelivered: async (to) => mailer?.forget?.(to),
    site,
  };
}


export interface WorkerDeps {
  db: Database;
  mailer: Mailer;
  now: () => Date;
  purgers?: Record<string, Purger>;
  /** Where the reminders write their mails. */
  outbox: MailOutbox;
  /** Charges series' visits to saved cards (decision 038); absent or null: nothing is charged. */
  payments?: PaymentProvider | null;
}

/** Starts the queue with its workers: mail delivery, the periodic purge, the booking reminders and the series' planning. */
export async function startWorkers(queue: JobQueue, deps: WorkerDeps): Promise<void> {
  await queue.start();
  await queue.work(QUEUES.mail, async (data, job) => deliverMail(queue, { mailer: deps.mailer, site: deps.outbox.site }, data as Mail, job.id));
  await queue.work(QUEUES.purge, async () => {
    await purgeExpired(deps.db, deps.now(), deps.purgers ?? PURGERS);
  });
  await queue.schedule(QUEUES.purge, PURGE_CRON);
  await queue.work(QUEUES.reminders, async () => {
    await sendDueReminders(deps.db, deps.outbox, deps.now());
  });
  await queue.schedule(QUEUES.reminders, REMINDER_CRON);
  await queue.work(QUEUES.series, async () => {
    await keepSeriesHorizon(deps.db, deps.now());
  });
  await queue.schedule(QUEUES.series, SERIES_CRON);
  await queue.work(QUEUES.visitCharges, async () => {
    await chargeVisitsDue({ db: deps.db, payments: deps.payments ?? null, outbox: deps.outbox }, deps.now());
  });
  await queue.schedule(QUEUES.visitCharges, VISIT_CHARGES_CRON);
  await queue.work(QUEUES.waitlist, async () => {
    await runWaitlistOffers(deps, deps.now());
  });
  await queue.schedule(QUEUES.waitlist, WAITLIST_CRON);
}
