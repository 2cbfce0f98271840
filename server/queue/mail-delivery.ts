import type { Mail, Mailer } from './mail';
import { randomUUID } from 'node:crypto';
import { QUEUES, type JobQueue } from './queue';

/**
 * One run of a mail job (docs/decisions/028). The Message-ID is the one given when the mail was
 * queued (a job queued before there were any gets one made from its job id, the same on every run),
 * so a rerun after a crash sends the same mail: the outbox writes it once, a receiver can drop it.
 * A mail without an address (queued for an account erased since) is dropped, never sent to an empty
 * To. When the job's row is gone after the send, an erasure deleted it while it ran and may already
 * have swept the outbox: the copy just written is withdrawn. (Erasure deletes the jobs, commits, then
 * sweeps; this writes, then looks: whichever comes last removes the file.)
 */
export async function deliverMail(
  queue: Pick<JobQueue, 'holds'>,
  deps: { mailer: Mailer; site: { publicUrl: string } },
  data: Mail,
  jobId: string,
): Promise<void> {
  if (!data.to?.trim()) return;
  const mail: Mail = { ...data, messageId: data.messageId ?? newMessageId(deps.site, `job-${jobId}`) };
  await deps.mailer.send(mail);
  if (deps.mailer.withdraw && !(await queue.holds(QUEUES.mail, jobId))) await deps.mailer.withdraw(mail);
}

/** A Message-ID of the site's own host, unique to one queued mail (RFC 5322 §3.6.4). */
export function newMessageId(site: { publicUrl: string }, unique: string = randomUUID()): string {
  return `<${unique}@${messageIdHost(site)}>`;
}

function messageIdHost(site: { publicUrl: string }): string {
  try {
    return new URL(site.publicUrl).hostname || 'sparkle.invalid';
  } catch {
    return 'sparkle.invalid';
  }
}
