import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../server/app-context';
import type { Database } from '../../server/db/database';
import { cleanerJobsRepository } from '../../server/repositories/cleaner-jobs';
import { CHECK_IN_FIRST, CLEANER_DAYS, DEFAULT_CHECKLIST, JOB_NOT_FOUND, listMyJobs, recordJobProgress } from '../../server/services/cleaner-jobs';
import { createCleaner } from '../../server/services/cleaners';
import { listServiceChecklists, updateServiceChecklist } from '../../server/services/service-checklists';
import type { TestDatabase } from '../api/support/test-database';
import { bookings, orderHistory } from './support/booking';
import { serviceContext } from './support/context';
import { houseKeepingDatabase, seededUser, serviceNamed } from './support/own-database';
import { refused } from './support/refused';

/**
 * A cleaner's day on a phone (issue 26 item 2, decisions 040, 050 and 073), called as the routes
 * call it on the file's own seeded database: the team's placed jobs from today (UK) for a week,
 * earliest first, with the service's checklist (staff's own, else the default list) and the key
 * safe code on the job's day only; on my way, check in and check out recorded once each, by whom,
 * where (with consent) and which checklist items were done. The API suites (tests/api/cleaners,
 * service-checklists) walk the same over HTTP; here server/repositories/cleaner-jobs.ts's statements
 * show in what the services answer and write.
 */
const BOOKED_AT = new Date('2030-01-07T12:00:00.000Z'); // a Monday, winter (UK time = UTC)
const TODAY = '2030-01-09';
const at = (date: string, time: string) => new Date(`${date}T${time}:00.000Z`);

let testDb: TestDatabase;
let db: Database;
let jane: AuthUser;
let admin: AuthUser;
let serviceId: number;
let item: (name: string, quantity: number) => { id: number; quantity: number };
let deep: { id: number; items: Map<string, number> };
let teams: Record<'A' | 'B', number>;
let maria: AuthUser;
let bob: AuthUser;
const { book } = bookings(() => db);
const { ctx, clock, mails } = serviceContext(() => db, BOOKED_AT);
let time = 0;

/** A House Keeping job checked out at BOOKED_AT, then placed at `due` and given to `team`. */
async function job(due: Date, team: number, items = [item('Bedroom', 2)], service = serviceId): Promise<number> {
  // Each booked at its own time (capacity is not this file's subject), then moved where the case needs it.
  const hour = 8 + (time++ % 10);
  const id = await book(jane, service, items, { date: '2030-01-20', time: `${String(hour).padStart(2, '0')}:00`, now: BOOKED_AT });
  await db.query('UPDATE orders SET due_at = $2, team_id = $3 WHERE id = $1', [id, due, team]);
  return id;
}
const visit = async (id: number) =>
  (await db.query<Record<string, unknown>>(
    `SELECT on_my_way_at, on_my_way_by, checked_in_at, checked_in_by, checked_in_lat, checked_in_lng,
            checked_out_at, checked_out_by, checked_out_lat, checked_out_lng, checklist_done FROM job_visits WHERE order_id = $1`, [id],
  ))[0];
const reference = async (id: number) => Number((await db.query<{ reference: number }>('SELECT reference FROM orders WHERE id = $1', [id]))[0]!.reference);
const statusOf = async (id: number) => (await db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [id]))[0]!.status;
const cleaner = async (name: string, email: string, team: number): Promise<AuthUser> => ({ ...(await createCleaner(ctx, { name, email, team })), roles: ['ROLE_CLEANER'] });
const NO_VISIT = { on_my_way_at: null, checked_in_at: null, checked_out_at: null, checklist_done: [] };

beforeAll(async () => {
  ({ testDb, db, jane, serviceId, item } = await houseKeepingDatabase());
  admin = await seededUser(db, 'admin@sparkle.test');
  deep = await serviceNamed(db, 'Deep Cleaning');
  const rows = await db.query<{ id: number; name: string }>("SELECT id, name FROM teams WHERE name IN ('Team A', 'Team B')");
  const id = (name: string) => Number(rows.find((row) => row.name === name)!.id);
  teams = { A: id('Team A'), B: id('Team B') };
  maria = await cleaner('Maria Lopez', 'maria@cleaners.example', teams.A);
  bob = await cleaner('Bob Brown', 'bob@cleaners.example', teams.B);
}, 60_000);

