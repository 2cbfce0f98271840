import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminTeam, CleanerJob, OrderDetail, PersonalData } from '../../openapi/schema';
import { londonLocalToInstant } from '../../domain/time/london-time';
import { MAX_PHOTO_BYTES, NOT_A_PHOTO, PHOTO_TOO_BIG } from '../../domain/photos/check-out-photo';
import { checkout, checkoutBody, placeOrder, send } from './booking-fixtures';
import { CLEANER_PASSWORD, invitedCleaner } from './support/invited-cleaner';
import { shopForFile } from './support/shop-for-file';
import { JPEG_BASE64, jpegOfSize, PNG_BASE64, TEXT_NAMED_JPG, WEBP_BASE64 } from '../support/photos';

/**
 * The check-out photo (issue 26 item 2, decision 061) over real HTTP, on PGlite or PostgreSQL
 * (DATABASE_URL): a cleaner checks out with one JPEG, PNG or WebP; staff get its bytes with its own
 * type, privately; too big (413), not an image by its bytes (415), another team (404), not checked
 * in (409) or another step (400) record nothing; the customer's erasure deletes it, their export
 * lists it.
 */
const JOB_DAY = '2027-03-25';
const { clock, server, admin, jane, house } = shopForFile({ start: '2027-03-20T09:00:00Z', customer: 'Jane Photographed', server: { teams: 2 } });
let teamA: AdminTeam;
let teamB: AdminTeam;
const cleaners: Record<string, { email: string; token: string }> = {};

beforeAll(async () => {
  const teams = (await send(server, 'GET', '/admin/teams', { token: admin.token })).body as AdminTeam[];
  [teamA, teamB] = [teams.find((team) => team.name === 'Team A')!, teams.find((team) => team.name === 'Team B')!];
  await invite('maria', teamA.id);
  await invite('bob', teamB.id);
});

const asAdmin = (method: string, path: string, body?: unknown) => send(server, method, path, { token: admin.token, body });

/** A cleaner created by staff who set their password through the mailed link. */
async function invite(name: string, team: number) {
  const email = `${name}@photo-cleaners.example`;
  const { token } = await invitedCleaner(server, admin.token, { name: `${name[0]!.toUpperCase()}${name.slice(1)} Cleaner`, email, team });
  cleaners[name] = { email, token };
}

/** Moves the clock; sign-ins last 12 hours, so everyone signs in again. */
async function at(time: string) {
  clock.set(londonLocalToInstant(JOB_DAY, time));
  admin.token = await server.adminToken();
  jane.token = await server.login(jane.email, jane.password);
  for (const cleaner of Object.values(cleaners)) cleaner.token = await server.login(cleaner.email, CLEANER_PASSWORD);
}

/** Jane's booking at `time` on the job day (or `day`), given to Team A. */
async function jobAt(time: string, day = JOB_DAY): Promise<number> {
  const order = await placeOrder(server, jane.token, house);
  const { response } = await checkout(server, jane.token, checkoutBody(order.id, londonLocalToInstant(day, time)));
  expect(response.status).toBe(200);
  expect((await asAdmin('PUT', `/admin/schedule/jobs/${order.id}/team`, { team: teamA.id })).status).toBe(200);
  return order.id;
}

const step = (who: string, job: number, body: unknown) => send(server, 'POST', `/cleaner/jobs/${job}/progress`, { token: cleaners[who]!.token, body });

async function photoRows(job: number): Promise<number> {
  const [row] = await server.db.query<{ n: number | string }>('SELECT count(*) AS n FROM job_photos WHERE order_id = $1', [job]);
  return Number(row!.n);
}

/** Nothing of a refused check-out was written: still checked in, no photo, the order's status as it was. */
async function expectNothingWritten(job: number) {
  const [visit] = await server.db.query<{ checked_out_at: Date | null }>('SELECT checked_out_at FROM job_visits WHERE order_id = $1', [job]);
  expect(visit!.checked_out_at).toBeNull();
  expect(await photoRows(job)).toBe(0);
  expect(((await asAdmin('GET', `/admin/order/${job}`)).body as OrderDetail).status).not.toBe('completed');
}

/** The photo as staff fetch it: status, headers and bytes. */
async function staffPhoto(job: number, token = admin.token) {
  const response = await fetch(`${server.baseUrl}/api/admin/order/${job}/photo`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, type: response.headers.get('content-type'), cache: response.headers.get('cache-control'), bytes: Buffer.from(await response.arrayBuffer()) };
}

