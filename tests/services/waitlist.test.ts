import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../server/app-context';
import type { Database } from '../../server/db/database';
import type { MailOutbox } from '../../server/queue';
import type { Mail } from '../../server/queue/mail';
import type { WaitlistCheckout } from '../../openapi/schema';
import { checkoutOrder } from '../../server/services/checkout';
import { createOrder } from '../../server/services/orders';
import { getPricingRules, listPricingAudit } from '../../server/services/pricing-settings';
import { rescheduleOrder } from '../../server/services/reschedule';
import {
  ALREADY_WAITING_MESSAGE, checkoutWaitlistOffer, DAY_NOT_FULL_MESSAGE, dayWaitlist, getWaitlistOffer, joinWaitlist, leaveWaitlist, listMyWaitlist,
  MOVE_BY_RESCHEDULE_MESSAGE, offerFreedTimes, OFFER_EXPIRED_MESSAGE, OFFER_NOT_FOUND_MESSAGE, OFFER_USED_MESSAGE, OFFER_WITHDRAWN_MESSAGE, updateWaitlistHold,
} from '../../server/services/waitlist';
import { waitlistRepository } from '../../server/repositories/waitlist';
import type { TestDatabase } from '../api/support/test-database';
import { bookings } from './support/booking';
import { houseKeepingDatabase, seededUser } from './support/own-database';
import { refused } from './support/refused';

/**
 * Waiting lists for full days (issue 26 §5, decisions 056, 067, 085) through the services, on a real
 * seeded database: joining and leaving, My waiting list and the office's day list in their order,
 * the offering run (holds that end, drafts checked out elsewhere, cancelled visits), the offer's
 * link, its checkout and the reschedule of a booked visit onto its held time. The seed's three teams
 * and Wednesdays open 09:00–10:00 only, so three one-hour jobs at 09:00 fill a Wednesday.
 */
const NOW = new Date('2030-01-07T12:00:00.000Z'); // a Monday, winter (UK time = UTC), in waking hours
const MINUTE = 60_000;

let testDb: TestDatabase;
let db: Database;
let admin: AuthUser;
let serviceId: number;
let twoBedrooms: Array<{ id: number; quantity: number }>;
let ann: AuthUser;
let ben: AuthUser;
let cat: AuthUser;
let dan: AuthUser;
const { book, deps } = bookings(() => db, NOW);
const mails: Mail[] = [];
const outbox: MailOutbox = { add: async (_tx, mail) => void mails.push(mail), site: { publicUrl: 'http://localhost:3000', vatNumber: 'GB 123 4567 89' } };

async function customer(name: string): Promise<AuthUser> {
  const email = `${name.toLowerCase().replace(' ', '.')}@waitlist.test`;
  const [row] = await db.query<AuthUser>(
    `INSERT INTO users (name, email, password_hash, roles) VALUES ($1, $2, 'x', ARRAY['ROLE_USER']) RETURNING id, name, email, roles`, [name, email],
  );
  return row!;
}

beforeAll(async () => {
  ({ testDb, db, serviceId, twoBedrooms } = await houseKeepingDatabase());
  admin = await seededUser(db, 'admin@sparkle.test');
  [ann, ben, cat, dan] = [await customer('Ann Waiting'), await customer('Ben Waiting'), await customer('Cat Waiting'), await customer('Dan Filler')];
  await db.query("UPDATE opening_hours SET open = true, opens = '09:00', closes = '10:00' WHERE weekday = 3");
}, 60_000);

afterAll(async () => {
  await testDb?.dispose();
});

