/**
 * Issue 14 section 3, bookings customers manage: reschedule within the terms, the mails of a
 * booking's life (with an .ics in UK time and a link to My orders), the reminder 24 hours before
 * the job (a queue job, sent once), and VAT invoices numbered without gaps under concurrency.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, QUEUES } from '../../server/queue';
import { REMINDER_CRON } from '../../server/jobs/reminders';
import { sendDueReminders } from '../../server/services/reminders';
import type { OutboxMail } from '../../server/services/outbox';
import {
  catalogue, checkout, checkoutBody, createClock, HOUR, londonDue, myOrder, orderNameOf, paidCardOrder, pence, placeOrder, send, startedOrder, type Catalogue,
} from './booking-fixtures';
import { eventually } from './support/mail-wait';
import { startTestServer, type TestCustomer, type TestServer } from './support/test-server';

const START = '2030-01-07T12:00:00.000Z';
const clock = createClock(START);
let server: TestServer;
let jane: TestCustomer;
let house: Catalogue;

const inHours = (hours: number) => new Date(clock.now().getTime() + hours * HOUR);

async function cashOrder(hoursAhead: number, customer = jane) {
  const order = await placeOrder(server, customer.token, house, [3, 1]);
  const { response } = await checkout(server, customer.token, checkoutBody(order.id, inHours(hoursAhead)));
  expect(response.status).toBe(200);
  return order;
}

/** Moves the server's clock; tokens are signed on that clock, so sign in again. */
async function travelTo(at: Date) {
  clock.set(at);
  jane.token = await server.login(jane.email, jane.password);
}

function reschedule(id: number, to: Date, fee: number, token = jane.token) {
  return send(server, 'POST', `/services/order/${id}/reschedule`, { token, body: { ...londonDue(to), fee } });
}

async function mailsTo(email: string, subject: RegExp): Promise<OutboxMail[]> {
  return (await server.outbox()).filter((mail) => mail.to === email && subject.test(mail.subject));
}

beforeAll(async () => {
  server = await startTestServer({ now: clock.now, config: { publicUrl: 'https://sparkle.example.co.uk' } });
  jane = await server.createCustomer({ name: 'Jane Reschedules' });
  house = await catalogue(server, jane.token);
});
afterAll(async () => server?.close());