afterAll(async () => {
  await testDb?.dispose();
});

describe("the team's week (listMyJobs)", () => {
  it("lists the team's placed jobs from today's UK midnight for seven days, earliest first (then the older order), each as the phone shows it", async () => {
    const midnight = await job(at(TODAY, '00:00'), teams.A);
    const morning = await job(at(TODAY, '10:00'), teams.A, [item('Bedroom', 2), item('Bathroom', 1)]);
    const tomorrow1 = await job(at('2030-01-10', '09:00'), teams.A);
    const tomorrow2 = await job(at('2030-01-10', '09:00'), teams.A, [item('Bedroom', 1)]);
    const lastMinute = await job(new Date(at('2030-01-16', '00:00').getTime() - 60_000), teams.A, [{ id: deep.items.get('Bedroom')!, quantity: 1 }], deep.id);
    // Not listed: before today, at the week's end, another team's, cancelled, not checked out, unassigned.
    const yesterday = await job(new Date(at(TODAY, '00:00').getTime() - 1), teams.A);
    const weekEnd = await job(at('2030-01-16', '00:00'), teams.A);
    const theirs = await job(at(TODAY, '10:00'), teams.B);
    const cancelled = await job(at(TODAY, '11:00'), teams.A);
    await db.query("UPDATE orders SET status = 'cancelled' WHERE id = $1", [cancelled]);
    const draft = await job(at(TODAY, '12:00'), teams.A);
    await db.query('UPDATE orders SET checked_out_at = NULL WHERE id = $1', [draft]);
    const unassigned = await job(at(TODAY, '13:00'), teams.A);
    await db.query('UPDATE orders SET team_id = NULL WHERE id = $1', [unassigned]);
    await db.query("UPDATE orders SET access_notes = 'Key safe 4821', client_note = 'Ring twice' WHERE id = ANY($1::integer[])", [[morning, tomorrow1]]);
    await updateServiceChecklist(db, admin, deep.id, ['Oven inside', 'Grout scrubbed'], BOOKED_AT);

    clock.now = at(TODAY, '08:00');
    const week = await listMyJobs(ctx, maria);
    expect([week.team, week.today]).toEqual([{ id: teams.A, name: 'Team A' }, TODAY]);
    expect(week.jobs.map((one) => one.id)).toEqual([midnight, morning, Math.min(tomorrow1, tomorrow2), Math.max(tomorrow1, tomorrow2), lastMinute]);
    const unlisted = [yesterday, weekEnd, theirs, cancelled, draft, unassigned];
    expect(week.jobs.filter((one) => unlisted.includes(one.id))).toEqual([]);
    expect(CLEANER_DAYS).toBe(7);

    const [first, second, third, , last] = week.jobs;
    expect(second).toEqual({
      id: morning,
      reference: await reference(morning),
      start: '2030-01-09T10:00:00.000Z',
      duration_minutes: 90,
      service: 'House Keeping',
      customer_first_name: jane.name.split(' ')[0],
      phone: '020 7946 0000',
      address: '1 Test Street, London',
      postcode: 'SE22 8AB',
      map_url: 'https://www.openstreetmap.org/search?query=1%20Test%20Street%2C%20London%2C%20SE22%208AB',
      notes: 'Ring twice',
      // The key safe code on the job's own day only.
      access_notes: 'Key safe 4821',
      items: [{ name: 'Bathroom', quantity: 1 }, { name: 'Bedroom', quantity: 2 }],
      checklist: DEFAULT_CHECKLIST,
      visit: NO_VISIT,
      today: true,
    });
    expect(first).toMatchObject({ id: midnight, start: '2030-01-09T00:00:00.000Z', duration_minutes: 60, items: [{ name: 'Bedroom', quantity: 2 }], today: true });
    expect(third).toMatchObject({ start: '2030-01-10T09:00:00.000Z', today: false, access_notes: null });
    expect(week.jobs.find((one) => one.id === tomorrow1)).toMatchObject({ notes: 'Ring twice', access_notes: null, checklist: DEFAULT_CHECKLIST });
    expect(last).toMatchObject({ id: lastMinute, start: '2030-01-15T23:59:00.000Z', service: 'Deep Cleaning', checklist: ['Oven inside', 'Grout scrubbed'], today: false });

    // Team B's cleaner sees Team B's job only.
    expect((await listMyJobs(ctx, bob)).jobs.map((one) => one.id)).toEqual([theirs]);
  });
});