/** A one-hour booking (two bedrooms) at `date` `time` UK, checked out at NOW. */
const booked = (user: AuthUser, date: string, time: string) => book(user, serviceId, twoBedrooms, { date, time, now: NOW });
/** Fills the Wednesday `date` with Dan's three 09:00 jobs (one per team); answers them. */
const fullDay = async (date: string) => [await booked(dan, date, '09:00'), await booked(dan, date, '09:00'), await booked(dan, date, '09:00')];
const draft = async (user: AuthUser, now = NOW) => (await createOrder(db, user, { service: serviceId, items: twoBedrooms }, now)).id;
const cancel = (id: number) => db.query("UPDATE orders SET status = 'cancelled' WHERE id = $1", [id]);
const run = (now: Date) => offerFreedTimes({ db, outbox }, now);
const entryRow = async (id: number) =>
  (await db.query<{ status: string; held_due_at: Date | null; held_minutes: number | null; held_until: Date | null; offered_at: Date | null }>(
    'SELECT status, held_due_at, held_minutes, held_until, offered_at FROM waitlist_entries WHERE id = $1', [id],
  ))[0]!;
const orderRow = async (id: number) =>
  (await db.query<{ created_at: Date; checked_out_at: Date | null; due_at: Date | null; address: string | null; city: string | null; code_postal: string | null; phone: string | null }>(
    'SELECT created_at, checked_out_at, due_at, address, city, code_postal, phone FROM orders WHERE id = $1', [id],
  ))[0]!;
/** The token of the offer link mailed to `email` for `date` (the latest such mail). */
function offerToken(email: string, date: string, parameter: 'offer' | 'held' = 'offer'): string {
  const mail = mails.filter((sent) => sent.to === email && sent.subject === `A time is free on ${date}: it is held for you`).at(-1);
  if (!mail) throw new Error(`No offer mailed to ${email} for ${date}`);
  return new RegExp(`/profile-services\\?${parameter}=([A-Za-z0-9_-]+)`).exec(mail.text)![1]!;
}
/** A waiting list entry written as it stands, to read the lists' filters and order. */
async function entry(user: AuthUser, order: number, day: string, created: Date, status = 'waiting', movesOrder = false): Promise<number> {
  const offered = status === 'offered';
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO waitlist_entries (user_id, order_id, day, created_at, status, held_due_at, held_minutes, held_until, offer_hash, moves_order)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [user.id, order, day, created, status, offered ? new Date(`${day}T09:00:00.000Z`) : null, offered ? 60 : null, offered ? new Date('2030-01-07T14:00:00.000Z') : null,
      offered ? `hash-${order}-${day}` : null, movesOrder],
  );
  return row!.id;
}
const details: WaitlistCheckout = { address: '221B Baker Street', phone: '020 7946 0000', city: 'London', code_postal: 'NW1 6XE', client_note: '', payment: 'cash' };

describe("joining a full day's waiting list", () => {
  it('takes a draft on a full day once per customer; the customer leaves it, and can join again', async () => {
    const annsDraft = await draft(ann);
    await refused(joinWaitlist(db, ann, { order: annsDraft, date: '2030-01-09' }, NOW), 400, DAY_NOT_FULL_MESSAGE);
    await fullDay('2030-01-09');
    const joined = await joinWaitlist(db, ann, { order: annsDraft, date: '2030-01-09' }, NOW);
    expect(joined).toEqual({ id: expect.any(Number), order_id: annsDraft, date: '2030-01-09', service: 'House Keeping', status: 'waiting', held_due: null, held_until: null, times: [] });
    // One live entry per customer per day, whichever draft.
    await refused(joinWaitlist(db, ann, { order: await draft(ann), date: '2030-01-09' }, NOW), 409, ALREADY_WAITING_MESSAGE);
    await refused(joinWaitlist(db, ben, { order: annsDraft, date: '2030-01-09' }, NOW), 404, 'Order not found');
    expect(await listMyWaitlist(db, ann)).toEqual([joined]);

    await refused(leaveWaitlist(db, ben, joined.id), 404, 'Waiting list entry not found');
    expect(await leaveWaitlist(db, ann, joined.id)).toEqual({ message: 'You have left the waiting list' });
    expect((await entryRow(joined.id)).status).toBe('removed');
    await refused(leaveWaitlist(db, ann, joined.id), 404, 'Waiting list entry not found');
    expect(await listMyWaitlist(db, ann)).toEqual([]);
    // Left, the day can be joined again: a new entry.
    const again = await joinWaitlist(db, ann, { order: annsDraft, date: '2030-01-09', times: ['morning'] }, NOW);
    expect(again).toEqual({ ...joined, id: expect.any(Number), times: ['morning'] });
    expect(again.id).not.toBe(joined.id);
    await leaveWaitlist(db, ann, again.id);
  });

  it("keeps the address and phone given when joining on the draft, never on a booked visit's order", async () => {
    const given = { address: '10 Downing Street', city: 'London', code_postal: 'SW1A 2AA', phone: '020 7925 0918' };
    await fullDay('2030-01-16');
    const annsDraft = await draft(ann);
    const joined = await joinWaitlist(db, ann, { order: annsDraft, date: '2030-01-16', times: ['afternoon', 'evening'], contact: given }, NOW);
    expect(joined.times).toEqual(['afternoon', 'evening']);
    expect(await orderRow(annsDraft)).toMatchObject(given);
    const visit = await booked(ann, '2030-01-17', '10:00');
    await waitlistRepository(db).keepContact(visit, given);
    expect(await orderRow(visit)).toMatchObject({ address: '1 Test Street', city: 'London', code_postal: 'SE22 8AB', phone: '020 7946 0000' });
    await leaveWaitlist(db, ann, joined.id);
  });
});

