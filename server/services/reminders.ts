import type { Database } from '../db/database';
import { remindersRepository } from '../repositories/reminders';
import type { MailOutbox } from '../queue';
import { reminderMail } from '../mails/manage-mails';
import { reminderText } from '../mails/text-messages';
import { queueOrderText } from './texts';

/** The reminder goes out once the job is at most this far ahead. */
export const REMINDER_AHEAD_MS = 24 * 60 * 60 * 1000;
/** Orders reminded per transaction; the rest wait for the next batch of the same run. */
const BATCH = 100;

/**
 * Sends the reminder of every booked job starting within the next 24 hours that has not had one
 * for its current time. Each reminder is claimed (order_reminders, keyed by order and job time) in
 * the transaction that writes its mail into the outbox: two instances running at once, or a run
 * repeated after a crash, send each reminder once; a rescheduled job gets a new one for its new
 * time. Cancelled and completed orders, and those with a cancellation request, get none. Answers
 * how many were sent.
 */
export async function sendDueReminders(db: Database, outbox: MailOutbox, now: Date): Promise<number> {
  const until = new Date(now.getTime() + REMINDER_AHEAD_MS);
  let sent = 0;
  for (;;) {
    const claimed = await db.transaction(async (tx) => {
      const reminders = remindersRepository(tx);
      const ids = await reminders.claimDue(now, until, BATCH);
      if (ids.length === 0) return 0;
      const orders = await reminders.orders(ids);
      for (const order of orders) {
        await outbox.add(tx, reminderMail(order, outbox.site));
        // And a text, to a customer who opted in (decision 094), claimed with the same reminder.
        const dueAt = new Date(order.due_at!);
        await queueOrderText(tx, outbox, { orderId: order.id, kind: 'reminder', dueAt: dueAt.toISOString(), body: reminderText({ service: order.service_name, dueAt }) }, now);
      }
      return ids.length;
    });
    sent += claimed;
    if (claimed < BATCH) return sent;
  }
}

