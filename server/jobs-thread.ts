/**
 * The jobs thread (decision 136): mail delivery and the periodic jobs, run from server.ts in a
 * worker thread of the same process when the database is a PostgreSQL server. Its own event loop
 * and its own heap: a batch of mails parsed, rendered and sent no longer waits in line with the
 * requests, and what it keeps alive for a while is collected here, not in the requests' heap. With
 * checkouts on the next 3 days this took the checkout's open-loop p99 from about 2 × a draft's to 1.15 ×.
 * Spread over 300 days it first looked worse; that was mostly the bench's young table's autovacuum (decision 138).
 * Messages: it posts 'ready' once its workers run, and stops them on 'stop', then posts 'stopped'.
 */
import { parentPort } from 'node:worker_threads';
import pino from 'pino';
import { loadConfig } from './config';
import { openDatabase } from './db/open-database';
import { startWorkers } from './jobs';
import { createJobServices, workerDepsOf } from './job-services';
import { loggerOptions } from './lib/logger-options';

/** Mail, texts and the periodic jobs need a few connections, not the request pool's size. */
const JOBS_POOL_MAX = 4;

const config = loadConfig();
const options = loggerOptions(config);
const logger = pino(typeof options === 'object' ? { ...(options as pino.LoggerOptions), name: 'jobs' } : { enabled: false });
const db = await openDatabase({ ...config, dbPoolMax: Math.min(config.dbPoolMax, JOBS_POOL_MAX) });
const now = () => new Date();
const log = {
  info: (message: string) => logger.info(message),
  jobFailed: (error: unknown, job: { name: string; id: string | number }) => logger.warn({ err: error, job }, 'job failed'),
};
const services = createJobServices({ db, config, now, log });
await startWorkers(services.jobs, workerDepsOf(services, { db, config, now, log }));
parentPort?.on('message', (message: unknown) => {
  if (typeof message !== 'object' || message === null || (message as { stop?: number }).stop === undefined) return;
  const { stop } = message as { stop: number };
  void (async () => {
    await services.jobs.stop(stop).catch((error: unknown) => logger.error({ err: error }, 'jobs stop failed'));
    await services.mailer.close?.();
    await db.close().catch(() => {});
    parentPort?.postMessage('stopped');
  })();
});
parentPort?.postMessage('ready');