describe('the lists', () => {
  it("My waiting list: the customer's live entries only, soonest day first, then first joined", async () => {
    const order = await draft(cat);
    const later = await entry(cat, order, '2030-03-06', new Date('2030-01-01T00:00:00Z'));
    const sooner = await entry(cat, order, '2030-03-04', new Date('2030-01-02T00:00:00Z'), 'offered');
    const sameDay = await entry(cat, order, '2030-03-05', new Date('2030-01-03T00:00:00Z'));
    for (const [day, status] of [['2030-03-01', 'booked'], ['2030-03-02', 'expired'], ['2030-03-03', 'removed']] as const) await entry(cat, order, day, NOW, status);
    await entry(ben, await draft(ben), '2030-03-04', NOW);
    const mine = await listMyWaitlist(db, cat);
    expect(mine.map((row) => [row.id, row.date, row.status])).toEqual([[sooner, '2030-03-04', 'offered'], [sameDay, '2030-03-05', 'waiting'], [later, '2030-03-06', 'waiting']]);
    expect(mine[0]).toEqual({
      id: sooner, order_id: order, date: '2030-03-04', service: 'House Keeping', status: 'offered', held_due: '2030-03-04T09:00:00.000Z', held_until: '2030-01-07T14:00:00.000Z', times: [],
    });
    await db.query('DELETE FROM waitlist_entries WHERE user_id = ANY($1::int[])', [[cat.id, ben.id]]);
  });

  it("the office's day list: that day's live entries, first joined first (then by entry), with each one's times", async () => {
    const day = '2030-03-13';
    const [annsDraft, bensDraft, catsDraft] = [await draft(ann), await draft(ben), await draft(cat)];
    const joined = new Date('2030-01-05T10:00:00.000Z');
    const bens = await entry(ben, bensDraft, day, joined);
    const cats = await entry(cat, catsDraft, day, joined, 'offered');
    const anns = await entry(ann, annsDraft, day, new Date('2030-01-04T10:00:00.000Z'));
    await db.query("UPDATE waitlist_entries SET times_of_day = '{morning}' WHERE id = $1", [bens]);
    await entry(dan, await draft(dan), day, joined, 'expired');
    await entry(ann, annsDraft, '2030-03-20', joined);
    expect(await dayWaitlist(db, day)).toEqual([
      { id: anns, customer: 'Ann Waiting', service: 'House Keeping', status: 'waiting', times: [], joined: '2030-01-04T10:00:00.000Z', held_due: null, held_until: null },
      { id: bens, customer: 'Ben Waiting', service: 'House Keeping', status: 'waiting', times: ['morning'], joined: '2030-01-05T10:00:00.000Z', held_due: null, held_until: null },
      { id: cats, customer: 'Cat Waiting', service: 'House Keeping', status: 'offered', times: [], joined: '2030-01-05T10:00:00.000Z', held_due: `${day}T09:00:00.000Z`, held_until: '2030-01-07T14:00:00.000Z' },
    ]);
    expect(await dayWaitlist(db, '2030-03-27')).toEqual([]);
    await db.query("DELETE FROM waitlist_entries WHERE day IN ('2030-03-13', '2030-03-20')");
  });

  it('the offering run looks at the days from today on that someone waits for (not only offered), each once, in order', async () => {
    const order = await draft(ann);
    await entry(ann, order, '2030-04-10', NOW);
    await entry(ben, await draft(ben), '2030-04-10', NOW);
    await entry(ben, await draft(ben), '2030-04-03', NOW);
    await entry(ann, order, '2030-04-01', NOW);
    await entry(ann, order, '2030-03-31', NOW, 'offered');
    await entry(ann, order, '2030-03-30', NOW, 'removed');
    expect(await waitlistRepository(db).daysWithWaiting('2030-03-25')).toEqual(['2030-04-01', '2030-04-03', '2030-04-10']);
    expect(await waitlistRepository(db).daysWithWaiting('2030-04-03')).toEqual(['2030-04-03', '2030-04-10']);
    expect(await waitlistRepository(db).daysWithWaiting('2030-04-11')).toEqual([]);
    await db.query("DELETE FROM waitlist_entries WHERE day BETWEEN '2030-03-30' AND '2030-04-10'");
  });
});

