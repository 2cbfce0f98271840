import type { Database } from '../db/database';
import type { MailOutbox } from '../queue';
import { offerFreedTimes } from '../services/waitlist';

/**
 * Every minute (UTC): ends the waiting lists' holds that ran out and offers their times to the next
 * customer waiting (decision 056), and offers any time freed by a change no request announced. The
 * queue runs each slot once across instances; the day locks and the entries' statuses make a
 * second run, anywhere, offer nothing twice.
 */
export const WAITLIST_CRON = '* * * * *';

export function runWaitlistOffers(deps: { db: Database; outbox: MailOutbox }, now: Date): Promise<number> {
  return offerFreedTimes(deps, now);
}
