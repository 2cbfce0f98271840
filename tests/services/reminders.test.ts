import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../server/app-context';
import type { Database } from '../../server/db/database';
import type { MailOutbox } from '../../server/queue';
import type { Mail } from '../../server/queue/mail';
import type { Text } from '../../server/queue/text';
import { reminderText } from '../../server/mails/text-messages';
import { remindersRepository } from '../../server/repositories/reminders';
import { createOrder } from '../../server/services/orders';
import { updateOrderStatus } from '../../server/services/orders-admin';
import { requestRefund } from '../../server/services/refunds';
import { sendDueReminders } from '../../server/services/reminders';
import { rescheduleOrder } from '../../server/services/reschedule';
import { updateTextSettings } from '../../server/services/texts';
import type { TestDatabase } from '../api/support/test-database';
import { bookings } from './support/booking';
import { houseKeepingDatabase, seededUser } from './support/own-database';

/**
 * The reminder 24 hours before a job (services/reminders.ts on repositories/reminders.ts), run with
 * a fixed `now`: which booked jobs are due (in (now, now + 24 h], checked out, still in the queue,
 * no cancellation asked for), each reminded once for its time, and again once moved; the mail goes
 * to the customer with a text when they opted in.
 */
const BOOKED = new Date('2030-01-01T09:00:00.000Z');
/** The run: Monday 2030-01-07 12:00 UK (GMT), so "until" is Tuesday 12:00. */
const NOW = new Date('2030-01-07T12:00:00.000Z');
const SITE = { publicUrl: 'http://localhost:3000', vatNumber: 'GB 123 4567 89' };

let testDb: TestDatabase;
let db: Database;
let jane: AuthUser;
let admin: AuthUser;
let serviceId: number;
let twoBedrooms: Array<{ id: number; quantity: number }>;
const { book } = bookings(() => db, BOOKED);
const mails: Mail[] = [];
const texts: Text[] = [];
const outbox: MailOutbox = {
  add: async (_tx, mail) => void mails.push(mail),
  addText: async (_tx, text) => void texts.push(text),
  textsPerNumberPerDay: 10,
  site: SITE,
};

const booked = (date: string, time: string) => book(jane, serviceId, twoBedrooms, { date, time, now: BOOKED });
/** The reminders the run mailed, as "subject" lines: the job's UK time names each. */
const subjects = () => mails.filter((mail) => mail.subject.startsWith('Reminder:')).map((mail) => [mail.to, mail.subject]);
const claims = (id: number) => db.query<{ due_at: Date; sent_at: Date }>('SELECT due_at, sent_at FROM order_reminders WHERE order_id = $1 ORDER BY due_at', [id]);

beforeAll(async () => {
  ({ testDb, db, jane, serviceId, twoBedrooms } = await houseKeepingDatabase());
  admin = await seededUser(db, 'admin@sparkle.test');
}, 60_000);

afterAll(async () => {
  await testDb?.dispose();
});