describe('a freed time', () => {
  it('goes to the first waiting customer, held for the set time, mailed with a link, and restarts the draft’s life', async () => {
    const [, , third] = await fullDay('2030-01-23');
    const earlier = new Date(NOW.getTime() - 3 * 60 * MINUTE);
    const [annsDraft, bensDraft] = [await draft(ann, earlier), await draft(ben, earlier)];
    const anns = await joinWaitlist(db, ann, { order: annsDraft, date: '2030-01-23' }, new Date(NOW.getTime() - 2 * 60 * MINUTE));
    const bens = await joinWaitlist(db, ben, { order: bensDraft, date: '2030-01-23' }, new Date(NOW.getTime() - 60 * MINUTE));
    // Nothing free: nothing offered.
    mails.length = 0;
    expect(await run(NOW)).toBe(0);
    await cancel(third!);
    expect(await run(NOW)).toBe(1);
    expect(await entryRow(anns.id)).toEqual({
      status: 'offered', held_due_at: new Date('2030-01-23T09:00:00.000Z'), held_minutes: 60, held_until: new Date('2030-01-07T14:00:00.000Z'), offered_at: NOW,
    });
    expect(await listMyWaitlist(db, ann)).toEqual([{ ...anns, status: 'offered', held_due: '2030-01-23T09:00:00.000Z', held_until: '2030-01-07T14:00:00.000Z' }]);
    expect((await entryRow(bens.id)).status).toBe('waiting');
    expect((await orderRow(annsDraft)).created_at).toEqual(NOW);
    expect((await orderRow(bensDraft)).created_at).toEqual(earlier);
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([[ann.email, 'A time is free on 2030-01-23: it is held for you']]);
    expect(mails[0]!.text).toContain('House Keeping on 2030-01-23 09:00 (UK time), £50.00.\nWe hold it for you until 2030-01-07 14:00 (UK time). Book it here (the link works once):');
    // The time is held: a second run offers nothing to Ben.
    expect(await run(new Date(NOW.getTime() + MINUTE))).toBe(0);
    expect((await entryRow(bens.id)).status).toBe('waiting');

    const token = offerToken(ann.email!, '2030-01-23');
    expect(await getWaitlistOffer(db, ann, token, NOW)).toEqual({
      order_id: annsDraft, date: '2030-01-23', time: '09:00', due: '2030-01-23T09:00:00.000Z', held_until: '2030-01-07T14:00:00.000Z', service: 'House Keeping', total: 50,
      // Ann gave no address when joining: her latest booking's.
      contact: { address: '1 Test Street', city: 'London', code_postal: 'SE22 8AB', phone: '020 7946 0000' },
    });
    await refused(getWaitlistOffer(db, ben, token, NOW), 404, OFFER_NOT_FOUND_MESSAGE);
    await refused(getWaitlistOffer(db, ann, 'not-a-token', NOW), 404, OFFER_NOT_FOUND_MESSAGE);

    // Accepted: the draft is booked at the held time, that entry alone is booked, and the link is spent.
    const answer = await checkoutWaitlistOffer(deps(NOW), ann, token, details, undefined);
    expect(answer).toMatchObject({ payment: 'cash', reference: expect.any(Number) });
    expect(await orderRow(annsDraft)).toMatchObject({ due_at: new Date('2030-01-23T09:00:00.000Z'), checked_out_at: NOW, address: details.address });
    expect((await entryRow(anns.id)).status).toBe('booked');
    expect((await entryRow(bens.id)).status).toBe('waiting');
    await refused(getWaitlistOffer(db, ann, token, NOW), 409, OFFER_USED_MESSAGE);
    expect(await listMyWaitlist(db, ann)).toEqual([]);
    expect((await dayWaitlist(db, '2030-01-23')).map((row) => row.id)).toEqual([bens.id]);
    await leaveWaitlist(db, ben, bens.id);
  });

  it('unanswered, the hold ends at its time and the time goes to the next waiting customer', async () => {
    const [first] = await fullDay('2030-01-30');
    const [annsDraft, bensDraft] = [await draft(ann), await draft(ben)];
    const anns = await joinWaitlist(db, ann, { order: annsDraft, date: '2030-01-30' }, NOW);
    const bens = await joinWaitlist(db, ben, { order: bensDraft, date: '2030-01-30' }, new Date(NOW.getTime() + 1000));
    await cancel(first!);
    expect(await run(NOW)).toBe(1);
    const token = offerToken(ann.email!, '2030-01-30');
    const until = new Date('2030-01-07T14:00:00.000Z');
    expect(await run(new Date(until.getTime() - MINUTE))).toBe(0);
    expect([(await entryRow(anns.id)).status, (await entryRow(bens.id)).status]).toEqual(['offered', 'waiting']);
    await refused(getWaitlistOffer(db, ann, token, until), 409, OFFER_EXPIRED_MESSAGE);

    expect(await run(until)).toBe(1);
    expect((await entryRow(anns.id)).status).toBe('expired');
    expect(await entryRow(bens.id)).toMatchObject({ status: 'offered', held_due_at: new Date('2030-01-30T09:00:00.000Z'), held_until: new Date('2030-01-07T16:00:00.000Z'), offered_at: until });
    await refused(getWaitlistOffer(db, ann, token, until), 409, OFFER_EXPIRED_MESSAGE);
    // Ben's hold ends too: the run answers the day whose hold it released, once.
    const waitlist = waitlistRepository(db);
    expect(await waitlist.settle(new Date('2030-01-07T15:59:00.000Z'))).toEqual([]);
    expect(await waitlist.settle(new Date('2030-01-07T16:00:00.000Z'))).toEqual(['2030-01-30']);
    expect(await waitlist.settle(new Date('2030-01-07T16:00:00.000Z'))).toEqual([]);
    expect((await entryRow(bens.id)).status).toBe('expired');
    // Expired, it is no longer a live entry: no second offer of the day goes to either.
    expect(await listMyWaitlist(db, ben)).toEqual([]);
  });

  it('is held as long as staff set (audited like a price); holds already made stay', async () => {
    expect((await getPricingRules(db)).waitlistHoldMinutes).toBe(120);
    expect(await waitlistRepository(db).holdMinutes()).toBe(120);
    expect(await updateWaitlistHold(db, admin, { minutes: 30 }, NOW)).toEqual({ minutes: 30 });
    expect((await getPricingRules(db)).waitlistHoldMinutes).toBe(30);
    expect((await listPricingAudit(db, { limit: 1, page: 1 })).rows).toEqual([
      expect.objectContaining({ actor: admin.name, rule: 'waitlist_hold', subject: 'Waiting list offers held for', from: '120 min', to: '30 min' }),
    ]);
    const [first] = await fullDay('2030-02-06');
    const catsDraft = await draft(cat);
    const cats = await joinWaitlist(db, cat, { order: catsDraft, date: '2030-02-06' }, NOW);
    await cancel(first!);
    expect(await run(NOW)).toBe(1);
    expect(await entryRow(cats.id)).toMatchObject({ status: 'offered', held_until: new Date('2030-01-07T12:30:00.000Z') });
    await updateWaitlistHold(db, admin, { minutes: 120 }, NOW);
    expect((await listPricingAudit(db, { limit: 1, page: 1 })).rows[0]).toMatchObject({ from: '30 min', to: '120 min' });
    expect((await entryRow(cats.id)).held_until).toEqual(new Date('2030-01-07T12:30:00.000Z'));
    await leaveWaitlist(db, cat, cats.id);
    // Without a settings row (a database not seeded yet), two hours.
    const rolledBack = new Error('rolled back');
    await expect(db.transaction(async (tx) => {
      await tx.query('DELETE FROM pricing_settings');
      expect(await waitlistRepository(tx).holdMinutes()).toBe(120);
      throw rolledBack;
    })).rejects.toBe(rolledBack);
    expect(await waitlistRepository(db).holdMinutes(true)).toBe(120);
  });

  it('ends the entry of a draft checked out another way, and its offer says it was used', async () => {
    const [first] = await fullDay('2030-02-13');
    const [annsDraft, bensDraft] = [await draft(ann), await draft(ben)];
    const anns = await joinWaitlist(db, ann, { order: annsDraft, date: '2030-02-13' }, NOW);
    const bens = await joinWaitlist(db, ben, { order: bensDraft, date: '2030-02-13' }, new Date(NOW.getTime() + 1000));
    await cancel(first!);
    await run(NOW);
    const token = offerToken(ann.email!, '2030-02-13');
    // Ann books her draft on another day instead: her offer is used, though her entry still reads offered.
    await checkoutOrder(deps(NOW), ann, { ...details, order: annsDraft, due_date: '2030-02-14', due_time: '10:00' }, undefined);
    expect((await entryRow(anns.id)).status).toBe('offered');
    await refused(getWaitlistOffer(db, ann, token, NOW), 409, OFFER_USED_MESSAGE);
    // Ben waits for the same day with a draft still open.
    const waitlist = waitlistRepository(db);
    expect(await waitlist.settle(NOW)).toEqual([]);
    expect([(await entryRow(anns.id)).status, (await entryRow(bens.id)).status]).toEqual(['booked', 'waiting']);
    await leaveWaitlist(db, ben, bens.id);
  });

  it('a removed entry’s offer says the customer left the list', async () => {
    const [first] = await fullDay('2030-02-20');
    const anns = await joinWaitlist(db, ann, { order: await draft(ann), date: '2030-02-20' }, NOW);
    await cancel(first!);
    await run(NOW);
    const token = offerToken(ann.email!, '2030-02-20');
    await leaveWaitlist(db, ann, anns.id);
    await refused(getWaitlistOffer(db, ann, token, NOW), 409, OFFER_WITHDRAWN_MESSAGE);
  });
});

