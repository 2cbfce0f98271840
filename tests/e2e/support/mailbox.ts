import { readLatestMail, type OutboxMail } from '../../../server/services/outbox';
import { e2eOutboxDir } from './server-env';

/**
 * The newest mail the end-to-end server sent to `to` (it writes .eml files to its outbox), waiting
 * a little for it: the server answers before the file is surely on disk.
 */
export async function newestMailTo(to: string, options: { timeoutMs?: number; after?: number } = {}): Promise<OutboxMail> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const mail = await readLatestMail(e2eOutboxDir, to);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} in ${e2eOutboxDir}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The first link of the mail whose path starts with `pathPrefix` (e.g. "/reset-password/"). */
export function linkIn(mail: OutboxMail, pathPrefix: string): string {
  const link = mail.links.find((href) => new URL(href).pathname.startsWith(pathPrefix));
  if (!link) throw new Error(`no ${pathPrefix} link in "${mail.subject}": ${mail.links.join(', ')}`);
  return link;
}
