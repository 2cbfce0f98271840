/**
 * Text messages (issue 38 part 2, decision 094) over HTTP against the real server, sending through
 * Twilio's official SDK to a local fake Twilio (tests/support/twilio/fake-twilio.ts) that checks every
 * request: the opt-in on the profile (UK mobiles only, kept in E.164, recorded with time and
 * source), the reminder text sent once however many runs race and written into the order's history,
 * one on-the-way text under concurrent triggers, the limit per number, STOP and START through the
 * signed inbound webhook (an unsigned or forged one is refused with 403 and changes nothing), a text
 * Twilio refuses with 21610 read as the number's STOP (not retried), and, without Twilio's settings,
 * texts written once as `.sms` files in the outbox folder.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminTeam, OrderDetail, TextSettings } from '../../openapi/schema';
import { mailOutbox, QUEUES } from '../../server/queue';
import { sendDueReminders } from '../../server/services/reminders';
import { queueCleanersFirstJobs, queueOrderText } from '../../server/services/texts';
import { createOutboxTextSender, readTextOutbox } from '../../server/services/text-sender';
import { invitedCleaner } from './support/invited-cleaner';
import { TEXT_REPLIES_PATH, UNSIGNED_REPLY } from '../../server/routes/text-replies';
import { NOT_A_PHONE_NUMBER, NOT_A_UK_MOBILE } from '../../domain/texts/uk-mobile';
import { ConfigError, loadConfig } from '../../server/config';
import { catalogue, checkout, checkoutBody, createClock, HOUR, placeOrder, send, type Catalogue } from './booking-fixtures';
import { eventually } from './support/mail-wait';
import { startTestServer, type TestCustomer, type TestServer } from './support/test-server';
import { startFakeTwilio, type FakeTwilio } from '../support/twilio/fake-twilio';

const START = '2030-01-07T12:00:00.000Z';
const PUBLIC_URL = 'https://sparkle.example.co.uk';
const MOBILE = '+447700900123';
const clock = createClock(START);
let server: TestServer;
let twilio: FakeTwilio;
let jane: TestCustomer;
let house: Catalogue;

const inHours = (hours: number) => new Date(clock.now().getTime() + hours * HOUR);
const texts = (token = jane.token) => send(server, 'GET', '/user/texts', { token });
const setTexts = (body: unknown, token = jane.token) => send(server, 'PUT', '/user/texts', { token, body });
const textsTo = (phone: string) => twilio.messages.filter((message) => message.to === phone);
const textsSettled = () => eventually('the text queue is empty', () => server.app.jobs.pending(QUEUES.text), (n) => n === 0);
const webhook = () => ({ postTo: `${server.baseUrl}${TEXT_REPLIES_PATH}`, signedUrl: `${PUBLIC_URL}${TEXT_REPLIES_PATH}` });

async function cashOrder(hoursAhead: number, customer = jane) {
  const order = await placeOrder(server, customer.token, house, [3, 1]);
  const { response } = await checkout(server, customer.token, checkoutBody(order.id, inHours(hoursAhead)));
  expect(response.status).toBe(200);
  return order;
}

async function historyOf(id: number) {
  const admin = await server.adminToken();
  return ((await send(server, 'GET', `/admin/order/${id}`, { token: admin })).body as OrderDetail).history;
}

beforeAll(async () => {
  twilio = await startFakeTwilio();
  server = await startTestServer({
    now: clock.now,
    config: { publicUrl: PUBLIC_URL, twilio: { accountSid: twilio.accountSid, authToken: twilio.authToken, from: '+447700900000', apiUrl: twilio.baseUrl } },
  });
  jane = await server.createCustomer({ name: 'Jane Texts' });
  house = await catalogue(server, jane.token);
});
afterAll(async () => {
  await server?.close();
  await twilio?.close();
  // Every request the shop sent Twilio was one Twilio accepts.
  expect(twilio?.violations ?? []).toEqual([]);
});

describe('GET and PUT /user/texts: the opt-in on the profile', () => {
  it('starts opted out; refuses landlines, foreign and malformed numbers with why; keeps a UK mobile in E.164 with when and how', async () => {
    expect(await texts()).toEqual({ status: 200, body: { phone: null, optedIn: false, changedAt: null, source: null } });
    expect(await setTexts({ phone: '020 7946 0000', optedIn: true })).toEqual({ status: 400, body: { message: NOT_A_UK_MOBILE } });
    expect(await setTexts({ phone: '+1 212 555 0100', optedIn: true })).toEqual({ status: 400, body: { message: NOT_A_UK_MOBILE } });
    expect(await setTexts({ phone: 'call me', optedIn: true })).toEqual({ status: 400, body: { message: NOT_A_PHONE_NUMBER } });
    expect((await setTexts({ phone: '07700 900123', optedIn: true, extra: 1 })).status).toBe(400);
    expect((await send(server, 'GET', '/user/texts', {})).status).toBe(401);
    expect((await texts()).body).toMatchObject({ optedIn: false });

    const given: TextSettings = { phone: MOBILE, optedIn: true, changedAt: clock.now().toISOString(), source: 'profile' };
    expect(await setTexts({ phone: '07700 900123', optedIn: true })).toEqual({ status: 200, body: given });
    // The same choice again is no new consent: the time shown stays the first.
    clock.advance(HOUR);
    expect(await setTexts({ phone: '+44 7700 900123', optedIn: true })).toEqual({ status: 200, body: given });
    const events = await server.db.query<{ opted_in: boolean; source: string }>('SELECT opted_in, source FROM text_consent_events WHERE user_id = $1 ORDER BY id', [jane.id]);
    expect(events).toEqual([{ opted_in: true, source: 'profile' }]);
    clock.set(START);
  });
});

describe('the reminder text', () => {
  it('goes with the reminder mail once, however many runs race, through Twilio, and is in the order’s history', async () => {
    clock.set(START);
    const order = await cashOrder(30);
    const outbox = mailOutbox(server.app.jobs, { publicUrl: PUBLIC_URL, vatNumber: server.config.vatNumber }, undefined, { perNumberPerDay: 10 });
    clock.advance(7 * HOUR); // 23 hours before the job
    const runs = await Promise.all([1, 2, 3].map(() => sendDueReminders(server.db, outbox, clock.now())));
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    await server.app.jobs.send(server.db, QUEUES.reminders, {});
    await eventually('the reminder job ran', () => server.app.jobs.pending(QUEUES.reminders), (n) => n === 0);
    await textsSettled();
    const sent = textsTo(MOBILE);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.from).toBe('+447700900000');
    expect(sent[0]!.body).toMatch(/^Sparkle Cleaning: a reminder, we come for your .+ at \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(UK time\)\. .*Reply STOP to stop texts\.$/);
    expect(sent[0]!.body).not.toContain('Baker Street');
    const history = await historyOf(order.id);
    expect(history.filter((entry) => entry.action === 'order.text')).toEqual([
      { action: 'order.text', actor: 'Sparkle Cleaning', at: expect.any(String), from: null, to: 'reminder to +44 7700 900123' },
    ]);
  });
});

describe('a text about one order, triggered many times at once', () => {
  it('is queued and sent once; the limit per number drops the ones past it', async () => {
    clock.set(START);
    const order = await cashOrder(48);
    const before = textsTo(MOBILE).length;
    const outbox = mailOutbox(server.app.jobs, { publicUrl: PUBLIC_URL, vatNumber: server.config.vatNumber }, undefined, { perNumberPerDay: 10 });
    const text = { orderId: order.id, kind: 'on_my_way' as const, dueAt: inHours(48).toISOString(), body: 'Sparkle Cleaning: Team A is on the way.' };
    const queued = await Promise.all([1, 2, 3, 4].map(() => server.db.transaction((tx) => queueOrderText(tx, outbox, text, clock.now()))));
    expect(queued.filter(Boolean)).toHaveLength(1);
    await textsSettled();
    expect(textsTo(MOBILE)).toHaveLength(before + 1);

    // Two texts so far to this number in 24 hours: a limit of 2 drops a third.
    const other = await cashOrder(72);
    const limited = mailOutbox(server.app.jobs, { publicUrl: PUBLIC_URL, vatNumber: server.config.vatNumber }, undefined, { perNumberPerDay: 2 });
    expect(await server.db.transaction((tx) => queueOrderText(tx, limited, { ...text, orderId: other.id }, clock.now()))).toBe(false);
    expect(await server.db.transaction((tx) => queueOrderText(tx, outbox, { ...text, orderId: other.id }, clock.now()))).toBe(true);
    await textsSettled();
    expect(textsTo(MOBILE)).toHaveLength(before + 2);
  });
});

describe('POST /texts/inbound: STOP and START replies through Twilio’s webhook', () => {
  it('refuses an unsigned or forged reply with 403 and changes nothing', async () => {
    const form = new URLSearchParams({ From: MOBILE, To: '+447700900000', Body: 'STOP' }).toString();
    const unsigned = await fetch(`${server.baseUrl}${TEXT_REPLIES_PATH}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form });
    expect({ status: unsigned.status, body: await unsigned.json() }).toEqual({ status: 403, body: { message: UNSIGNED_REPLY } });
    const forged = await fetch(`${server.baseUrl}${TEXT_REPLIES_PATH}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'bm90IGEgc2lnbmF0dXJl' }, body: form });
    expect(forged.status).toBe(403);
    // Signed for another URL (a request's Host, not PUBLIC_URL): refused too.
    expect((await twilio.reply(MOBILE, 'STOP', { ...webhook(), signedUrl: `${server.baseUrl}${TEXT_REPLIES_PATH}` })).status).toBe(403);
    expect((await texts()).body).toMatchObject({ optedIn: true, source: 'profile' });
  });

  it('STOP opts the number out (recorded) and nothing more is sent to it; START opts it back in', async () => {
    clock.set(START);
    clock.advance(2 * HOUR);
    const stop = await twilio.reply(MOBILE, ' Stop ', webhook());
    expect(stop.status).toBe(200);
    expect(stop.answer).toContain('<Response></Response>');
    expect(await texts()).toEqual({ status: 200, body: { phone: MOBILE, optedIn: false, changedAt: clock.now().toISOString(), source: 'stop reply' } });

    const sentBefore = textsTo(MOBILE).length;
    const order = await cashOrder(96);
    const outbox = mailOutbox(server.app.jobs, { publicUrl: PUBLIC_URL, vatNumber: server.config.vatNumber });
    expect(await server.db.transaction((tx) => queueOrderText(tx, outbox, { orderId: order.id, kind: 'on_my_way', dueAt: inHours(96).toISOString(), body: 'x' }, clock.now()))).toBe(false);
    await textsSettled();
    expect(textsTo(MOBILE)).toHaveLength(sentBefore);

    expect((await twilio.reply(MOBILE, 'START', webhook())).status).toBe(200);
    expect((await texts()).body).toMatchObject({ optedIn: true, source: 'start reply' });
    // Withdrawn on the profile too.
    expect((await setTexts({ phone: MOBILE, optedIn: false })).body).toMatchObject({ optedIn: false, source: 'profile' });
    const events = await server.db.query<{ opted_in: boolean; source: string }>('SELECT opted_in, source FROM text_consent_events WHERE user_id = $1 ORDER BY id', [jane.id]);
    expect(events).toEqual([
      { opted_in: true, source: 'profile' },
      { opted_in: false, source: 'stop reply' },
      { opted_in: true, source: 'start reply' },
      { opted_in: false, source: 'profile' },
    ]);
  });
});

describe('a text Twilio refuses because the number replied STOP to it (error 21610)', () => {
  it('is not retried: the consent is withdrawn as a STOP reply, in its history, and the order’s history says the text was not sent', async () => {
    clock.set(START);
    const tom = await server.createCustomer({ name: 'Tom Stopped' });
    const number = '+447700900789';
    expect((await setTexts({ phone: '07700 900789', optedIn: true }, tom.token)).status).toBe(200);
    // He replied STOP to the shop's Twilio number while the shop's webhook was down: Twilio knows, the shop does not.
    twilio.optOut(number);
    clock.advance(HOUR);
    const order = await cashOrder(48, tom);
    const outbox = mailOutbox(server.app.jobs, { publicUrl: PUBLIC_URL, vatNumber: server.config.vatNumber });
    const text = { orderId: order.id, kind: 'on_my_way' as const, dueAt: inHours(48).toISOString(), body: 'Sparkle Cleaning: Team A is on the way.' };
    expect(await server.db.transaction((tx) => queueOrderText(tx, outbox, text, clock.now()))).toBe(true);
    await textsSettled();
    // Asked once and refused as Twilio documents it; never asked again.
    expect(twilio.refusals.filter((refusal) => refusal.to === number)).toEqual([{
      to: number, status: 400, body: { code: 21610, message: 'Attempt to send to unsubscribed recipient', more_info: 'https://www.twilio.com/docs/errors/21610', status: 400 },
    }]);
    expect(textsTo(number)).toEqual([]);
    expect(await texts(tom.token)).toEqual({ status: 200, body: { phone: number, optedIn: false, changedAt: clock.now().toISOString(), source: 'stop reply' } });
    const events = await server.db.query<{ opted_in: boolean; source: string }>('SELECT opted_in, source FROM text_consent_events WHERE user_id = $1 ORDER BY id', [tom.id]);
    expect(events).toEqual([{ opted_in: true, source: 'profile' }, { opted_in: false, source: 'stop reply' }]);
    expect((await historyOf(order.id)).filter((entry) => entry.action === 'order.text')).toEqual([{
      action: 'order.text', actor: 'Sparkle Cleaning', at: clock.now().toISOString(), from: null,
      to: 'on the way not sent to +44 7700 900789: the number replied STOP to our texts, so texts to it are off',
    }]);
    // Nothing more is queued to the number until the person opts in again.
    expect(await server.db.transaction((tx) => queueOrderText(tx, outbox, { ...text, kind: 'reminder' }, clock.now()))).toBe(false);
  });
});

describe('without Twilio settings: texts as .sms files in OUTBOX_DIR', () => {
  it('writes the reminder once, however often its runs and its job go, and puts it in the order’s history once', async () => {
    clock.set(START);
    const local = await startTestServer({ now: clock.now, config: { publicUrl: PUBLIC_URL } });
    try {
      expect(local.config.twilio).toBeNull();
      const kim = await local.createCustomer({ name: 'Kim Outbox' });
      expect((await send(local, 'PUT', '/user/texts', { token: kim.token, body: { phone: '07700 900321', optedIn: true } })).status).toBe(200);
      const order = await placeOrder(local, kim.token, await catalogue(local, kim.token), [3, 1]);
      expect((await checkout(local, kim.token, checkoutBody(order.id, inHours(30)))).response.status).toBe(200);
      const outbox = mailOutbox(local.app.jobs, { publicUrl: PUBLIC_URL, vatNumber: local.config.vatNumber });
      clock.advance(7 * HOUR); // 23 hours before the job
      const runs = await Promise.all([1, 2, 3].map(() => sendDueReminders(local.db, outbox, clock.now())));
      expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
      await eventually('the text queue is empty', () => local.app.jobs.pending(QUEUES.text), (n) => n === 0);
      const written = await readTextOutbox(local.config.outboxDir);
      expect(written).toEqual([{ to: '+447700900321', body: expect.stringMatching(/^Sparkle Cleaning: a reminder, we come for your .+ \(UK time\)\. .*Reply STOP to stop texts\.$/) }]);
      // The text's job again, as after a crash between writing the file and marking it sent: no second file.
      const [claim] = await local.db.query<{ due_at: Date }>('SELECT due_at FROM order_texts WHERE order_id = $1', [order.id]);
      await createOutboxTextSender(local.config.outboxDir, () => {}).send({
        to: '+447700900321', body: written[0]!.body, orderId: order.id, kind: 'reminder', userId: kim.id, dueAt: new Date(claim!.due_at).toISOString(),
      });
      expect(await readTextOutbox(local.config.outboxDir)).toHaveLength(1);
      const history = ((await send(local, 'GET', `/admin/order/${order.id}`, { token: await local.adminToken() })).body as OrderDetail).history;
      expect(history.filter((entry) => entry.action === 'order.text').map((entry) => entry.to)).toEqual(['reminder to +44 7700 900321']);
    } finally {
      await local.close();
    }
  });
});

describe('a cleaner’s first job of tomorrow', () => {
  it('goes once to each cleaner who opted in, from 18:00 UK time the day before: the team’s first job only, in its history', async () => {
    clock.set('2030-01-06T08:00:00.000Z');
    jane.token = await server.login(jane.email, jane.password);
    const admin = await server.adminToken();
    const team = ((await send(server, 'GET', '/admin/teams', { token: admin })).body as AdminTeam[]).at(-1)!;
    const maria = await invitedCleaner(server, admin, { name: 'Maria Texts', email: 'maria-texts@cleaners.example', team: team.id });
    expect((await setTexts({ phone: '07700 900456', optedIn: true }, maria.token)).status).toBe(200);
    // Two jobs of the team on 2030-01-08 (UK): 14:00, then one at 10:00 booked after it.
    const late = await cashOrder(54);
    const early = await cashOrder(50);
    for (const order of [late, early]) expect((await send(server, 'PUT', `/admin/schedule/jobs/${order.id}/team`, { token: admin, body: { team: team.id } })).status).toBe(200);
    const outbox = mailOutbox(server.app.jobs, { publicUrl: PUBLIC_URL, vatNumber: server.config.vatNumber });

    expect(await queueCleanersFirstJobs(server.db, outbox, new Date('2030-01-07T17:59:00.000Z'))).toBe(0);
    const evening = new Date('2030-01-07T18:05:00.000Z');
    const runs = await Promise.all([1, 2, 3].map(() => queueCleanersFirstJobs(server.db, outbox, evening)));
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    await textsSettled();
    expect(textsTo('+447700900456').map((text) => text.body)).toEqual([
      'Sparkle Cleaning: your team\'s first job tomorrow is ' + house.serviceName + ' at 2030-01-08 10:00 (UK time). Details in My jobs. Reply STOP to stop texts.',
    ]);
    expect((await historyOf(early.id)).filter((entry) => entry.action === 'order.text').map((entry) => entry.to)).toEqual(["first job to the team's cleaner to +44 7700 900456"]);
    expect((await historyOf(late.id)).filter((entry) => entry.action === 'order.text')).toEqual([]);
  });
});

describe('erasure (decision 016)', () => {
  it('removes the consent and its history, and the number from the orders’ histories', async () => {
    const answer = await send(server, 'POST', '/user/delete', { token: jane.token, body: { password: jane.password } });
    expect(answer.status).toBe(200);
    expect(await server.db.query('SELECT 1 FROM text_consents WHERE user_id = $1 UNION ALL SELECT 1 FROM text_consent_events WHERE user_id = $1', [jane.id])).toEqual([]);
    const numbers = await server.db.query<{ to_value: string }>(
      "SELECT to_value FROM audit_log WHERE action = 'order.text' AND order_id IN (SELECT id FROM orders WHERE user_id = $1)",
      [jane.id],
    );
    expect(numbers.map((row) => row.to_value)).toEqual(expect.arrayContaining(['reminder to an erased number']));
    expect(JSON.stringify(numbers)).not.toContain('7700');
  });
});

describe('configuration (decision 094)', () => {
  const production = { NODE_ENV: 'production', JWT_SECRET: 'a-production-secret-of-more-than-32-bytes-long' };
  const live = { TWILIO_ACCOUNT_SID: `AC${'a'.repeat(32)}`, TWILIO_AUTH_TOKEN: 'b'.repeat(32), TWILIO_FROM: '+447700900000' };

  it('takes the three Twilio settings together, none (the outbox), and refuses some', () => {
    expect(loadConfig(production).twilio).toBeNull();
    expect(loadConfig({ ...production, ...live }).twilio).toEqual({ accountSid: live.TWILIO_ACCOUNT_SID, authToken: live.TWILIO_AUTH_TOKEN, from: '+447700900000', apiUrl: null });
    expect(loadConfig({ ...production, ...live, TWILIO_FROM: `MG${'c'.repeat(32)}` }).twilio?.from).toBe(`MG${'c'.repeat(32)}`);
    expect(() => loadConfig({ ...production, ...live, TWILIO_AUTH_TOKEN: '' })).toThrow(/TWILIO_AUTH_TOKEN/);
    expect(() => loadConfig({ ...production, ...live, TWILIO_FROM: '07700 900000' })).toThrow(/TWILIO_FROM/);
    expect(() => loadConfig({ ...production, TWILIO_ACCOUNT_SID: live.TWILIO_ACCOUNT_SID })).toThrow(ConfigError);
  });

  it('refuses a fake host or Twilio’s test sender in production unless ALLOW_TEST_TEXTS=true (a demo)', () => {
    expect(() => loadConfig({ ...production, ...live, TWILIO_API_URL: 'http://127.0.0.1:4010' })).toThrow(/ALLOW_TEST_TEXTS=true/);
    expect(() => loadConfig({ ...production, ...live, TWILIO_FROM: '+15005550006' })).toThrow(/ALLOW_TEST_TEXTS=true/);
    expect(loadConfig({ ...production, ...live, TWILIO_API_URL: 'http://127.0.0.1:4010', ALLOW_TEST_TEXTS: 'true' }).twilio?.apiUrl).toBe('http://127.0.0.1:4010');
    expect(loadConfig({ NODE_ENV: 'development', JWT_SECRET: production.JWT_SECRET, ...live, TWILIO_API_URL: 'http://127.0.0.1:4010' }).twilio?.apiUrl).toBe('http://127.0.0.1:4010');
  });
});
