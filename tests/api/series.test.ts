/**
 * Issue 14, bookings customers manage — **Recurring**: a Weekly/Fortnightly/Monthly checkout makes a
 * series whose next 8 visits are planned ahead (each claiming a team, same UK wall-clock time), a
 * queue job keeps the horizon (and plans nothing twice), and "Skip this visit" / "Cancel all future
 * visits" follow the single cancellation's terms (docs/decisions/021-recurring-series.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingSeries, FrequencyCode, OrderSummary } from '../../openapi/schema';
import { QUEUES } from '../../server/queue';
import { keepSeriesHorizon, SERIES_CRON } from '../../server/jobs/series';
import type { OutboxMail } from '../../server/services/outbox';
import { readSeriesCalendar } from '../support/series-calendar-reader';
import { catalogue, checkout, checkoutBody, createClock, londonDue, myOrder, payOnTestPage, send, type Catalogue } from './booking-fixtures';
import { eventually } from './support/mail-wait';
import { SUITE_RATE_LIMITS } from './support/test-config';
import { startTestServer, type TestCustomer, type TestServer } from './support/test-server';


const clock = createClock('2030-03-01T12:00:00.000Z');
let server: TestServer;
let jane: TestCustomer;
let house: Catalogue;

beforeAll(async () => {
  server = await startTestServer({ now: clock.now });
  jane = await server.createCustomer({ name: 'Jane Every Week' });
  house = await catalogue(server, jane.token);
});
afterAll(async () => server?.close());

async function travelTo(iso: string) {
  clock.set(iso);
  jane.token = await server.login(jane.email, jane.password);
}

const gbp = (amountPence: number) => `£${(amountPence / 100).toFixed(2)}`;
const penceOf = (pounds: number) => Math.round(pounds * 100);

/** Quotes `frequency`, orders from the quote and checks out (cash unless said) at `due` (UK wall clock). */
async function book(frequency: FrequencyCode, due: Date, customer = jane, payment: 'cash' | 'card' = 'cash') {
  const items = [{ id: house.items[0]!.id, quantity: 1 }, { id: house.items[1]!.id, quantity: 1 }];
  const quote = await send(server, 'POST', '/quotes', { body: { service: house.serviceId, items, frequency, extras: [], postcode: 'NW1 6XE' } });
  expect(quote.status).toBe(201);
  const order = await send(server, 'POST', '/services/order/new', { token: customer.token, body: { service: house.serviceId, items, quote: quote.body.id } });
  expect(order.status).toBe(201);
  const { response } = await checkout(server, customer.token, checkoutBody(order.body.id, due, payment));
  expect(response.status).toBe(200);
  return order.body as OrderSummary;
}

async function mySeries(token = jane.token): Promise<BookingSeries[]> {
  const { status, body } = await send(server, 'GET', '/services/series', { token });
  expect(status).toBe(200);
  return body;
}

async function seriesOf(orderId: number): Promise<BookingSeries> {
  const found = (await mySeries()).find((series) => series.visits.some((visit) => visit.id === orderId));
  if (!found) throw new Error(`order ${orderId} is in no series`);
  return found;
}

