import type { Database } from '../db/database';
import { SELECT_ORDER } from '../repositories/orders';
import type { MailOutbox } from '../queue';
import { reminderMail } from '../mails/manage-mails';
import { reminderText } from '../mails/text-messages';
import { queueOrderText } from '../services/texts';

/** The reminder goes out once the job is at most this far ahead. */
export const REMINDER_AHEAD_MS = 24 * 60 * 60 * 1000;
/** Every 5 minutes (UTC): a reminder leaves at most 5 minutes after the job came within 24 hours. */
export const REMINDER_CRON = '*/5 * * * *';
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
      const rows = await tx.query<{ order_id: number }>(
        `INSERT INTO order_reminders (order_id, due_at, sent_at)
         SELECT o.id, o.due_at, $3
           FROM orders o
          WHERE o.checked_out_at IS NOT NULL AND o.due_at > $1 AND o.due_at <= $2
            AND o.status IN ('awaiting_validation', 'payment_validated')
            AND NOT EXISTS (SELECT 1 FROM refund_requests r WHERE r.order_id = o.id)
            AND NOT EXISTS (SELECT 1 FROM order_reminders m WHERE m.order_id = o.id AND m.due_at = o.due_at)
          ORDER BY o.due_at
          LIMIT ${BATCH}
         ON CONFLICT (order_id, due_at) DO NOTHING
         RETURNING order_id`,
        [now, until, now],
      );
      if (rows.length === 0) return 0;
      const orders = await tx.query<Parameters<typeof reminderMail>[0]>(
        `${SELECT_ORDER} WHERE o.id = ANY($1::int[]) ORDER BY o.id`,
        [rows.map((row) => row.order_id)],
      );
      for (const order of orders) {
        await outbox.add(tx, reminderMail(order, outbox.site));
        // And a text, to a customer who opted in (decision 094), claimed with the same reminder.
        const dueAt = new Date(order.due_at!);
        await queueOrderText(tx, outbox, { orderId: order.id, kind: 'reminder', dueAt: dueAt.toISOString(), body: reminderText({ service: order.service_name, dueAt }) }, now);
      }
      return rows.length;
    });
    sent += claimed;
    if (claimed < BATCH) return sent;
  }
}