describe("the service's checklist", () => {
  it('is kept in the order staff wrote it, replaces the whole list, and leaves the other services on theirs (the default where none was written)', async () => {
    const jobs = cleanerJobsRepository(db);
    await updateServiceChecklist(db, admin, serviceId, ['Zinc taps', 'Attic dusted', 'Mirrors'], BOOKED_AT);
    await updateServiceChecklist(db, admin, deep.id, ['Oven inside', 'Grout scrubbed', 'Hob'], BOOKED_AT);
    expect(await jobs.checklists([serviceId, deep.id])).toEqual(new Map([[serviceId, ['Zinc taps', 'Attic dusted', 'Mirrors']], [deep.id, ['Oven inside', 'Grout scrubbed', 'Hob']]]));
    // Shorter: the old third item goes; the other service keeps its list.
    await updateServiceChecklist(db, admin, serviceId, ['Mirrors', 'Zinc taps'], BOOKED_AT);
    expect(await jobs.checklists([serviceId])).toEqual(new Map([[serviceId, ['Mirrors', 'Zinc taps']]]));
    expect(await jobs.checklists([deep.id, 999_999])).toEqual(new Map([[deep.id, ['Oven inside', 'Grout scrubbed', 'Hob']]]));
    expect(await jobs.checklists([])).toEqual(new Map());

    const listed = await listServiceChecklists(db);
    expect(listed.find((one) => one.id === serviceId)).toEqual({ id: serviceId, name: 'House Keeping', items: ['Mirrors', 'Zinc taps'], custom: true });
    expect(listed.find((one) => one.id === deep.id)).toEqual({ id: deep.id, name: 'Deep Cleaning', items: ['Oven inside', 'Grout scrubbed', 'Hob'], custom: true });
    expect(listed.filter((one) => !one.custom).map((one) => one.items)).toEqual(listed.filter((one) => !one.custom).map(() => DEFAULT_CHECKLIST));
    expect(listed.filter((one) => !one.custom).length).toBeGreaterThan(0);

    await db.query('DELETE FROM service_checklists WHERE service_id = $1', [serviceId]);
    expect((await listServiceChecklists(db)).find((one) => one.id === serviceId)).toMatchObject({ items: DEFAULT_CHECKLIST, custom: false });
  });
});