describe('POST /services/order/{id}/reschedule (rescheduleOrder)', () => {
  it('is free at least 24 hours before the job, moves it, records it and mails the new time as an .ics', async () => {
    await travelTo(new Date(START));
    const order = await cashOrder(72);
    expect((await myOrder(server, jane.token, order.id)).reschedule).toEqual({ allowed: true, fee: 0, freeUntil: inHours(48).toISOString() });
    const to = inHours(96);
    const answer = await reschedule(order.id, to, 0);
    expect(answer).toEqual({ status: 200, body: { message: 'Booking rescheduled', fee: 0, due: to.toISOString(), total: order.total } });
    const mine = await myOrder(server, jane.token, order.id);
    expect(mine).toMatchObject({ due: to.toISOString(), total: order.total });

    const history = await server.db.query<{ action: string; from_value: string; to_value: string }>(
      `SELECT action, from_value, to_value FROM audit_log WHERE order_id = $1 AND action = 'order.reschedule'`, [order.id]);
    expect(history).toEqual([{ action: 'order.reschedule', from_value: inHours(72).toISOString(), to_value: to.toISOString() }]);

    const [mail] = await mailsTo(jane.email, /^Booking rescheduled/);
    expect(mail!.text).toContain(`New date and time: ${londonDue(to).due_date} ${londonDue(to).due_time} (UK time)`);
    expect(mail!.links).toContain('https://sparkle.example.co.uk/profile-services');
    const [{ reference }] = await server.db.query<{ reference: number }>('SELECT reference FROM orders WHERE id = $1', [order.id]) as [{ reference: number }];
    const ics = mail!.attachments.find((file) => file.filename === `booking-${reference}.ics`);
    expect(ics?.contentType).toBe('text/calendar');
    // 2030-01-11 12:00 UTC is 12:00 in London (winter): the wall-clock time, with its zone.
    expect(ics!.content).toContain(`DTSTART;TZID=Europe/London:${londonDue(to).due_date.replace(/-/g, '')}T${londonDue(to).due_time.replace(':', '')}00\r\n`);
    expect(ics!.content).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/London');
    expect(ics!.content).toContain(`UID:order-${order.id}@sparkle.example.co.uk`);
  });

  it('writes the summer time of a July job as the London wall clock in the .ics (BST, not UTC)', async () => {
    await travelTo(new Date('2030-07-01T09:00:00.000Z'));
    const order = await cashOrder(72);
    const to = new Date('2030-07-10T09:30:00.000Z'); // 10:30 in London
    expect((await reschedule(order.id, to, 0)).status).toBe(200);
    const [mail] = await mailsTo(jane.email, /^Booking rescheduled.*2030-07-10 10:30/);
    expect(mail!.attachments[0]!.content).toContain('DTSTART;TZID=Europe/London:20300710T103000\r\n');
    await travelTo(new Date(START));
  });

  it('costs 30% of the job within 24 hours: the fee must be the one agreed to, and is added to the total', async () => {
    await travelTo(new Date(START));
    const order = await cashOrder(30);
    await travelTo(inHours(8)); // 22 hours before the job
    const fee = Math.round(pence(order.total) * 0.3) / 100;
    expect(fee).toBeGreaterThan(0);
    expect((await myOrder(server, jane.token, order.id)).reschedule).toEqual({ allowed: true, fee, freeUntil: null });
    // 18:00 UK two days on: the two-hour job still ends by closing time (20:00, decision 015).
    const to = inHours(46);
    const unseen = await reschedule(order.id, to, 0);
    expect(unseen.status).toBe(409);
    expect(unseen.body.message).toMatch(/^A rescheduling fee of £\d+\.\d\d \(30%\) applies now: please confirm again$/);
    expect((await myOrder(server, jane.token, order.id)).total).toBe(order.total);

    expect(await reschedule(order.id, to, fee)).toEqual({
      status: 200, body: { message: 'Booking rescheduled', fee, due: to.toISOString(), total: (pence(order.total) + pence(fee)) / 100 },
    });
    const [mail] = await mailsTo(jane.email, new RegExp(`^Booking rescheduled.*${londonDue(to).due_date}`));
    expect(mail!.text).toContain(`a fee of £${fee.toFixed(2)} (30% of the price) applies.\nThe fee was added: the order's total is now`);
    // Now more than 24 hours ahead again: the next move is free, and a later fee is never taken on a fee.
    expect((await myOrder(server, jane.token, order.id)).reschedule).toMatchObject({ allowed: true, fee: 0 });
    await travelTo(new Date(START));
  });

  it('is refused once the job has started, and a new time must pass the checkout rules', async () => {
    await travelTo(new Date(START));
    const started = await startedOrder(server, jane.token, house, clock.now());
    expect((await myOrder(server, jane.token, started.id)).reschedule).toEqual({
      allowed: false, fee: 0, reason: 'The booking cannot be rescheduled once the job has started',
    });
    expect(await reschedule(started.id, inHours(48), 0)).toEqual({
      status: 409, body: { message: 'The booking cannot be rescheduled once the job has started' },
    });

    const order = await cashOrder(72);
    const tooSoon = await reschedule(order.id, inHours(3), 0);
    expect(tooSoon.status).toBe(400);
    expect(tooSoon.body.message).toMatch(/^Online bookings need 24 hours' notice: please choose/);
    const tooFar = await reschedule(order.id, inHours(24 * 400), 0);
    expect(tooFar.status).toBe(400);
    expect(tooFar.body.message).toMatch(/^Online bookings can be made up to 12 months ahead/);

    const other = await server.createCustomer();
    expect((await reschedule(order.id, inHours(96), 0, other.token)).status).toBe(404);
  });
});

describe('mails of a booking', () => {
  it('the booking mail links to My orders on PUBLIC_URL and carries the .ics; cancelling and the decision are mailed', async () => {
    await travelTo(new Date(START));
    const order = await cashOrder(72);
    const [booked] = await mailsTo(jane.email, new RegExp(`^Booking confirmed`));
    expect(booked!.links).toContain('https://sparkle.example.co.uk/profile-services');
    expect(booked!.attachments.some((file) => file.content.includes('DTSTART;TZID=Europe/London:'))).toBe(true);

    expect((await send(server, 'POST', `/services/refund-request/${order.id}`, { token: jane.token, body: { reason: 'Moving' } })).status).toBe(201);
    const name = await orderNameOf(server, jane.token, order.id);
    const [requested] = await mailsTo(jane.email, new RegExp(`^Cancellation requested: ${name}$`));
    expect(requested!.text).toContain('cancelling is free');
    expect(requested!.links).toContain('https://sparkle.example.co.uk/profile-services');

    const admin = await server.adminToken();
    expect((await send(server, 'PUT', '/admin/refund/status', { token: admin, body: { order: order.id, status: 'accepted' } })).status).toBe(200);
    const [decided] = await mailsTo(jane.email, new RegExp(`^Cancellation accepted: ${name}$`));
    expect(decided!.text).toContain('Nothing was paid, so nothing is owed.');
  });
});

describe('the reminder 24 hours before the job', () => {
  it('is a scheduled queue job that mails each booking once, even when two runs race, and again after a reschedule', async () => {
    await travelTo(new Date(START));
    const soon = await cashOrder(30);
    // Within opening hours (07:00–20:00 UK, decision 015): 12:00 two days on.
    const later = await cashOrder(48);
    const outbox = mailOutbox(server.app.jobs, { publicUrl: server.config.publicUrl, vatNumber: server.config.vatNumber });
    const subject = (name: string) => (mail: OutboxMail) => mail.subject.startsWith('Reminder:') && mail.text.includes(`${name})`);
    const reminders = async (id: number) => (await server.outbox()).filter(subject(await orderNameOf(server, jane.token, id)));

    // 25 hours before the job: nothing yet.
    expect(await sendDueReminders(server.db, outbox, clock.now())).toBe(0);
    await travelTo(inHours(7)); // 23 hours before `soon`
    const [a, b] = await Promise.all([sendDueReminders(server.db, outbox, clock.now()), sendDueReminders(server.db, outbox, clock.now())]);
    expect(a + b).toBe(1);
    // The worker of the queue does the same run: nothing more to send.
    await server.app.jobs.send(server.db, QUEUES.reminders, {});
    await eventually('the reminder job ran', () => server.app.jobs.pending(QUEUES.reminders), (n) => n === 0);
    expect(await reminders(soon.id)).toHaveLength(1);
    expect(await reminders(later.id)).toHaveLength(0);
    const [mail] = await reminders(soon.id);
    expect(mail!.links).toContain('https://sparkle.example.co.uk/profile-services');

    // The later job moved within 24 hours: its reminder goes out (once) through the queue's worker.
    await travelTo(inHours(18)); // 23 hours before `later`
    await server.app.jobs.send(server.db, QUEUES.reminders, {});
    await eventually('the later reminder', () => reminders(later.id), (found) => found.length === 1);
    expect(await sendDueReminders(server.db, outbox, clock.now())).toBe(0);
    await travelTo(new Date(START));
  });

  it('is scheduled on the job queue', async () => {
    const rows = process.env.DATABASE_URL
      ? await server.db.query<{ cron: string }>('SELECT cron FROM pgboss.schedule WHERE name = $1', [QUEUES.reminders])
      : await server.db.query<{ cron: string }>('SELECT cron FROM local_schedules WHERE name = $1', [QUEUES.reminders]);
    expect(rows).toEqual([{ cron: REMINDER_CRON }]);
  });
});

describe('GET /services/order/{id}/receipt (getReceipt): the VAT invoice', () => {
  it('is issued once a card order is paid: number, VAT number, net + VAT = gross, and mailed', async () => {
    await travelTo(new Date(START));
    const order = await paidCardOrder(server, jane.token, house, inHours(72));
    expect((await myOrder(server, jane.token, order.id)).receipt).toBe(true);
    const { status, body } = await send(server, 'GET', `/services/order/${order.id}/receipt`, { token: jane.token });
    expect(status).toBe(200);
    const gross = pence(order.total);
    const vat = Math.round(gross / 6);
    expect(body).toMatchObject({
      order_id: order.id, reference: (await myOrder(server, jane.token, order.id)).reference, company: 'Sparkle Cleaning', vatNumber: 'GB 987 6543 21', customer: 'Jane Reschedules',
      vatRates: [{ rate: 20, gross: gross / 100, vat: vat / 100, net: (gross - vat) / 100 }],
      gross: gross / 100, vat: vat / 100, net: (gross - vat) / 100, payment: 'card',
    });
    expect(body.lines.reduce((sum: number, line: { amount: number }) => sum + pence(line.amount), 0)).toBe(gross);
    expect(pence(body.net) + pence(body.vat)).toBe(pence(body.gross));
    expect(Number.isInteger(body.number) && body.number > 0).toBe(true);
    // Asked again: the same invoice, never a new number.
    expect((await send(server, 'GET', `/services/order/${order.id}/receipt`, { token: jane.token })).body.number).toBe(body.number);
    // One mail: the payment receipt carries the VAT invoice issued with it.
    const mails = await mailsTo(jane.email, new RegExp(`^Payment received: .* for order #${body.reference}$`));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`VAT invoice ${String(body.number).padStart(6, '0')} for order #${body.reference}`);
    expect(mails[0]!.text).toContain('VAT registration number GB 987 6543 21');
    expect(mails[0]!.text).toMatch(/Gross: £\d{1,3}(,\d{3})*\.\d\d/);
    expect(await mailsTo(jane.email, /^VAT invoice/)).toHaveLength(0);
  });

  it('answers 409 before payment and 404 for another customer', async () => {
    await travelTo(new Date(START));
    const order = await cashOrder(72);
    expect((await myOrder(server, jane.token, order.id)).receipt).toBe(false);
    expect(await send(server, 'GET', `/services/order/${order.id}/receipt`, { token: jane.token })).toEqual({
      status: 409, body: { message: 'There is no VAT invoice for this order until it is paid' },
    });
    const other = await server.createCustomer();
    expect((await send(server, 'GET', `/services/order/${order.id}/receipt`, { token: other.token })).status).toBe(404);
  });

  it('numbers invoices sequentially without gaps when many are issued at once, one per order', async () => {
    await travelTo(new Date(START));
    const orders: Array<{ id: number }> = [];
    for (let i = 0; i < 12; i++) orders.push(await cashOrder(72));
    // Cash is paid on the day: a completed cash job is paid.
    await server.db.query(`UPDATE orders SET status = 'completed', completed_at = $2 WHERE id = ANY($1::int[])`, [orders.map((o) => o.id), clock.now()]);
    const before = (await server.db.query<{ last: number }>('SELECT last FROM invoice_counter'))[0]!.last;
    // Every order asked for three times at once: twelve invoices, no duplicate, no gap.
    const answers = await Promise.all(orders.flatMap((o) => [0, 1, 2].map(() => send(server, 'GET', `/services/order/${o.id}/receipt`, { token: jane.token }))));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const byOrder = new Map<number, Set<number>>();
    for (const { body } of answers) byOrder.set(body.order_id, (byOrder.get(body.order_id) ?? new Set()).add(body.number));
    expect([...byOrder.values()].every((numbers) => numbers.size === 1)).toBe(true);
    const numbers = [...byOrder.values()].map((set) => [...set][0]!).sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, i) => before + 1 + i));
    expect((await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM invoices WHERE order_id = ANY($1::int[])', [orders.map((o) => o.id)]))[0]!.n).toBe(12);
    const invoiceMails = (await server.outbox()).filter((mail) => /^VAT invoice/.test(mail.subject) && answers.some((answer) => mail.subject.endsWith(`order #${answer.body.reference}`)));
    expect(invoiceMails).toHaveLength(12);
  });
});
