import type { Config } from './config';
import type { Database } from './db/database';
import type { WorkerDeps } from './jobs';
import { createJobQueue, mailOutbox, type JobQueue, type MailOutbox } from './queue';
import type { Mailer } from './queue/mail';
import { createGoCardlessProvider, type DirectDebitProvider } from './services/gocardless';
import { createMailer } from './services/mailer';
import type { PaymentProvider } from './services/payment-provider';
import { createStripePaymentProvider } from './services/stripe-payment-provider';
import { createTestPaymentProvider } from './services/test-payment-provider';
import { createTextSender } from './services/text-sender';

/** The queue, the mail outbox and the providers, built alike by the app (app.ts) and the jobs thread (jobs-thread.ts). */
export interface JobServices {
  mailer: Mailer;
  jobs: JobQueue;
  outbox: MailOutbox;
  payments: PaymentProvider | null;
  directDebit: DirectDebitProvider | null;
}

export interface JobServicesOptions {
  db: Database;
  config: Config;
  now: () => Date;
  log: { info(message: string): void; jobFailed(error: unknown, job: { name: string; id: string | number }): void };
  /** Tests' own; default from the configuration. */
  mailer?: Mailer;
  jobs?: JobQueue;
  payments?: PaymentProvider | null;
}

export function createJobServices(options: JobServicesOptions): JobServices {
  const { db, config, now, log } = options;
  const mailer = options.mailer ?? createMailer(config, (message) => log.info(message));
  const jobs = options.jobs ?? createJobQueue(db, config, (error, job) => log.jobFailed(error, job));
  const site = { publicUrl: config.publicUrl, vatNumber: config.vatNumber, supplierName: config.supplierName, supplierAddress: config.supplierAddress };
  return {
    mailer,
    jobs,
    outbox: mailOutbox(jobs, site, mailer, { perNumberPerDay: config.textsPerNumberPerDay }),
    payments:
      options.payments !== undefined
        ? options.payments
        : config.paymentProvider === 'test'
          ? createTestPaymentProvider({ db, secret: config.paymentWebhookSecret, now })
          : config.paymentProvider === 'stripe' && config.stripe
            ? createStripePaymentProvider({ ...config.stripe, publicUrl: config.publicUrl, now })
            : null,
    directDebit: config.goCardless ? createGoCardlessProvider(config.goCardless) : null,
  };
}

/** What the workers of jobs/index.ts run with. */
export function workerDepsOf(services: JobServices, options: Pick<JobServicesOptions, 'db' | 'config' | 'now' | 'log'>): WorkerDeps {
  const { db, config, now, log } = options;
  return {
    db,
    mailer: services.mailer,
    now,
    outbox: services.outbox,
    payments: services.payments,
    texts: createTextSender(config, (message) => log.info(message)),
    directDebit: services.directDebit,
    office: config.adminEmail,
  };
}