describe('the check-out photo', () => {
  const jobs: Record<string, number> = {};

  it("is refused before check-in or on another day than the job's (409) and on another step (400), recording nothing", async () => {
    jobs.jpeg = await jobAt('08:00');
    jobs.png = await jobAt('11:30');
    jobs.webp = await jobAt('15:00');
    const tomorrow = await jobAt('10:00', '2027-03-26');
    await at('08:00');
    const early = await step('maria', jobs.jpeg, { step: 'check_out', photo: JPEG_BASE64 });
    expect(early).toMatchObject({ status: 409, body: { message: 'Check in before checking out' } });
    expect(await photoRows(jobs.jpeg)).toBe(0);
    const withCheckIn = await step('maria', jobs.jpeg, { step: 'check_in', photo: JPEG_BASE64 });
    expect(withCheckIn).toMatchObject({ status: 400, body: { message: 'A photo is sent with check-out' } });
    const [visit] = await server.db.query('SELECT 1 FROM job_visits WHERE order_id = $1', [jobs.jpeg]);
    expect(visit).toBeUndefined();
    expect((await step('maria', jobs.jpeg, { step: 'check_in' })).status).toBe(200);
    // Before its window (decision 073): the step's own 409, and no photo.
    const notToday = await step('maria', tomorrow, { step: 'check_out', photo: PNG_BASE64 });
    expect(notToday).toMatchObject({ status: 409, body: { message: 'Too early: Check out opens at 2027-03-26 09:00 (UK time), 1 hour before the job starts' } });
    // Each job checks in within an hour of its start.
    await at('14:30');
    for (const job of [jobs.png, jobs.webp]) expect((await step('maria', job, { step: 'check_in' })).status).toBe(200);
    expect(await photoRows(tomorrow)).toBe(0);
  });

  it('refuses a text file named .jpg (415) and anything not base64 (400): still checked in, no photo', async () => {
    await at('14:45');
    const text = await step('maria', jobs.jpeg!, { step: 'check_out', photo: TEXT_NAMED_JPG.toString('base64') });
    expect(text).toMatchObject({ status: 415, body: { message: NOT_A_PHOTO } });
    const garbled = await step('maria', jobs.jpeg!, { step: 'check_out', photo: 'data:image/jpeg;base64,/9j/' });
    expect(garbled).toMatchObject({ status: 400, body: { message: 'The photo must be sent as base64' } });
    await expectNothingWritten(jobs.jpeg!);
  });

  it('refuses a photo of 5 MB + 1 byte (413) and a body over the route\'s limit (413), recording nothing', async () => {
    const tooBig = await step('maria', jobs.jpeg!, { step: 'check_out', photo: jpegOfSize(MAX_PHOTO_BYTES + 1).toString('base64') });
    expect(tooBig).toMatchObject({ status: 413, body: { message: PHOTO_TOO_BIG } });
    const huge = await step('maria', jobs.jpeg!, { step: 'check_out', photo: jpegOfSize(8 * 1024 * 1024).toString('base64') });
    expect(huge.status).toBe(413);
    expect(typeof huge.body.message).toBe('string');
    await expectNothingWritten(jobs.jpeg!);
  });

  it("refuses another team's cleaner (404): nothing written", async () => {
    const theirs = await step('bob', jobs.jpeg!, { step: 'check_out', photo: JPEG_BASE64 });
    expect(theirs).toMatchObject({ status: 404, body: { message: 'Job not found' } });
    await expectNothingWritten(jobs.jpeg!);
  });

  it('keeps a JPEG of exactly 5 MB, a PNG and a WebP, each typed by its bytes and shown to staff only, privately', async () => {
    await at('15:30');
    const fiveMb = jpegOfSize(MAX_PHOTO_BYTES);
    const photos = { jpeg: fiveMb, png: Buffer.from(PNG_BASE64, 'base64'), webp: Buffer.from(WEBP_BASE64, 'base64') };
    for (const [kind, bytes] of Object.entries(photos)) {
      const done = await step('maria', jobs[kind]!, { step: 'check_out', checklist: ['Bins emptied'], photo: bytes.toString('base64') });
      expect(done.status).toBe(200);
      expect((done.body as CleanerJob).visit.checked_out_at).not.toBeNull();
      const served = await staffPhoto(jobs[kind]!);
      expect(served).toMatchObject({ status: 200, type: `image/${kind}`, cache: 'private, no-store' });
      expect(served.bytes.equals(bytes)).toBe(true);
      const detail = (await asAdmin('GET', `/admin/order/${jobs[kind]}`)).body as OrderDetail;
      expect(detail.photo).toEqual({ content_type: `image/${kind}`, bytes: bytes.length, taken_at: clock.now().toISOString(), taken_by: 'Maria Cleaner' });
    }
    // A retried check-out changes nothing: the first photo stays.
    expect((await step('maria', jobs.png!, { step: 'check_out', photo: WEBP_BASE64 })).status).toBe(200);
    expect((await staffPhoto(jobs.png!)).type).toBe('image/png');

    expect((await staffPhoto(jobs.png!, cleaners.maria!.token)).status).toBe(403);
    expect((await staffPhoto(jobs.png!, cleaners.bob!.token)).status).toBe(403);
    expect((await staffPhoto(jobs.png!, jane.token)).status).toBe(403);
    const mine = JSON.stringify((await send(server, 'GET', '/services/order/get', { token: jane.token })).body);
    expect(mine).not.toContain(PNG_BASE64.slice(0, 20));
  });

  it("is listed in the customer's export and deleted with their data", async () => {
    const exported = (await send(server, 'GET', '/user/data', { token: jane.token })).body as PersonalData;
    const listed = exported.orders.filter((order) => order.photo !== null).map((order) => [order.id, order.photo!.content_type]);
    expect(listed.sort()).toEqual([[jobs.jpeg, 'image/jpeg'], [jobs.png, 'image/png'], [jobs.webp, 'image/webp']].sort());

    const customerId = ((await asAdmin('GET', `/admin/order/${jobs.png}`)).body as OrderDetail).customer_id;
    expect((await asAdmin('POST', `/admin/customers/${customerId}/anonymise`)).status).toBe(200);
    for (const job of Object.values(jobs)) {
      expect(await photoRows(job)).toBe(0);
      expect(await staffPhoto(job)).toMatchObject({ status: 404 });
      expect(((await asAdmin('GET', `/admin/order/${job}`)).body as OrderDetail).photo).toBeNull();
    }
  });
});
