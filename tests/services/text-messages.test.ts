import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../server/app-context';
import type { Database } from '../../server/db/database';
import type { MailOutbox } from '../../server/queue';
import { TextRecipientOptedOut, type Text, type TextSender } from '../../server/queue/text';
import { firstJobText } from '../../server/mails/text-messages';
import { textsRepository, type TextKey } from '../../server/repositories/texts';
import { updateOrderStatus } from '../../server/services/orders-admin';
import { createOrder } from '../../server/services/orders';
import { eraseCustomer } from '../../server/services/personal-data';
import { assignJob } from '../../server/services/schedule';
import {
  applyReply, deliverText, OPT_IN_NEEDS_A_NUMBER, queueCleanersFirstJobs, queueOrderText, textSettings, TEXTS_ACTOR, updateTextSettings,
} from '../../server/services/texts';
import { NOT_A_PHONE_NUMBER, NOT_A_UK_MOBILE } from '../../domain/texts/uk-mobile';
import type { TestDatabase } from '../api/support/test-database';
import { bookings, orderHistory } from './support/booking';
import { houseKeepingDatabase, seededUser } from './support/own-database';
import { refused } from './support/refused';

/**
 * Text messages (decision 094) through services/texts.ts on repositories/texts.ts, on a real seeded
 * database with a fixed clock: the consent on the profile and its history, STOP and START replies to
 * every person with the number, a text about an order claimed once per order, kind and job time and
 * limited per number, its delivery only while the consent to that number holds (once, into the
 * order's history), the cleaners' first job of tomorrow, and erasure of the number everywhere.
 */
const BOOKED = new Date('2030-01-01T09:00:00.000Z');
const NOW = new Date('2030-01-07T12:00:00.000Z');
const HOUR = 3_600_000;
const SITE = { publicUrl: 'http://localhost:3000', vatNumber: 'GB 123 4567 89' };

let testDb: TestDatabase;
let db: Database;
let admin: AuthUser;
let serviceId: number;
let twoBedrooms: Array<{ id: number; quantity: number }>;
const { book } = bookings(() => db, BOOKED);
const queued: Text[] = [];
const outboxOf = (perNumberPerDay = 10): MailOutbox => ({
  add: async () => {},
  addText: async (_tx, text) => void queued.push(text),
  textsPerNumberPerDay: perNumberPerDay,
  site: SITE,
});
const outbox = outboxOf();

