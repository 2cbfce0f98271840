import type { Database } from '../db/database';
import type { MailOutbox } from '../queue';
import { sendDueReminders } from '../services/reminders';

/** Every 5 minutes (UTC): a reminder leaves at most 5 minutes after the job came within 24 hours. */
export const REMINDER_CRON = '*/5 * * * *';

/** The job's run: the reminders due now (services/reminders.ts); a second run, on any instance, sends none again. */
export function remindDue(db: Database, outbox: MailOutbox, now: Date): Promise<number> {
  return sendDueReminders(db, outbox, now);
}
