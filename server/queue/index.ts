import type { Config } from '../config';
import type { Database } from '../db/database';
import type { Mail, Mailer } from './mail';
import type { Text } from './text';
import { newMessageId } from './mail-delivery';
import { createLocalQueue } from './local-queue';
import { createPgBossQueue } from './pg-boss-queue';
import { QUEUES, type JobQueue, type JobStatement, type QueueName, type RetryPolicy } from './queue';

/**
 * The plumbing below the services (decision 077): the job queue (pg-boss on a PostgreSQL server, the
 * embedded runner on PGlite) and the mail outbox that services write to in their transactions. The
 * cron schedulers that take work out and call services are above them, in jobs/.
 */
export { QUEUES, type JobQueue, type JobStatement } from './queue';

/** Where a change puts the mails it causes: in its own transaction, sent after it commits. */
export interface MailOutbox {
  /** Queues the mail with its Message-ID; a mail without an address (an erased account's) is not queued. */
  add(tx: Database, mail: Mail): Promise<void>;
  /**
   * The job `add` would write, as a statement for the caller to run inside one of its own (decision
   * 113: the checkout's write); null when the mail has no address (nothing is queued).
   */
  jobFor?(mail: Mail): Promise<JobStatement | null>;
  /** Erasure, in its transaction: every mail job to `to` is deleted (queue.ts, forgetMail). */
  forget?(tx: Database, to: string): Promise<void>;
  /** Erasure, after it committed: the copies of mails to `to` kept on this server (outbox files) are removed. */
  forgetDelivered?(to: string): Promise<void>;
  /**
   * Queues a text (decision 094) in the caller's transaction, sent after it commits by the text
   * worker; the caller has claimed it (order_texts) and checked the consent and the limit.
   */
  addText?(tx: Database, text: Text): Promise<void>;
  /** Texts queued to one number in 24 hours at most (TEXTS_PER_NUMBER_PER_DAY); more are dropped. */
  readonly textsPerNumberPerDay?: number;
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

export type JobLog = (error: unknown, job: { name: string; id: string | number }) => void;

export function retryPolicy(config: Pick<Config, 'mailRetryLimit' | 'mailRetryDelaySeconds'>): (name: QueueName) => RetryPolicy {
  return (name) =>
    name === QUEUES.mail || name === QUEUES.text
      ? { retryLimit: config.mailRetryLimit, retryDelay: config.mailRetryDelaySeconds }
      : { retryLimit: 2, retryDelay: 60 };
}

/** pg-boss on a PostgreSQL server, the embedded runner on PGlite. */
export function createJobQueue(db: Database, config: Pick<Config, 'mailRetryLimit' | 'mailRetryDelaySeconds'>, onError: JobLog): JobQueue {
  const retry = retryPolicy(config);
  return db.executeSql ? createPgBossQueue(db, db.executeSql, { retry, onError }) : createLocalQueue(db, { retry, onError });
}

export function mailOutbox(queue: JobQueue, site: MailSite, mailer?: Mailer, texts: { perNumberPerDay?: number } = {}): MailOutbox {
  return {
    textsPerNumberPerDay: texts.perNumberPerDay ?? 10,
    async add(tx, mail) {
      // An erased account's orders have no address left: nothing is ever sent to an empty To.
      if (!mail.to?.trim()) return;
      await queue.send(tx, QUEUES.mail, { ...mail, messageId: mail.messageId ?? newMessageId(site) });
    },
    async jobFor(mail) {
      if (!mail.to?.trim()) return null;
      return queue.jobStatement(QUEUES.mail, { ...mail, messageId: mail.messageId ?? newMessageId(site) });
    },
    addText: (tx, text) => queue.send(tx, QUEUES.text, text),
    forget: (tx, to) => queue.forgetMail(tx, to),
    forgetDelivered: async (to) => mailer?.forget?.(to),
    site,
  };
}