let people = 0;
/** A person of this test (customer, or cleaner of a team), optionally opted in to texts on `mobile` at BOOKED. */
async function person(name: string, options: { mobile?: string; roles?: string[]; team?: number } = {}): Promise<AuthUser> {
  people += 1;
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${people}@texts.example.co.uk`;
  const roles = options.roles ?? ['ROLE_USER'];
  const [row] = await db.query<{ id: number }>('INSERT INTO users (name, email, password_hash, roles, team_id) VALUES ($1, $2, $3, $4, $5) RETURNING id', [
    name, email, 'not-a-real-hash', roles, options.team ?? null,
  ]);
  const user = { id: row!.id, name, email, roles };
  if (options.mobile) await updateTextSettings(db, user.id, { phone: options.mobile, optedIn: true }, BOOKED);
  return user;
}
const bookFor = (customer: AuthUser, date: string, time: string) => book(customer, serviceId, twoBedrooms, { date, time, now: BOOKED });
const events = async (userId: number) =>
  (await db.query<{ phone: string; opted_in: boolean; source: string; at: Date }>('SELECT phone, opted_in, source, at FROM text_consent_events WHERE user_id = $1 ORDER BY id', [userId]))
    .map((row) => [row.phone, row.opted_in, row.source, row.at.toISOString()]);
const claimsOf = (orderId: number) =>
  db.query<{ kind: string; due_at: Date; user_id: number; phone: string; queued_at: Date; sent_at: Date | null }>(
    'SELECT kind, due_at, user_id, phone, queued_at, sent_at FROM order_texts WHERE order_id = $1 ORDER BY kind, user_id', [orderId],
  );
const onMyWay = (orderId: number, dueAt = '2030-01-08T10:00:00.000Z') => ({ orderId, kind: 'on_my_way' as const, dueAt, body: 'Sparkle Cleaning: Team A is on the way.' });

beforeAll(async () => {
  ({ testDb, db, serviceId, twoBedrooms } = await houseKeepingDatabase());
  admin = await seededUser(db, 'admin@sparkle.test');
}, 60_000);

afterAll(async () => {
  await testDb?.dispose();
});

describe('the consent on the profile', () => {
  it('starts with none; refuses what is not a UK mobile; keeps a change with its time and source, and the same choice again changes nothing', async () => {
    const tess = await person('Tess Consent');
    expect(await textSettings(db, tess.id)).toEqual({ phone: null, optedIn: false, changedAt: null, source: null });
    await refused(updateTextSettings(db, tess.id, { phone: '020 7946 0000', optedIn: true }, NOW), 400, NOT_A_UK_MOBILE);
    await refused(updateTextSettings(db, tess.id, { phone: 'call me', optedIn: true }, NOW), 400, NOT_A_PHONE_NUMBER);
    await refused(updateTextSettings(db, tess.id, { phone: '  ', optedIn: true }, NOW), 400, OPT_IN_NEEDS_A_NUMBER);
    expect(await textSettings(db, tess.id)).toEqual({ phone: null, optedIn: false, changedAt: null, source: null });

    const given = { phone: '+447700900123', optedIn: true, changedAt: NOW.toISOString(), source: 'profile' };
    expect(await updateTextSettings(db, tess.id, { phone: '07700 900123', optedIn: true }, NOW)).toEqual(given);
    expect(await updateTextSettings(db, tess.id, { phone: '+44 7700 900123', optedIn: true }, new Date(NOW.getTime() + HOUR))).toEqual(given);
    expect(await textSettings(db, tess.id)).toEqual(given);

    const later = new Date(NOW.getTime() + 2 * HOUR);
    expect(await updateTextSettings(db, tess.id, { phone: '07700 900124', optedIn: true }, later)).toEqual({ ...given, phone: '+447700900124', changedAt: later.toISOString() });
    const latest = new Date(NOW.getTime() + 3 * HOUR);
    expect(await updateTextSettings(db, tess.id, { phone: '07700 900124', optedIn: false }, latest)).toEqual({ phone: '+447700900124', optedIn: false, changedAt: latest.toISOString(), source: 'profile' });
    expect(await events(tess.id)).toEqual([
      ['+447700900123', true, 'profile', NOW.toISOString()],
      ['+447700900124', true, 'profile', later.toISOString()],
      ['+447700900124', false, 'profile', latest.toISOString()],
    ]);
    // Another person's consent is their own.
    const other = await person('Other Consent', { mobile: '07700 900125' });
    expect((await textSettings(db, other.id)).phone).toBe('+447700900125');
    expect((await textSettings(db, tess.id)).phone).toBe('+447700900124');
  });
});

describe('STOP and START replies', () => {
  it('change every consent to the number that is not already so, each in its history; other numbers and other words change nothing', async () => {
    const [ann, ben, cal, dee] = [
      await person('Ann Shared', { mobile: '07700 900211' }),
      await person('Ben Shared', { mobile: '07700 900211' }),
      await person('Cal Shared'),
      await person('Dee Elsewhere', { mobile: '07700 900212' }),
    ];
    await updateTextSettings(db, cal.id, { phone: '07700 900211', optedIn: false }, BOOKED);
    const stop = new Date(NOW.getTime() + HOUR);
    expect(await applyReply(db, { from: '+447700900211', body: ' Stop ' }, stop)).toBe(2);
    for (const who of [ann, ben]) expect(await textSettings(db, who.id)).toEqual({ phone: '+447700900211', optedIn: false, changedAt: stop.toISOString(), source: 'stop reply' });
    expect(await textSettings(db, cal.id)).toEqual({ phone: '+447700900211', optedIn: false, changedAt: BOOKED.toISOString(), source: 'profile' });
    expect(await textSettings(db, dee.id)).toEqual({ phone: '+447700900212', optedIn: true, changedAt: BOOKED.toISOString(), source: 'profile' });
    expect(await events(ann.id)).toEqual([['+447700900211', true, 'profile', BOOKED.toISOString()], ['+447700900211', false, 'stop reply', stop.toISOString()]]);
    expect(await events(cal.id)).toEqual([['+447700900211', false, 'profile', BOOKED.toISOString()]]);
    expect(await events(dee.id)).toEqual([['+447700900212', true, 'profile', BOOKED.toISOString()]]);

    expect(await applyReply(db, { from: '+447700900211', body: 'STOP' }, stop)).toBe(0);
    expect(await applyReply(db, { from: '+447700900211', body: 'Thanks, see you then' }, stop)).toBe(0);
    expect(await applyReply(db, { from: '+442079460000', body: 'STOP' }, stop)).toBe(0);

    const start = new Date(NOW.getTime() + 2 * HOUR);
    expect(await applyReply(db, { from: '+447700900211', body: 'start' }, start)).toBe(3);
    for (const who of [ann, ben, cal]) expect(await textSettings(db, who.id)).toEqual({ phone: '+447700900211', optedIn: true, changedAt: start.toISOString(), source: 'start reply' });
    expect(await events(cal.id)).toEqual([['+447700900211', false, 'profile', BOOKED.toISOString()], ['+447700900211', true, 'start reply', start.toISOString()]]);
    expect(await textSettings(db, dee.id)).toEqual({ phone: '+447700900212', optedIn: true, changedAt: BOOKED.toISOString(), source: 'profile' });
  });
});

describe('a text about an order', () => {
  it('is queued to the customer who opted in, claimed once per order, kind and job time; none to a customer who did not', async () => {
    const quinn = await person('Quinn Queued', { mobile: '07700 900311' });
    const silent = await person('Sid Silent');
    const [order, silentOrder] = [await bookFor(quinn, '2030-01-08', '10:00'), await bookFor(silent, '2030-01-08', '11:00')];
    queued.length = 0;
    const inTx = (text: Omit<Text, 'to' | 'userId'>, box = outbox) => db.transaction((tx) => queueOrderText(tx, box, text, NOW));

    expect(await inTx(onMyWay(silentOrder))).toBe(false);
    expect(await claimsOf(silentOrder)).toEqual([]);
    expect(await inTx(onMyWay(order))).toBe(true);
    expect(await inTx(onMyWay(order))).toBe(false);
    expect(await inTx({ ...onMyWay(order), kind: 'reminder' })).toBe(true);
    expect(await inTx(onMyWay(order, '2030-01-08T12:00:00.000Z'))).toBe(true);
    expect(queued).toEqual([
      { ...onMyWay(order), userId: quinn.id, to: '+447700900311' },
      { ...onMyWay(order), kind: 'reminder', userId: quinn.id, to: '+447700900311' },
      { ...onMyWay(order, '2030-01-08T12:00:00.000Z'), userId: quinn.id, to: '+447700900311' },
    ]);
    const claim = { user_id: quinn.id, phone: '+447700900311', queued_at: NOW, sent_at: null };
    expect(await claimsOf(order)).toEqual([
      { kind: 'on_my_way', due_at: new Date('2030-01-08T10:00:00.000Z'), ...claim },
      { kind: 'on_my_way', due_at: new Date('2030-01-08T12:00:00.000Z'), ...claim },
      { kind: 'reminder', due_at: new Date('2030-01-08T10:00:00.000Z'), ...claim },
    ]);
    // Withdrawn: nothing more is queued.
    await updateTextSettings(db, quinn.id, { phone: '07700 900311', optedIn: false }, NOW);
    expect(await inTx(onMyWay(order, '2030-01-08T14:00:00.000Z'))).toBe(false);
    // No text queue at all (an outbox without texts): nothing is claimed.
    await updateTextSettings(db, quinn.id, { phone: '07700 900311', optedIn: true }, NOW);
    expect(await inTx(onMyWay(order, '2030-01-08T14:00:00.000Z'), { add: async () => {}, site: SITE })).toBe(false);
    expect(await claimsOf(order)).toHaveLength(3);
  });

  it('is dropped once the number had the day’s limit in the last 24 hours, whoever the texts were for', async () => {
    const [uma, vic] = [await person('Uma Limited', { mobile: '07700 900411' }), await person('Vic Limited', { mobile: '07700 900411' })];
    const [a, b, c] = [await bookFor(uma, '2030-01-09', '10:00'), await bookFor(vic, '2030-01-09', '11:00'), await bookFor(uma, '2030-01-09', '12:00')];
    const limited = outboxOf(2);
    const at = (time: Date, orderId: number, box = limited) => db.transaction((tx) => queueOrderText(tx, box, onMyWay(orderId), time));
    expect(await at(new Date(NOW.getTime() - 24 * HOUR), a)).toBe(true);
    expect(await at(NOW, b)).toBe(true);
    // The first is exactly 24 hours old: it no longer counts.
    expect(await at(NOW, c)).toBe(true);
    expect(await at(NOW, c, outboxOf(3))).toBe(false);
    const d = await bookFor(vic, '2030-01-09', '13:00');
    expect(await at(NOW, d)).toBe(false);
    expect(await at(NOW, d, outboxOf(3))).toBe(true);
    expect(await claimsOf(d)).toEqual([{ kind: 'on_my_way', due_at: new Date('2030-01-08T10:00:00.000Z'), user_id: vic.id, phone: '+447700900411', queued_at: NOW, sent_at: null }]);

    const texts = textsRepository(db);
    expect(await texts.queuedSince('+447700900411', new Date(NOW.getTime() - 24 * HOUR))).toBe(3);
    expect(await texts.queuedSince('+447700900411', new Date(NOW.getTime() - 24 * HOUR - 1))).toBe(4);
    expect(await texts.queuedSince('+447700900411', NOW)).toBe(0);
    expect(await texts.queuedSince('+447700900499', new Date(0))).toBe(0);
  });
});

describe('delivering a text', () => {
  const sent: Text[] = [];
  const sender: TextSender = { send: async (text) => (sent.push(text), `SM${sent.length}`) };
  const refusing: TextSender = { send: async (text) => { throw new TextRecipientOptedOut(text.to); } };
  const failing: TextSender = { send: async () => { throw new Error('provider down'); } };
  const clock = () => new Date(NOW.getTime() + HOUR);

  async function claimed(name: string, mobile: string, date: string) {
    const customer = await person(name, { mobile });
    const order = await bookFor(customer, date, '10:00');
    queued.length = 0;
    expect(await db.transaction((tx) => queueOrderText(tx, outbox, onMyWay(order, `${date}T10:00:00.000Z`), NOW))).toBe(true);
    return { customer, order, text: queued[0]! };
  }

  it('sends while the consent to that number holds, marks it sent and writes it into the history, once', async () => {
    const { order, text } = await claimed('Wes Delivered', '07700 900511', '2030-01-10');
    sent.length = 0;
    await expect(deliverText(db, failing, text, clock)).rejects.toThrow('provider down');
    expect((await claimsOf(order))[0]!.sent_at).toBeNull();
    await deliverText(db, sender, text, clock);
    await deliverText(db, sender, text, clock);
    expect(sent).toEqual([text]);
    expect((await claimsOf(order))[0]!.sent_at).toEqual(clock());
    expect(await orderHistory(db, order, 'order.text')).toEqual([[TEXTS_ACTOR, null, 'on the way to +44 7700 900511']]);
  });

  it('sends nothing once the person opted out or changed their number since it was queued', async () => {
    const stopped = await claimed('Xan Stopped', '07700 900611', '2030-01-11');
    const moved = await claimed('Yas Moved', '07700 900612', '2030-01-12');
    await applyReply(db, { from: '+447700900611', body: 'STOP' }, NOW);
    await updateTextSettings(db, moved.customer.id, { phone: '07700 900613', optedIn: true }, NOW);
    sent.length = 0;
    await deliverText(db, sender, stopped.text, clock);
    await deliverText(db, sender, moved.text, clock);
    expect(sent).toEqual([]);
    for (const { order } of [stopped, moved]) {
      expect((await claimsOf(order))[0]!.sent_at).toBeNull();
      expect(await orderHistory(db, order, 'order.text')).toEqual([]);
    }
  });

  it('a text the provider refuses for a STOP it had is that STOP: every consent to the number withdrawn, and the history says so', async () => {
    const { customer, order, text } = await claimed('Zed Refused', '07700 900711', '2030-01-13');
    const sharing = await person('Zoe Sharing', { mobile: '07700 900711' });
    await deliverText(db, refusing, text, clock);
    for (const who of [customer, sharing]) expect(await textSettings(db, who.id)).toEqual({ phone: '+447700900711', optedIn: false, changedAt: clock().toISOString(), source: 'stop reply' });
    expect((await claimsOf(order))[0]!.sent_at).toBeNull();
    expect(await orderHistory(db, order, 'order.text')).toEqual([
      [TEXTS_ACTOR, null, 'on the way not sent to +44 7700 900711: the number replied STOP to our texts, so texts to it are off'],
    ]);
  });

  it('the repository tells one claim from another by order, kind, job time and person', async () => {
    const { order, text } = await claimed('Abe Keys', '07700 900811', '2030-01-14');
    const key: TextKey = { orderId: order, kind: 'on_my_way', dueAt: text.dueAt, userId: text.userId };
    const texts = textsRepository(db);
    const others: TextKey[] = [
      { ...key, orderId: order + 1 }, { ...key, kind: 'reminder' }, { ...key, dueAt: '2030-01-14T10:30:00.000Z' }, { ...key, userId: admin.id },
    ];
    for (const other of others) expect({ other, still: await texts.stillToSend(other), marked: await texts.markSent(other, NOW) }).toEqual({ other, still: false, marked: false });
    expect(await texts.stillToSend(key)).toBe(true);
    expect(await texts.markSent(key, NOW)).toBe(true);
    expect(await texts.stillToSend(key)).toBe(false);
    expect(await texts.markSent(key, clock())).toBe(false);
    expect((await claimsOf(order))[0]!.sent_at).toEqual(NOW);
    expect(await texts.claim(key, '+447700900811', NOW)).toBe(false);
    expect(await texts.claim({ ...key, kind: 'reminder' }, '+447700900811', NOW)).toBe(true);
  });
});

describe("the cleaners' first job of tomorrow", () => {
  it('goes from 18:00 UK time the day before to each cleaner who opted in: their team’s first placed job of tomorrow, once', async () => {
    const teams = Object.fromEntries((await db.query<{ id: number; name: string }>("SELECT id, name FROM teams WHERE name IN ('Team A', 'Team B', 'Team C')")).map((t) => [t.name, t.id]));
    const [a, b, c] = [teams['Team A']!, teams['Team B']!, teams['Team C']!];
    const customer = await person('Cora Customer');
    const job = async (date: string, time: string, team: number) => {
      const id = await bookFor(customer, date, time);
      await assignJob(db, admin, id, team, BOOKED);
      return id;
    };
    const cancelled = await job('2030-01-16', '08:00', a);
    const late = await job('2030-01-16', '14:00', a);
    const early = await job('2030-01-16', '10:00', a);
    const tonight = await job('2030-01-15', '19:00', a);
    const dayAfter = await job('2030-01-17', '07:00', a);
    // Team B works the day after tomorrow only.
    const teamB = await job('2030-01-17', '09:00', b);
    const teamC = await job('2030-01-16', '11:00', c);
    await updateOrderStatus(db, admin, cancelled, 'cancelled', { status: 'cancelled' }, BOOKED, outbox);
    // A draft never placed, with a time and a team, comes first tomorrow: it is no job.
    const draft = await createOrder(db, customer, { service: serviceId, items: twoBedrooms }, BOOKED);
    await db.query("UPDATE orders SET due_at = '2030-01-16T07:00:00Z', team_id = $2 WHERE id = $1", [draft.id, a]);
    expect((await db.query<{ team_id: number }>('SELECT team_id FROM orders WHERE id = $1', [cancelled]))[0]!.team_id).toBe(a);

    const maria = await person('Maria Cleaner', { mobile: '07700 900911', roles: ['ROLE_CLEANER'], team: a });
    const nina = await person('Nina Cleaner', { mobile: '07700 900912', roles: ['ROLE_CLEANER'], team: a });
    await person('Bea Cleaner', { mobile: '07700 900916', roles: ['ROLE_CLEANER'], team: b });
    await person('Omar Never Asked', { roles: ['ROLE_CLEANER'], team: c });
    const pia = await person('Pia Cleaner', { mobile: '07700 900913', roles: ['ROLE_CLEANER'], team: c });
    await person('Rex Office', { mobile: '07700 900914', roles: ['ROLE_ADMIN'], team: c });
    const sue = await person('Sue Withdrawn', { mobile: '07700 900915', roles: ['ROLE_CLEANER'], team: c });
    await updateTextSettings(db, sue.id, { phone: '07700 900915', optedIn: false }, BOOKED);

    const from = new Date('2030-01-16T00:00:00.000Z');
    const to = new Date('2030-01-17T00:00:00.000Z');
    const row = (who: AuthUser, phone: string, orderId: number, dueAt: string) => ({ user_id: who.id, phone, order_id: orderId, due_at: new Date(dueAt), service: 'House Keeping' });
    const rows = await textsRepository(db).firstJobsOfCleaners(from, to);
    expect(rows.filter((r) => r.user_id >= maria.id)).toEqual([
      row(maria, '+447700900911', early, '2030-01-16T10:00:00.000Z'),
      row(nina, '+447700900912', early, '2030-01-16T10:00:00.000Z'),
      row(pia, '+447700900913', teamC, '2030-01-16T11:00:00.000Z'),
    ]);
    expect(rows.map((r) => r.order_id).filter((id) => [late, tonight, dayAfter, teamB, cancelled, draft.id].includes(id))).toEqual([]);

    queued.length = 0;
    expect(await queueCleanersFirstJobs(db, outbox, new Date('2030-01-15T17:59:00.000Z'))).toBe(0);
    expect(queued).toEqual([]);
    const evening = new Date('2030-01-15T18:05:00.000Z');
    expect(await queueCleanersFirstJobs(db, outbox, evening)).toBe(3);
    const text = (who: AuthUser, phone: string, orderId: number, dueAt: string) => ({
      orderId, kind: 'first_job', dueAt, userId: who.id, to: phone, body: firstJobText({ service: 'House Keeping', dueAt: new Date(dueAt) }),
    });
    expect(queued).toEqual([
      text(maria, '+447700900911', early, '2030-01-16T10:00:00.000Z'),
      text(nina, '+447700900912', early, '2030-01-16T10:00:00.000Z'),
      text(pia, '+447700900913', teamC, '2030-01-16T11:00:00.000Z'),
    ]);
    expect(await queueCleanersFirstJobs(db, outbox, new Date('2030-01-15T21:00:00.000Z'))).toBe(0);

    const texts = textsRepository(db);
    expect(await texts.consentingPhone(maria.id)).toBe('+447700900911');
    await updateTextSettings(db, maria.id, { phone: '07700 900911', optedIn: false }, evening);
    expect(await texts.consentingPhone(maria.id)).toBeNull();
    expect(await texts.consentingPhone(customer.id)).toBeNull();
  });
});

describe('erasure (decision 016)', () => {
  it("removes the person's consent and its history, and their number from the claims and histories of their orders only", async () => {
    const erin = await person('Erin Erased', { mobile: '07700 901011' });
    const fred = await person('Fred Kept', { mobile: '07700 901012' });
    const cleaner = await person('Gail Cleaner', { mobile: '07700 901013', roles: ['ROLE_CLEANER'] });
    const [erins, freds] = [await bookFor(erin, '2030-01-20', '10:00'), await bookFor(fred, '2030-01-20', '11:00')];
    const sender: TextSender = { send: async () => 'SM1' };
    for (const orderId of [erins, freds]) {
      queued.length = 0;
      await db.transaction((tx) => queueOrderText(tx, outbox, { ...onMyWay(orderId), kind: 'reminder' }, NOW));
      await deliverText(db, sender, queued[0]!, () => NOW);
      // A cleaner's text about the order, claimed to the cleaner.
      await textsRepository(db).claim({ orderId, kind: 'first_job', dueAt: '2030-01-08T10:00:00.000Z', userId: cleaner.id }, '+447700901013', NOW);
    }
    await applyReply(db, { from: '07700 901011', body: 'STOP' }, NOW);

    await eraseCustomer(db, undefined, erin.id, NOW);

    expect(await textSettings(db, erin.id)).toEqual({ phone: null, optedIn: false, changedAt: null, source: null });
    expect(await events(erin.id)).toEqual([]);
    expect((await claimsOf(erins)).map((c) => [c.kind, c.user_id, c.phone])).toEqual([['first_job', cleaner.id, ''], ['reminder', erin.id, '']]);
    expect(await orderHistory(db, erins, 'order.text')).toEqual([[TEXTS_ACTOR, null, 'reminder to an erased number']]);

    expect((await claimsOf(freds)).map((c) => [c.kind, c.user_id, c.phone])).toEqual([['first_job', cleaner.id, '+447700901013'], ['reminder', fred.id, '+447700901012']]);
    expect(await orderHistory(db, freds, 'order.text')).toEqual([[TEXTS_ACTOR, null, 'reminder to +44 7700 901012']]);
    expect((await textSettings(db, fred.id)).phone).toBe('+447700901012');
    expect(await events(fred.id)).toHaveLength(1);
    expect((await textSettings(db, cleaner.id)).optedIn).toBe(true);
  });
});