describe('an offer as the repository makes it', () => {
  it("is made to a waiting entry only, once, restarting its draft's life but never a booked order's", async () => {
    const waitlist = waitlistRepository(db);
    const since = new Date('2030-01-01T00:00:00.000Z');
    const [waitingDraft, expiredDraft, offeredDraft] = [await draft(ann, since), await draft(ben, since), await draft(cat, since)];
    const waiting = await entry(ann, waitingDraft, '2030-08-07', NOW);
    const expired = await entry(ben, expiredDraft, '2030-08-07', NOW, 'expired');
    const offered = await entry(cat, offeredDraft, '2030-08-07', NOW, 'offered');
    const offer = (id: number, hash: string) =>
      waitlist.offer(id, { dueAt: new Date('2030-08-07T10:00:00.000Z'), minutes: 90, until: new Date('2030-01-07T15:00:00.000Z'), hash, now: NOW });
    for (const [id, hash] of [[waiting, 'hash-a'], [expired, 'hash-b'], [offered, 'hash-c']] as const) await offer(id, hash);
    expect(await entryRow(waiting)).toEqual({
      status: 'offered', held_due_at: new Date('2030-08-07T10:00:00.000Z'), held_minutes: 90, held_until: new Date('2030-01-07T15:00:00.000Z'), offered_at: NOW,
    });
    expect(await entryRow(expired)).toEqual({ status: 'expired', held_due_at: null, held_minutes: null, held_until: null, offered_at: null });
    expect(await entryRow(offered)).toMatchObject({ status: 'offered', held_due_at: new Date('2030-08-07T09:00:00.000Z'), held_minutes: 60 });
    expect((await waitlist.findByOfferHash('hash-a'))?.id).toBe(waiting);
    expect(await waitlist.findByOfferHash('hash-b')).toBeNull();
    expect(await waitlist.findByOfferHash('hash-c')).toBeNull();
    expect((await waitlist.findByOfferHash(`hash-${offeredDraft}-2030-08-07`))?.id).toBe(offered);
    expect(await Promise.all([waitingDraft, expiredDraft, offeredDraft].map(async (id) => (await orderRow(id)).created_at))).toEqual([NOW, since, since]);
    await db.query("DELETE FROM waitlist_entries WHERE day = '2030-08-07'");
  });
});

