import path from 'node:path';
import { readLatestMail, readOutbox, type OutboxMail } from '../../../server/services/outbox';

/**
 * Mails are sent by the job queue's worker after the request has answered, so a test waits for
 * the `.eml` file to appear: polled, with a bounded deadline (a lost mail fails the test).
 */
export async function waitForMail(outboxDir: string, to: string, options: { timeoutMs?: number; where?: (mail: OutboxMail) => boolean } = {}): Promise<OutboxMail> {
  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  for (;;) {
    const mail = await readLatestMail(outboxDir, to);
    if (mail && (options.where?.(mail) ?? true)) return mail;
    if (Date.now() > deadline) {
      // What did arrive for them, oldest first: a mail that came after the one awaited hides it.
      const theirs = (await readOutbox(outboxDir)).filter((sent) => sent.to.toLowerCase() === to.trim().toLowerCase());
      const arrived = theirs.map((sent) => `${path.basename(sent.file)} "${sent.subject}"`).join('; ') || 'none';
      throw new Error(`No mail to ${to} in ${outboxDir} within ${options.timeoutMs ?? 20_000} ms (theirs: ${arrived})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Polls `condition` until it holds or the deadline passes (then throws `what`). */
export async function eventually<T>(what: string, probe: () => Promise<T>, holds: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (holds(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still not true after ${timeoutMs} ms (last: ${JSON.stringify(value)?.slice(0, 300)})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
