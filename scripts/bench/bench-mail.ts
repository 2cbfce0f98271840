import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { confirmationToken } from '../../tests/api/support/confirmation-link';
import { waitForMail } from '../../tests/api/support/mail-wait';
import { startMailSink } from './mail-sink';

/**
 * Where a bench server's mail goes. BENCH_MAIL=smtp (the default): SMTP to a mail server in a
 * process of its own, as production sends it (scripts/bench/mail-sink.ts). BENCH_MAIL=outbox: `.eml`
 * files in the server's data folder, the development mailer (what the bench used before decision 119).
 */
export interface BenchMail {
  /** What the server is given as SMTP_URL (none: the outbox). */
  smtpUrl?: string;
  /** The token of the confirmation link mailed to `email` (registration, decision 029). */
  confirmationToken(email: string): Promise<string>;
  /** Mails delivered so far. */
  delivered(): Promise<number>;
  stop(): Promise<void>;
}

export const BENCH_MAIL = process.env.BENCH_MAIL === 'outbox' ? 'outbox' : 'smtp';

export async function benchMail(dataDir: string): Promise<BenchMail> {
  if (BENCH_MAIL === 'outbox') {
    const outbox = path.join(dataDir, 'outbox');
    return {
      confirmationToken: async (email) => confirmationToken(await waitForMail(outbox, email)),
      delivered: async () => (await readdir(outbox).catch(() => [])).filter((name) => name.endsWith('.eml')).length,
      stop: async () => {},
    };
  }
  const sink = await startMailSink();
  return {
    smtpUrl: sink.url,
    confirmationToken: async (email) => confirmationToken(await sink.linksTo(email)),
    delivered: async () => sink.received(),
    stop: () => sink.stop(),
  };
}

/** Until `mail` has received `owed` mails (checked every 50 ms, for at most 2 minutes): a phase does not pay for the last one's mails. */
export async function mailsDelivered(mail: BenchMail, owed: number, label = 'the server'): Promise<void> {
  const deadline = Date.now() + 120_000;
  while ((await mail.delivered()) < owed) {
    if (Date.now() > deadline) throw new Error(`${label}: ${owed - (await mail.delivered())} mails still undelivered after 2 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