describe('the reminders due at a run', () => {
  let ids: Record<string, number>;

  beforeAll(async () => {
    ids = {
      past: await booked('2030-01-07', '11:00'),
      atNow: await booked('2030-01-07', '12:00'),
      cancelled: await booked('2030-01-07', '15:00'),
      asked: await booked('2030-01-07', '16:00'),
      paid: await booked('2030-01-07', '18:00'),
      soon: await booked('2030-01-08', '10:00'),
      edge: await booked('2030-01-08', '12:00'),
      later: await booked('2030-01-08', '12:30'),
    };
    await updateOrderStatus(db, admin, ids.cancelled!, 'cancelled', { status: 'cancelled' }, BOOKED, outbox);
    await updateOrderStatus(db, admin, ids.paid!, 'payment_validated', { status: 'payment_validated' }, BOOKED, outbox);
    await requestRefund(db, outbox, jane, ids.asked!, 'Plans changed', BOOKED);
    // A draft (never checked out) with a time in the window, as a Back from the summary leaves one.
    const draft = await createOrder(db, jane, { service: serviceId, items: twoBedrooms }, BOOKED);
    await db.query("UPDATE orders SET due_at = '2030-01-07T20:00:00Z' WHERE id = $1", [draft.id]);
    ids.draft = draft.id;
    await updateTextSettings(db, jane.id, { phone: '07700 900123', optedIn: true }, BOOKED);
    mails.length = 0;
    texts.length = 0;
  });

  it('claims the checked-out jobs still in the queue starting in (now, now + 24 h], soonest first, and mails each customer', async () => {
    expect(await sendDueReminders(db, outbox, NOW)).toBe(3);
    expect(subjects()).toEqual([
      [jane.email, 'Reminder: House Keeping tomorrow, 2030-01-07 18:00 (UK time)'],
      [jane.email, 'Reminder: House Keeping tomorrow, 2030-01-08 10:00 (UK time)'],
      [jane.email, 'Reminder: House Keeping tomorrow, 2030-01-08 12:00 (UK time)'],
    ]);
    expect(await claims(ids.paid!)).toEqual([{ due_at: new Date('2030-01-07T18:00:00.000Z'), sent_at: NOW }]);
    expect(await claims(ids.edge!)).toEqual([{ due_at: new Date('2030-01-08T12:00:00.000Z'), sent_at: NOW }]);
    for (const name of ['past', 'atNow', 'cancelled', 'asked', 'later', 'draft']) expect({ name, claims: await claims(ids[name]!) }).toEqual({ name, claims: [] });
  });

  it('texts the reminder to a customer who opted in, claimed with it', () => {
    expect(texts).toEqual([
      { orderId: ids.paid, kind: 'reminder', dueAt: '2030-01-07T18:00:00.000Z', userId: jane.id, to: '+447700900123', body: reminderText({ service: 'House Keeping', dueAt: new Date('2030-01-07T18:00:00.000Z') }) },
      { orderId: ids.soon, kind: 'reminder', dueAt: '2030-01-08T10:00:00.000Z', userId: jane.id, to: '+447700900123', body: reminderText({ service: 'House Keeping', dueAt: new Date('2030-01-08T10:00:00.000Z') }) },
      { orderId: ids.edge, kind: 'reminder', dueAt: '2030-01-08T12:00:00.000Z', userId: jane.id, to: '+447700900123', body: reminderText({ service: 'House Keeping', dueAt: new Date('2030-01-08T12:00:00.000Z') }) },
    ]);
  });

  it('sends each reminder once: a run repeated finds nothing; half an hour on, the next job is due', async () => {
    mails.length = 0;
    expect(await sendDueReminders(db, outbox, NOW)).toBe(0);
    expect(subjects()).toEqual([]);
    const halfHourOn = new Date(NOW.getTime() + 30 * 60_000);
    expect(await sendDueReminders(db, outbox, halfHourOn)).toBe(1);
    expect(subjects()).toEqual([[jane.email, 'Reminder: House Keeping tomorrow, 2030-01-08 12:30 (UK time)']]);
    expect(await claims(ids.later!)).toEqual([{ due_at: new Date('2030-01-08T12:30:00.000Z'), sent_at: halfHourOn }]);
  });

  it('a job moved after its reminder (with the notice online bookings need) gets one for its new time, once', async () => {
    await rescheduleOrder({ db, outbox, now: NOW }, jane, ids.soon!, { due_date: '2030-01-08', due_time: '12:00', fee: 15 });
    mails.length = 0;
    expect(await sendDueReminders(db, outbox, NOW)).toBe(1);
    expect(subjects()).toEqual([[jane.email, 'Reminder: House Keeping tomorrow, 2030-01-08 12:00 (UK time)']]);
    expect(await claims(ids.soon!)).toEqual([
      { due_at: new Date('2030-01-08T10:00:00.000Z'), sent_at: NOW },
      { due_at: new Date('2030-01-08T12:00:00.000Z'), sent_at: NOW },
    ]);
    expect(await sendDueReminders(db, outbox, NOW)).toBe(0);
  });
});

describe('the reminders repository', () => {
  it('claims at most `limit` jobs, soonest first, and reads the orders claimed by id', async () => {
    const [late, early, middle] = [await booked('2030-01-09', '16:00'), await booked('2030-01-09', '09:00'), await booked('2030-01-09', '12:00')];
    const run = new Date('2030-01-08T15:00:00.000Z');
    const until = new Date('2030-01-09T23:00:00.000Z');
    const claimed = await db.transaction(async (tx) => {
      const reminders = remindersRepository(tx);
      const first = await reminders.claimDue(run, until, 2);
      const rest = await reminders.claimDue(run, until, 2);
      const orders = await reminders.orders([middle, early, 987_654]);
      return { first, rest, orders: orders.map((order) => [order.id, new Date(order.due_at!).toISOString(), order.user_email, order.service_name]) };
    });
    expect(claimed.first.toSorted((a, b) => a - b)).toEqual([early, middle].toSorted((a, b) => a - b));
    expect(claimed.rest).toEqual([late]);
    expect(claimed.orders).toEqual([
      [early, '2030-01-09T09:00:00.000Z', jane.email, 'House Keeping'],
      [middle, '2030-01-09T12:00:00.000Z', jane.email, 'House Keeping'],
    ].toSorted((a, b) => (a[0] as number) - (b[0] as number)));
    expect(await remindersRepository(db).orders([])).toEqual([]);
  });
});