describe('the address and phone an offer reuses (decision 085)', () => {
  it("the waiting draft's own first, else the customer's latest booking's, never another's or an empty one; none: null", async () => {
    const waitlist = waitlistRepository(db);
    const eve = await customer('Eve Contact');
    const waiting = await draft(eve);
    expect(await waitlist.givenContact(eve.id, waiting)).toBeNull();
    const older = await booked(eve, '2030-05-02', '10:00');
    const newer = await booked(eve, '2030-05-03', '10:00');
    const set = (id: number, address: string, checkedOut: string, phone = '020 7000 0000') =>
      db.query("UPDATE orders SET address = $2, city = 'London', code_postal = 'E1 6AN', phone = $4, checked_out_at = $3 WHERE id = $1", [id, address, new Date(checkedOut), phone]);
    await set(older, 'Older booking', '2030-01-02T10:00:00Z');
    await set(newer, 'Newer booking', '2030-01-03T10:00:00Z');
    const contact = (address: string) => ({ address, city: 'London', code_postal: 'E1 6AN', phone: '020 7000 0000' });
    expect(await waitlist.givenContact(eve.id, waiting)).toEqual(contact('Newer booking'));
    // The latest checkout, not the latest order.
    await set(older, 'Older booking', '2030-01-04T10:00:00Z');
    expect(await waitlist.givenContact(eve.id, waiting)).toEqual(contact('Older booking'));
    // A booking without its phone is not offered.
    await set(older, 'Older booking', '2030-01-04T10:00:00Z', '');
    expect(await waitlist.givenContact(eve.id, waiting)).toEqual(contact('Newer booking'));
    // Somebody else's booking is never offered, even asked with their order.
    expect(await waitlist.givenContact(ann.id, newer)).not.toEqual(contact('Newer booking'));
    // Another open draft's address is not a booking.
    const otherDraft = await draft(eve);
    await db.query("UPDATE orders SET address = 'Other draft', city = 'London', code_postal = 'E1 6AN', phone = '020 7000 0000' WHERE id = $1", [otherDraft]);
    expect(await waitlist.givenContact(eve.id, waiting)).toEqual(contact('Newer booking'));
    // Given with the waiting draft: that one first.
    await waitlist.keepContact(waiting, contact('Given when joining'));
    expect(await waitlist.givenContact(eve.id, waiting)).toEqual(contact('Given when joining'));
    expect(await waitlist.givenContact(eve.id, otherDraft)).toEqual(contact('Other draft'));
  });
});