describe("the job's day (recordJobProgress)", () => {
  it('on my way: recorded once by the cleaner, mailed to the customer once, in the history; a retry records and mails nothing', async () => {
    const id = await job(at('2030-01-11', '10:00'), teams.A);
    const other = await job(at('2030-01-11', '10:00'), teams.A);
    clock.now = at('2030-01-11', '08:00');
    mails.length = 0;
    const answered = await recordJobProgress(ctx, maria, id, { step: 'on_my_way', consent: true, location: { latitude: 51.5, longitude: -0.1 } });
    expect(answered.visit).toEqual({ ...NO_VISIT, on_my_way_at: '2030-01-11T08:00:00.000Z' });
    expect(await visit(id)).toMatchObject({ on_my_way_at: clock.now, on_my_way_by: maria.id, checked_in_at: null, checked_in_by: null, checked_out_at: null });
    expect(mails.map(({ mail }) => [mail.to, mail.subject])).toEqual([[jane.email, 'Your Sparkle Cleaning team is on the way']]);
    expect(mails[0]!.mail.text).toContain('Team A is on the way for your House Keeping booked at');
    expect(await orderHistory(db, id, 'job.on_my_way')).toEqual([['Maria Lopez', null, 'Team A']]);

    clock.now = at('2030-01-11', '08:10');
    expect((await recordJobProgress(ctx, maria, id, { step: 'on_my_way' })).visit.on_my_way_at).toBe('2030-01-11T08:00:00.000Z');
    expect(mails).toHaveLength(1);
    expect(await orderHistory(db, id, 'job.on_my_way')).toHaveLength(1);
    expect(await visit(other)).toBeUndefined();
  });

  it('check in keeps on my way and adds when, by whom and where (with consent only); check out adds the done items of the list and completes the order', async () => {
    await db.query('DELETE FROM service_checklists WHERE service_id = $1', [serviceId]);
    const withConsent = await job(at('2030-01-12', '10:00'), teams.A);
    const without = await job(at('2030-01-12', '10:00'), teams.A);
    clock.now = at('2030-01-12', '08:30');
    await recordJobProgress(ctx, maria, withConsent, { step: 'on_my_way' });
    clock.now = at('2030-01-12', '09:03');
    const checkedIn = await recordJobProgress(ctx, maria, withConsent, { step: 'check_in', consent: true, location: { latitude: 51.52, longitude: -0.15 } });
    expect(checkedIn.visit).toEqual({ ...NO_VISIT, on_my_way_at: '2030-01-12T08:30:00.000Z', checked_in_at: '2030-01-12T09:03:00.000Z' });
    expect(await visit(withConsent)).toMatchObject({
      on_my_way_at: at('2030-01-12', '08:30'), on_my_way_by: maria.id, checked_in_at: clock.now, checked_in_by: maria.id, checked_in_lat: 51.52, checked_in_lng: -0.15,
    });
    // Straight to check in, the location sent without consent: kept nowhere.
    await db.query('UPDATE users SET team_id = $2 WHERE id = $1', [bob.id, teams.A]);
    await recordJobProgress(ctx, bob, without, { step: 'check_in', consent: false, location: { latitude: 51.6, longitude: -0.2 } });
    expect(await visit(without)).toMatchObject({ on_my_way_at: null, on_my_way_by: null, checked_in_at: clock.now, checked_in_by: bob.id, checked_in_lat: null, checked_in_lng: null });
    await db.query('UPDATE users SET team_id = $2 WHERE id = $1', [bob.id, teams.B]);
    // Checked in again: answered as it stands.
    clock.now = at('2030-01-12', '09:30');
    expect((await recordJobProgress(ctx, maria, withConsent, { step: 'check_in' })).visit.checked_in_at).toBe('2030-01-12T09:03:00.000Z');
    expect(await orderHistory(db, withConsent, 'job.check_in')).toEqual([['Maria Lopez', null, 'Team A']]);

    clock.now = at('2030-01-12', '11:30');
    const done = await recordJobProgress(ctx, maria, withConsent, {
      step: 'check_out', consent: true, location: { latitude: 51.53, longitude: -0.16 }, checklist: ['Bins emptied', 'Not on the list', 'Kitchen surfaces and sink'],
    });
    expect(done.visit).toEqual({
      on_my_way_at: '2030-01-12T08:30:00.000Z', checked_in_at: '2030-01-12T09:03:00.000Z', checked_out_at: '2030-01-12T11:30:00.000Z', checklist_done: ['Bins emptied', 'Kitchen surfaces and sink'],
    });
    expect(await visit(withConsent)).toMatchObject({
      checked_in_at: at('2030-01-12', '09:03'), checked_in_lat: 51.52, checked_out_at: clock.now, checked_out_by: maria.id, checked_out_lat: 51.53, checked_out_lng: -0.16,
    });
    expect(await statusOf(withConsent)).toBe('completed');
    expect(await orderHistory(db, withConsent, 'order.status')).toEqual([['Maria Lopez', 'awaiting_validation', 'completed']]);
    // The other job, checked in, is not checked out by this one.
    expect(await visit(without)).toMatchObject({ checked_out_at: null, checked_out_by: null, checklist_done: [] });

    clock.now = at('2030-01-12', '11:45');
    await recordJobProgress(ctx, maria, without, { step: 'check_out', consent: false, location: { latitude: 51.6, longitude: -0.2 } });
    expect(await visit(without)).toMatchObject({ checked_out_at: clock.now, checked_out_by: maria.id, checked_out_lat: null, checked_out_lng: null, checklist_done: [] });
  });

  it("refuses another team's job, a cancelled or unplaced one, a cleaner without a team (404), a step out of its window and a check out before check in (409)", async () => {
    const id = await job(at('2030-01-13', '14:00'), teams.A);
    const cancelled = await job(at('2030-01-13', '14:00'), teams.A);
    await db.query("UPDATE orders SET status = 'cancelled' WHERE id = $1", [cancelled]);
    const draft = await job(at('2030-01-13', '14:00'), teams.A);
    await db.query('UPDATE orders SET checked_out_at = NULL WHERE id = $1', [draft]);
    clock.now = at('2030-01-13', '13:00');
    await refused(recordJobProgress(ctx, bob, id, { step: 'check_in' }), 404, JOB_NOT_FOUND);
    await refused(recordJobProgress(ctx, maria, cancelled, { step: 'check_in' }), 404, JOB_NOT_FOUND);
    await refused(recordJobProgress(ctx, maria, draft, { step: 'check_in' }), 404, JOB_NOT_FOUND);
    await refused(recordJobProgress(ctx, { ...maria, id: jane.id }, id, { step: 'check_in' }), 404, JOB_NOT_FOUND);
    await refused(recordJobProgress(ctx, maria, id, { step: 'check_out' }), 409, CHECK_IN_FIRST);
    clock.now = at('2030-01-13', '12:59');
    await refused(recordJobProgress(ctx, maria, id, { step: 'check_in' }), 409, 'Too early: Check in opens at 2030-01-13 13:00 (UK time), 1 hour before the job starts');
    expect(await visit(id)).toBeUndefined();
    expect(await orderHistory(db, id, 'job.check_in')).toEqual([]);
    expect(JOB_NOT_FOUND).toBe('Job not found');
    expect(CHECK_IN_FIRST).toBe('Check in before checking out');
  });

  it('a job the team is on shows its visit in the week; on my way recorded after a check in (a late retry) keeps the check in', async () => {
    const id = await job(at('2030-01-14', '10:00'), teams.A);
    clock.now = at('2030-01-14', '09:00');
    await recordJobProgress(ctx, maria, id, { step: 'check_in' });
    const listed = (await listMyJobs(ctx, maria)).jobs.find((one) => one.id === id)!;
    expect(listed.visit).toEqual({ ...NO_VISIT, checked_in_at: '2030-01-14T09:00:00.000Z' });
    await cleanerJobsRepository(db).record(id, 'on_my_way', { at: at('2030-01-14', '09:05'), by: bob.id, location: null });
    expect(await visit(id)).toMatchObject({ on_my_way_at: at('2030-01-14', '09:05'), on_my_way_by: bob.id, checked_in_at: at('2030-01-14', '09:00'), checked_in_by: maria.id });
    await cleanerJobsRepository(db).record(id, 'check_in', { at: at('2030-01-14', '09:10'), by: bob.id, location: { latitude: 1, longitude: 2 } });
    expect(await visit(id)).toMatchObject({ on_my_way_at: at('2030-01-14', '09:05'), checked_in_at: at('2030-01-14', '09:10'), checked_in_by: bob.id, checked_in_lat: 1, checked_in_lng: 2 });
    // A check out given no checklist records none done.
    await cleanerJobsRepository(db).record(id, 'check_out', { at: at('2030-01-14', '11:00'), by: bob.id, location: null });
    expect(await visit(id)).toMatchObject({ checked_out_at: at('2030-01-14', '11:00'), checked_out_by: bob.id, checklist_done: [] });
  });
});