const visitCount = async (seriesId: number) =>
  Number((await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE series_id = $1', [seriesId]))[0]!.n);

describe('a Weekly checkout makes a series (decision 021)', () => {
  it('plans the next 8 visits 7 days apart at the same UK wall-clock time, across the clocks going forward, each with a team', async () => {
    await travelTo('2030-03-01T12:00:00.000Z');
    // 10:00 in London on Monday 11 March 2030 (GMT); from 31 March the clocks say BST.
    const first = await book('weekly', new Date('2030-03-11T10:00:00.000Z'));
    const series = await seriesOf(first.id);
    expect(series).toMatchObject({ service: house.serviceName, frequency: 'weekly', frequencyName: 'Weekly', time: '10:00', active: true });
    expect(series.visits.map((visit) => visit.due)).toEqual([
      '2030-03-11T10:00:00.000Z', '2030-03-18T10:00:00.000Z', '2030-03-25T10:00:00.000Z',
      '2030-04-01T09:00:00.000Z', '2030-04-08T09:00:00.000Z', '2030-04-15T09:00:00.000Z',
      '2030-04-22T09:00:00.000Z', '2030-04-29T09:00:00.000Z',
    ]);
    expect(series.visits[0]!.id).toBe(first.id);
    expect(new Set(series.visits.map((visit) => visit.total))).toEqual(new Set([first.total]));
    expect(series.visits.every((visit) => visit.series === series.id && visit.status === 'awaiting_validation')).toBe(true);
    // Cash visits owe nothing yet: each is paid on its day (issue 36 row 8, decision 087).
    expect(series.visits.map((visit) => visit.payment)).toEqual(series.visits.map((visit) => ({ method: 'cash', status: 'unpaid', payable: false, balanceDue: visit.total, plan: { by: 'cash' } })));
    const teams = await server.db.query<{ team_id: number | null }>('SELECT team_id FROM orders WHERE series_id = $1', [series.id]);
    expect(teams.filter((row) => row.team_id === null)).toEqual([]);
    // Each planned visit's history says how it came to be.
    const history = await server.db.query<{ actor: string; action: string }>(
      'SELECT actor, action FROM audit_log WHERE order_id = $1', [series.visits[1]!.id]);
    expect(history).toEqual([{ actor: 'Recurring series', action: 'order.checkout' }]);
  });

  it('steps Fortnightly by 14 days and Monthly by calendar month', async () => {
    await travelTo('2030-03-01T12:00:00.000Z');
    const fortnightly = await seriesOf((await book('fortnightly', new Date('2030-03-12T14:00:00.000Z'))).id);
    expect(fortnightly.visits.map((visit) => visit.due?.slice(0, 10))).toEqual([
      '2030-03-12', '2030-03-26', '2030-04-09', '2030-04-23', '2030-05-07', '2030-05-21', '2030-06-04', '2030-06-18',
    ]);
    const monthly = await seriesOf((await book('monthly', new Date('2030-03-29T11:00:00.000Z'))).id);
    expect(monthly.visits.map((visit) => visit.due?.slice(0, 10))).toEqual([
      '2030-03-29', '2030-04-29', '2030-05-29', '2030-06-29', '2030-07-29', '2030-08-29', '2030-09-29', '2030-10-29',
    ]);
  });

  it('a One-off checkout makes no series and its order says nothing of one', async () => {
    await travelTo('2030-03-01T12:00:00.000Z');
    const customer = await server.createCustomer({ name: 'Once Only' });
    const order = await book('one_off', new Date('2030-03-13T10:00:00.000Z'), customer);
    expect(await mySeries(customer.token)).toEqual([]);
    expect(await myOrder(server, customer.token, order.id)).not.toHaveProperty('series');
  });
});

describe('the series job keeps 8 visits ahead', () => {
  it('is scheduled on the job queue', async () => {
    const rows = process.env.DATABASE_URL
      ? await server.db.query<{ cron: string }>('SELECT cron FROM pgboss.schedule WHERE name = $1', [QUEUES.series])
      : await server.db.query<{ cron: string }>('SELECT cron FROM local_schedules WHERE name = $1', [QUEUES.series]);
    expect(rows).toEqual([{ cron: SERIES_CRON }]);
  });

  it('plans the next visit once a visit has passed, once even when run twice at the same time, and passes over a closed day', async () => {
    await travelTo('2030-03-01T12:00:00.000Z');
    const series = await seriesOf((await book('weekly', new Date('2030-03-13T15:00:00.000Z'))).id);
    expect(await visitCount(series.id)).toBe(8);
    // Nothing has passed: the job plans nothing, however often it runs.
    expect(await keepSeriesHorizon(server.db, clock.now())).toBe(0);
    expect(await keepSeriesHorizon(server.db, clock.now())).toBe(0);

    // The company shuts on the date of the 10th visit (Wednesday 15 May).
    await server.db.query(`INSERT INTO closures (day, reason) VALUES ('2030-05-15', 'Staff day')`);
    await travelTo('2030-03-13T16:00:00.000Z'); // the first visit has started
    const allVisits = async () => Number((await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE series_id IS NOT NULL'))[0]!.n);
    const before = await allVisits();
    const [a, b] = await Promise.all([keepSeriesHorizon(server.db, clock.now()), keepSeriesHorizon(server.db, clock.now())]);
    expect(await visitCount(series.id)).toBe(9);
    // Other suites' series moved on too: the two runs together planned each new visit once.
    expect(a + b).toBe((await allVisits()) - before);
    // The queue's worker runs the same job: still 9.
    await server.app.jobs.send(server.db, QUEUES.series, {});
    await eventually('the series job ran', () => server.app.jobs.pending(QUEUES.series), (n) => n === 0);
    expect(await visitCount(series.id)).toBe(9);
    expect((await seriesOf(series.visits[1]!.id)).visits.at(-1)!.due).toBe('2030-05-08T14:00:00.000Z');

    // A week on, the 10th visit's date is closed: passed over, not planned later.
    await travelTo('2030-03-20T16:00:00.000Z');
    await server.app.jobs.send(server.db, QUEUES.series, {});
    await eventually('the series job ran', () => server.app.jobs.pending(QUEUES.series), (n) => n === 0);
    expect(await visitCount(series.id)).toBe(9);
    await travelTo('2030-03-27T16:00:00.000Z');
    await keepSeriesHorizon(server.db, clock.now());
    const dues = (await server.db.query<{ due_at: Date }>('SELECT due_at FROM orders WHERE series_id = $1 ORDER BY due_at', [series.id]))
      .map((row) => new Date(row.due_at).toISOString());
    expect(dues.slice(-2)).toEqual(['2030-05-08T14:00:00.000Z', '2030-05-22T14:00:00.000Z']);
  });
});

describe('"Skip", its "Undo", and "End the series" (issue 25)', () => {
  it('skips an unpaid visit at once: cancelled, no request for the office, its history, and the others untouched', async () => {
    await travelTo('2030-03-01T12:00:00.000Z');
    const series = await seriesOf((await book('weekly', new Date('2030-03-14T09:00:00.000Z'))).id);
    const visit = series.visits[2]!;
    expect(visit.skipped).toBe(false);
    expect(await send(server, 'POST', `/services/order/${visit.id}/skip`, { token: jane.token }))
      .toEqual({ status: 201, body: { message: 'Visit skipped', fee: 0, visits: 1 } });
    const after = await seriesOf(visit.id);
    expect(after.visits.find((candidate) => candidate.id === visit.id)).toMatchObject({ status: 'cancelled', skipped: true, refund: null });
    expect(after.visits.filter((candidate) => candidate.status === 'cancelled')).toHaveLength(1);
    const history = await server.db.query<{ action: string; to_value: string }>(
      `SELECT action, to_value FROM audit_log WHERE order_id = $1 AND action LIKE 'order.skip%'`, [visit.id]);
    expect(history).toEqual([{ action: 'order.skip', to_value: 'cancelled' }]);

    expect(await send(server, 'POST', `/services/order/${visit.id}/skip`, { token: jane.token }))
      .toEqual({ status: 409, body: { message: 'This visit is already skipped' } });
    const other = await server.createCustomer();
    expect((await send(server, 'POST', `/services/order/${series.visits[3]!.id}/skip`, { token: other.token })).status).toBe(404);
    expect((await send(server, 'POST', `/services/order/${visit.id}/skip/undo`, { token: other.token })).status).toBe(404);
    expect(await send(server, 'POST', `/services/order/${series.visits[3]!.id}/skip/undo`, { token: jane.token }))
      .toEqual({ status: 409, body: { message: 'This visit is not skipped' } });

    // Undo: booked again as it was, with a team.
    expect(await send(server, 'POST', `/services/order/${visit.id}/skip/undo`, { token: jane.token }))
      .toEqual({ status: 200, body: { message: 'Visit booked again', fee: 0, visits: 1 } });
    expect((await seriesOf(visit.id)).visits.find((candidate) => candidate.id === visit.id)).toMatchObject({ status: 'awaiting_validation', skipped: false });
    const [row] = await server.db.query<{ team_id: number | null }>('SELECT team_id FROM orders WHERE id = $1', [visit.id]);
    expect(row!.team_id).not.toBeNull();

    // Once a visit has started it cannot be skipped, as an order cannot be cancelled.
    await travelTo('2030-03-14T09:30:00.000Z');
    expect(await send(server, 'POST', `/services/order/${series.visits[0]!.id}/skip`, { token: jane.token }))
      .toEqual({ status: 409, body: { message: 'The service cannot be cancelled once it has started' } });
  });

  it('is 404 for an order that is no visit of a series', async () => {
    await travelTo('2030-03-01T12:00:00.000Z');
    const once = await book('one_off', new Date('2030-03-15T10:00:00.000Z'));
    expect(await send(server, 'POST', `/services/order/${once.id}/skip`, { token: jane.token }))
      .toEqual({ status: 404, body: { message: 'Visit not found' } });
    expect(await send(server, 'POST', `/services/order/${once.id}/skip/undo`, { token: jane.token }))
      .toEqual({ status: 404, body: { message: 'Visit not found' } });
  });

  it('ends the series: every unpaid visit not started is cancelled, the series ends, and the job plans no more', async () => {
    await travelTo('2030-03-01T12:00:00.000Z');
    const series = await seriesOf((await book('weekly', new Date('2030-03-15T13:00:00.000Z'))).id);
    expect((await send(server, 'POST', `/services/order/${series.visits[1]!.id}/skip`, { token: jane.token })).status).toBe(201);
    await travelTo('2030-03-15T14:00:00.000Z'); // the first visit is under way
    expect(await send(server, 'POST', `/services/series/${series.id}/cancel`, { token: jane.token }))
      .toEqual({ status: 200, body: { message: 'Series ended', fee: 0, visits: 6 } });
    const after = await seriesOf(series.visits[0]!.id);
    expect(after.active).toBe(false);
    expect(after.visits.map((visit) => visit.status)).toEqual(['awaiting_validation', ...Array(7).fill('cancelled')]);
    expect(after.visits.map((visit) => visit.skipped)).toEqual([false, true, ...Array(6).fill(false)]);
    expect(await send(server, 'POST', `/services/series/${series.id}/cancel`, { token: jane.token }))
      .toEqual({ status: 409, body: { message: 'The future visits of this series are already cancelled' } });
    // The skipped visit cannot come back into an ended series.
    expect(await send(server, 'POST', `/services/order/${series.visits[1]!.id}/skip/undo`, { token: jane.token }))
      .toEqual({ status: 409, body: { message: 'This series has ended: its visits can no longer be brought back' } });

    await travelTo('2030-03-29T14:00:00.000Z');
    await keepSeriesHorizon(server.db, clock.now());
    expect(await visitCount(series.id)).toBe(8);
    const other = await server.createCustomer();
    expect((await send(server, 'POST', `/services/series/${series.id}/cancel`, { token: other.token })).status).toBe(404);
  });
});

describe('Undo when the time was taken meanwhile', () => {
  it('answers 409 "That time was just taken" and leaves the visit skipped; once the time is free again it comes back', async () => {
    const small = await startTestServer({ now: clock.now, teams: 1 });
    try {
      await travelTo('2030-03-01T12:00:00.000Z');
      const customer = await small.createCustomer({ name: 'Skips And Regrets' });
      const other = await small.createCustomer({ name: 'Took The Slot' });
      const items = [{ id: house.items[0]!.id, quantity: 1 }];
      const quote = await send(small, 'POST', '/quotes', { body: { service: house.serviceId, items, frequency: 'weekly', extras: [], postcode: 'NW1 6XE' } });
      const order = await send(small, 'POST', '/services/order/new', { token: customer.token, body: { service: house.serviceId, items, quote: quote.body.id } });
      expect((await checkout(small, customer.token, checkoutBody(order.body.id, new Date('2030-03-11T10:00:00.000Z')))).response.status).toBe(200);
      const [, second] = await small.db.query<{ id: number }>('SELECT id FROM orders WHERE series_id IS NOT NULL ORDER BY due_at');
      expect((await send(small, 'POST', `/services/order/${second!.id}/skip`, { token: customer.token })).status).toBe(201);
      // The only team, freed by the skip, is booked by someone else at that time.
      const taken = await send(small, 'POST', '/services/order/new', { token: other.token, body: { service: house.serviceId, items } });
      expect((await checkout(small, other.token, checkoutBody(taken.body.id, new Date('2030-03-18T10:00:00.000Z')))).response.status).toBe(200);
      expect(await send(small, 'POST', `/services/order/${second!.id}/skip/undo`, { token: customer.token }))
        .toEqual({ status: 409, body: { message: 'That time was just taken — please choose another' } });
      const [still] = await small.db.query<{ status: string; skipped: boolean }>('SELECT status, skipped_at IS NOT NULL AS skipped FROM orders WHERE id = $1', [second!.id]);
      expect(still).toEqual({ status: 'cancelled', skipped: true });

      await small.db.query(`UPDATE orders SET status = 'cancelled' WHERE id = $1`, [taken.body.id]);
      expect((await send(small, 'POST', `/services/order/${second!.id}/skip/undo`, { token: customer.token })).status).toBe(200);
    } finally {
      await small.close();
    }
  });
});

describe('a series is a series in its mails and its calendar entry (issue 25)', () => {
  /** Newest first: the earlier tests mailed Jane too. */
  const seriesMails = async (subject: RegExp) => (await server.outbox()).filter((mail) => mail.to === jane.email && subject.test(mail.subject)).reverse();
  const calendarOf = (mail: OutboxMail | undefined, seriesId: number) => {
    const file = mail?.attachments.find((attachment) => attachment.filename === `series-${seriesId}.ics`);
    expect(file?.contentType).toBe('text/calendar');
    return readSeriesCalendar(file!.content, 20);
  };

  it('the confirmation says the frequency, the visits planned and how payment works; skip, reschedule, undo and end each mail the series, same UID, higher SEQUENCE', async () => {
    await travelTo('2030-03-01T12:00:00.000Z');
    // Fortnightly, 14:00 UK from Tuesday 12 March 2030 (GMT); from 31 March it is BST (13:00 UTC).
    const first = await book('fortnightly', new Date('2030-03-12T14:00:00.000Z'));
    const series = await seriesOf(first.id);
    const dues = series.visits.map((visit) => visit.due!);
    const [confirmation] = await seriesMails(new RegExp(`^Booking confirmed: Fortnightly ${house.serviceName} from 2030-03-12 14:00`));
    expect(confirmation!.text).toContain('This is the first visit of your fortnightly series: a visit every two weeks at 14:00 (UK time).');
    expect(confirmation!.text).toContain('Visits planned: 2030-03-12, 2030-03-26, 2030-04-09, 2030-04-23, 2030-05-07, 2030-05-21, 2030-06-04, 2030-06-18.');
    expect(confirmation!.text).toContain('Payment: each visit is paid in cash on its day.');
    expect(confirmation!.attachments.map((file) => file.filename)).toEqual([`series-${series.id}.ics`]);
    const booked = calendarOf(confirmation, series.id);
    expect(booked).toMatchObject({ uid: `series-${series.id}@localhost`, sequence: 0, rule: 'FREQ=WEEKLY;INTERVAL=2' });
    expect(booked.starts.slice(0, 8)).toEqual(dues);

    expect((await send(server, 'POST', `/services/order/${series.visits[1]!.id}/skip`, { token: jane.token })).status).toBe(201);
    const [skipped] = await seriesMails(/^Visit skipped/);
    expect(skipped!.subject).toBe(`Visit skipped: ${house.serviceName} on 2030-03-26 14:00 (UK time)`);
    expect(skipped!.text).toContain('Skipping it cost nothing.');
    const afterSkip = calendarOf(skipped, series.id);
    expect(afterSkip).toMatchObject({ uid: booked.uid, sequence: 1 });
    expect(afterSkip.starts.slice(0, 7)).toEqual([dues[0], ...dues.slice(2)]);

    const moved = new Date('2030-04-09T15:00:00.000Z'); // 16:00 BST, the same day
    expect((await send(server, 'POST', `/services/order/${series.visits[2]!.id}/reschedule`, {
      token: jane.token, body: { ...londonDue(moved), fee: 0 },
    })).status).toBe(200);
    const [rescheduled] = await seriesMails(/^Booking rescheduled/);
    const afterMove = calendarOf(rescheduled, series.id);
    expect(afterMove).toMatchObject({ uid: booked.uid, sequence: 2 });
    expect(afterMove.starts.slice(0, 7)).toEqual([dues[0], moved.toISOString(), ...dues.slice(3)]);

    expect((await send(server, 'POST', `/services/order/${series.visits[1]!.id}/skip/undo`, { token: jane.token })).status).toBe(200);
    const [undone] = await seriesMails(/^Visit booked again/);
    const afterUndo = calendarOf(undone, series.id);
    expect(afterUndo).toMatchObject({ uid: booked.uid, sequence: 3 });
    expect(afterUndo.starts.slice(0, 8)).toEqual([dues[0], dues[1], moved.toISOString(), ...dues.slice(3)]);

    await travelTo('2030-04-20T12:00:00.000Z');
    expect((await send(server, 'POST', `/services/series/${series.id}/cancel`, { token: jane.token })).status).toBe(200);
    const [ended] = await seriesMails(/^Series ended/);
    expect(ended!.subject).toBe(`Series ended: ${house.serviceName} (Fortnightly)`);
    expect(ended!.text).toContain('We received your request to cancel the 5 visits still booked, at no cost.');
    const afterEnd = calendarOf(ended, series.id);
    expect(afterEnd).toMatchObject({ uid: booked.uid, sequence: 4 });
    expect(afterEnd.starts).toEqual([dues[0], dues[1], moved.toISOString()]);
  });
});

describe('a visit with no free team', () => {
  it('is planned unassigned, for the office to place (decision 021)', async () => {
    const small = await startTestServer({ now: clock.now, teams: 1 });
    try {
      await travelTo('2030-03-01T12:00:00.000Z');
      const customer = await small.createCustomer({ name: 'Only One Team' });
      const other = await small.createCustomer({ name: 'Got There First' });
      const items = [{ id: house.items[0]!.id, quantity: 1 }];
      // The only team is booked the week after, at the same time.
      const taken = await send(small, 'POST', '/services/order/new', { token: other.token, body: { service: house.serviceId, items } });
      expect((await checkout(small, other.token, checkoutBody(taken.body.id, new Date('2030-03-18T10:00:00.000Z')))).response.status).toBe(200);
      const quote = await send(small, 'POST', '/quotes', { body: { service: house.serviceId, items, frequency: 'weekly', extras: [], postcode: 'NW1 6XE' } });
      const order = await send(small, 'POST', '/services/order/new', { token: customer.token, body: { service: house.serviceId, items, quote: quote.body.id } });
      expect((await checkout(small, customer.token, checkoutBody(order.body.id, new Date('2030-03-11T10:00:00.000Z')))).response.status).toBe(200);
      const teams = await small.db.query<{ due_at: Date; team_id: number | null }>(
        'SELECT due_at, team_id FROM orders WHERE series_id IS NOT NULL ORDER BY due_at');
      expect(teams).toHaveLength(8);
      expect(teams.map((row) => row.team_id === null)).toEqual([false, true, false, false, false, false, false, false]);
    } finally {
      await small.close();
    }
  });
});

describe('a deleted account', () => {
  it('books nothing more: the job ends its series', async () => {
    await travelTo('2030-03-01T12:00:00.000Z');
    const leaving = await server.createCustomer({ name: 'Leaving Soon' });
    const first = await book('weekly', new Date('2030-03-12T16:00:00.000Z'), leaving);
    const [row] = await server.db.query<{ series_id: number }>('SELECT series_id FROM orders WHERE id = $1', [first.id]);
    expect((await send(server, 'POST', '/user/delete', { token: leaving.token, body: { password: leaving.password } })).status).toBe(200);
    await travelTo('2030-03-20T12:00:00.000Z');
    await keepSeriesHorizon(server.db, clock.now());
    expect(await visitCount(row!.series_id)).toBe(8);
    const [series] = await server.db.query<{ ended: boolean }>('SELECT ended_at IS NOT NULL AS ended FROM booking_series WHERE id = $1', [row!.series_id]);
    expect(series).toEqual({ ended: true });
  });
});

describe('the cap on open unpaid orders', () => {
  it('does not count the visits a card series planned: the customer did not open them (decision 021)', async () => {
    const capped = await startTestServer({ now: clock.now, config: { rateLimits: { ...SUITE_RATE_LIMITS, openOrders: { limit: 3, windowMs: 0 } } } });
    try {
      await travelTo('2030-03-01T12:00:00.000Z');
      const customer = await capped.createCustomer({ name: 'Pays By Card' });
      const items = [{ id: house.items[0]!.id, quantity: 1 }];
      const quote = await send(capped, 'POST', '/quotes', { body: { service: house.serviceId, items, frequency: 'weekly', extras: [], postcode: 'NW1 6XE' } });
      const order = await send(capped, 'POST', '/services/order/new', { token: customer.token, body: { service: house.serviceId, items, quote: quote.body.id } });
      expect((await checkout(capped, customer.token, checkoutBody(order.body.id, new Date('2030-03-11T10:00:00.000Z'), 'card'))).response.status).toBe(200);
      const [unpaid] = await capped.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM orders WHERE user_id = $1 AND payment_method = 'card' AND paid_amount IS NULL`, [customer.id]);
      expect(unpaid).toEqual({ n: 8 });
      // 1 open order of the customer's own (the first visit), under the cap of 3: more may be made.
      for (let i = 0; i < 2; i += 1) {
        expect((await send(capped, 'POST', '/services/order/new', { token: customer.token, body: { service: house.serviceId, items } })).status).toBe(201);
      }
      expect((await send(capped, 'POST', '/services/order/new', { token: customer.token, body: { service: house.serviceId, items } })).status).toBe(429);
    } finally {
      await capped.close();
    }
  });
});

describe('a cash visit skipped late owes its fee on its ledger (issue 33 row 1, decision 070)', () => {

  it('the fee is owed on the visit until Undo takes it away; skipped late again it is owed once; the team takes it in cash with the next visit', async () => {
    await travelTo('2030-03-01T12:00:00.000Z');
    const customer = await server.createCustomer({ name: 'Carl Cash Skip' });
    const first = await book('weekly', new Date('2030-03-21T10:00:00.000Z'), customer);
    const [visit, next] = (await mySeries(customer.token)).find((series) => series.visits.some((one) => one.id === first.id))!.visits;
    const price = penceOf(visit!.total);
    const fee = Math.round((price * 30) / 100);

    // 20 hours before the first visit.
    clock.set('2030-03-20T14:00:00.000Z');
    customer.token = await server.login(customer.email, customer.password);
    const owed = async () => {
      const admin = await server.adminToken();
      const mine = await myOrder(server, customer.token, visit!.id);
      const { body: detail } = await send(server, 'GET', `/admin/order/${visit!.id}`, { token: admin });
      return { total: penceOf(mine.total), due: penceOf(mine.payment.balanceDue), status: mine.payment.status, staffDue: penceOf(detail.payment.balanceDue) };
    };

    const skipped = await send(server, 'POST', `/services/order/${visit!.id}/skip`, { token: customer.token });
    expect(skipped).toEqual({ status: 201, body: { message: `Visit skipped: a ${gbp(fee)} late fee is due, in cash at your next visit`, fee: fee / 100, visits: 1 } });
    const mail = (await server.outbox()).filter((one) => one.to === customer.email && one.subject.startsWith('Visit skipped')).at(-1)!;
    expect(mail.text).toContain(`By our terms a fee of ${gbp(fee)} applies.`);
    expect(mail.text).toContain(`${gbp(fee)} is now due on this visit: please pay it in cash at your next visit.`);
    expect(await owed()).toEqual({ total: fee, due: fee, status: 'balance_due', staffDue: fee });

    // Undo: the visit costs its price again, to pay on the day, and owes no fee.
    expect((await send(server, 'POST', `/services/order/${visit!.id}/skip/undo`, { token: customer.token })).status).toBe(200);
    expect(await owed()).toEqual({ total: price, due: price, status: 'unpaid', staffDue: price });
    const { body: undone } = await send(server, 'GET', `/admin/order/${visit!.id}`, { token: await server.adminToken() });
    expect((undone.lines as Array<{ kind: string; amount: number }>).filter((line) => line.kind === 'fee').reduce((sum, line) => sum + penceOf(line.amount), 0)).toBe(0);

    // Skipped late again: owed once, not twice.
    expect((await send(server, 'POST', `/services/order/${visit!.id}/skip`, { token: customer.token })).status).toBe(201);
    expect(await owed()).toEqual({ total: fee, due: fee, status: 'balance_due', staffDue: fee });

    // The next visit done and marked completed: the fee was taken in cash with it, once.
    await server.db.query('UPDATE orders SET checked_out_at = COALESCE(checked_out_at, $2) WHERE id = $1', [next!.id, clock.now()]);
    clock.set('2030-03-28T12:00:00.000Z');
    customer.token = await server.login(customer.email, customer.password);
    const done = await send(server, 'PUT', `/admin/order/update/completed/${next!.id}`, { token: await server.adminToken(), body: { status: 'completed' } });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(await owed()).toMatchObject({ total: fee, due: 0, status: 'paid' });
    const history = await server.db.query<{ action: string; to_value: string }>(
      `SELECT action, to_value FROM audit_log WHERE order_id = $1 AND action = 'order.balance_paid'`, [visit!.id]);
    expect(history).toEqual([{ action: 'order.balance_paid', to_value: String(fee / 100) }]);
  });
});

describe('a card visit skipped late before it was paid owes its fee, and Pay now collects it (issue 33 row 1, decision 070)', () => {

  it('the fee is the balance due, payable by card once; the payment pays the fee, it is not a late payment to give back', async () => {
    await travelTo('2030-04-01T12:00:00.000Z');
    const customer = await server.createCustomer({ name: 'Cora Card Skip' });
    const order = await book('weekly', new Date('2030-04-18T09:00:00.000Z'), customer, 'card');
    const visit = await myOrder(server, customer.token, order.id);
    expect(visit.payment).toMatchObject({ method: 'card', status: 'awaiting_payment' });
    const fee = Math.round((penceOf(visit.total) * 30) / 100);

    // 20 hours before the visit, not paid: skipped, with its fee owed.
    clock.set('2030-04-17T13:00:00.000Z');
    customer.token = await server.login(customer.email, customer.password);
    const skipped = await send(server, 'POST', `/services/order/${visit.id}/skip`, { token: customer.token });
    expect(skipped).toEqual({ status: 201, body: { message: `Visit skipped: a ${gbp(fee)} late fee is due, by card with Pay now on My orders`, fee: fee / 100, visits: 1 } });
    const mail = (await server.outbox()).filter((one) => one.to === customer.email && one.subject.startsWith('Visit skipped')).at(-1)!;
    expect(mail.text).toContain(`${gbp(fee)} is now due on this visit: please pay it by card with Pay now on My orders.`);
    const owing = await myOrder(server, customer.token, visit.id);
    expect({ status: owing.status, payment: owing.payment }).toEqual({ status: 'cancelled', payment: { method: 'card', status: 'balance_due', payable: true, balanceDue: fee / 100 } });

    // Pay now: a page for the fee, paid once.
    const pay = await send(server, 'POST', `/services/order/${visit.id}/pay`, { token: customer.token });
    expect(pay.status, JSON.stringify(pay.body)).toBe(200);
    const [session] = await server.db.query<{ amount: string }>('SELECT amount FROM payment_sessions WHERE id = (SELECT balance_payment_ref FROM orders WHERE id = $1)', [visit.id]);
    expect(Number(session!.amount)).toBe(fee);
    await payOnTestPage(server, pay.body.shippingInfo);
    const paid = await myOrder(server, customer.token, visit.id);
    expect(paid.payment).toEqual({ method: 'card', status: 'paid', payable: false, balanceDue: 0 });
    const ledger = await server.db.query<{ kind: string; name: string; amount: number }>(
      `SELECT kind, name, amount FROM order_ledger WHERE order_id = $1 AND kind IN ('payment', 'refund') ORDER BY id`, [visit.id]);
    expect(ledger).toEqual([{ kind: 'payment', name: 'Card payment of the fee owed', amount: fee }]);
    const history = await server.db.query<{ to_value: string }>(`SELECT to_value FROM audit_log WHERE order_id = $1 AND action = 'order.balance_paid'`, [visit.id]);
    expect(history).toEqual([{ to_value: String(fee / 100) }]);
    // Nothing to give back, and nothing more to pay.
    expect(await server.db.query('SELECT 1 FROM late_payments WHERE order_id = $1', [visit.id])).toEqual([]);
    expect((await send(server, 'POST', `/services/order/${visit.id}/pay`, { token: customer.token })).status).toBe(409);
  });
});