describe('a booked visit waiting for a full day (decision 067)', () => {
  it('is held the freed time without restarting the order, moved there by the reschedule, which uses that entry only', async () => {
    const visit = await booked(cat, '2030-02-28', '10:00');
    const bookedAt = (await orderRow(visit)).created_at;
    const [first] = await fullDay('2030-02-27');
    await fullDay('2030-03-06');
    const onDay = await joinWaitlist(db, cat, { order: visit, date: '2030-02-27' }, NOW);
    const otherDay = await joinWaitlist(db, cat, { order: visit, date: '2030-03-06' }, new Date(NOW.getTime() + 1000));
    expect(onDay).toMatchObject({ order_id: visit, status: 'waiting' });
    await cancel(first!);
    mails.length = 0;
    expect(await run(new Date(NOW.getTime() + MINUTE))).toBe(1);
    expect((await entryRow(onDay.id)).status).toBe('offered');
    expect((await orderRow(visit)).created_at).toEqual(bookedAt);
    const token = offerToken(cat.email!, '2030-02-27', 'held');
    expect(mails[0]!.text).toContain('Move your booking to it here (the reschedule terms apply):');
    expect(await getWaitlistOffer(db, cat, token, NOW)).toMatchObject({ order_id: visit, date: '2030-02-27', time: '09:00' });
    await refused(checkoutWaitlistOffer(deps(NOW), cat, token, details, undefined), 409, MOVE_BY_RESCHEDULE_MESSAGE);
    // The settling run leaves a booked visit's entries alone (its order was checked out long ago).
    await waitlistRepository(db).settle(NOW);
    expect([(await entryRow(onDay.id)).status, (await entryRow(otherDay.id)).status]).toEqual(['offered', 'waiting']);

    await rescheduleOrder({ db, outbox, now: NOW }, cat, visit, { due_date: '2030-02-27', due_time: '09:00', fee: 0 });
    expect((await orderRow(visit)).due_at).toEqual(new Date('2030-02-27T09:00:00.000Z'));
    expect([(await entryRow(onDay.id)).status, (await entryRow(otherDay.id)).status]).toEqual(['booked', 'waiting']);
    await refused(getWaitlistOffer(db, cat, token, NOW), 409, OFFER_USED_MESSAGE);
    await leaveWaitlist(db, cat, otherDay.id);
  });

  it("a moved order's entry of a draft's kind, or of another day, is not used by the move", async () => {
    const visit = await booked(ben, '2030-06-06', '10:00');
    const waitlist = waitlistRepository(db);
    const asDraft = await entry(ben, visit, '2030-06-12', NOW, 'waiting', false);
    const moving = await entry(ben, visit, '2030-06-19', NOW, 'waiting', true);
    const removed = await entry(ben, visit, '2030-06-26', NOW, 'removed', true);
    await waitlist.markMoved(visit, '2030-06-12');
    await waitlist.markMoved(visit, '2030-06-26');
    expect([(await entryRow(asDraft)).status, (await entryRow(moving)).status, (await entryRow(removed)).status]).toEqual(['waiting', 'waiting', 'removed']);
    await waitlist.markMoved(await draft(ben), '2030-06-19');
    expect((await entryRow(moving)).status).toBe('waiting');
    await waitlist.markMoved(visit, '2030-06-19');
    expect((await entryRow(moving)).status).toBe('booked');
    await db.query('DELETE FROM waitlist_entries WHERE order_id = $1', [visit]);
  });

  it('cancelled, its live entries end at the next run; a draft’s entry whose order is cancelled waits on', async () => {
    const visit = await booked(ann, '2030-07-04', '10:00');
    const waiting = await entry(ann, visit, '2030-07-10', NOW, 'waiting', true);
    const offered = await entry(ann, visit, '2030-07-17', NOW, 'offered', true);
    const expired = await entry(ann, visit, '2030-07-24', NOW, 'expired', true);
    const aDraft = await draft(ben);
    const draftsEntry = await entry(ben, aDraft, '2030-07-10', NOW);
    await cancel(visit);
    await cancel(aDraft);
    await waitlistRepository(db).settle(new Date('2030-01-07T13:00:00.000Z'));
    expect(await Promise.all([waiting, offered, expired, draftsEntry].map(async (id) => (await entryRow(id)).status))).toEqual(['removed', 'removed', 'expired', 'waiting']);
    await db.query('DELETE FROM waitlist_entries WHERE order_id = ANY($1::int[])', [[visit, aDraft]]);
  });
});
