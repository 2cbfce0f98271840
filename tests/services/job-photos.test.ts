import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../server/app-context';
import type { Database } from '../../server/db/database';
import { jobPhotosRepository } from '../../server/repositories/job-photos';
import { recordJobProgress } from '../../server/services/cleaner-jobs';
import { createCleaner, removeCleaner } from '../../server/services/cleaners';
import { anonymiseCustomerRecord, exportCustomer } from '../../server/services/customers';
import { NO_PHOTO, orderPhoto } from '../../server/services/job-photos';
import { getOrder } from '../../server/services/orders-admin';
import type { TestDatabase } from '../api/support/test-database';
import { JPEG_BASE64, PNG_BASE64, WEBP_BASE64 } from '../support/photos';
import { bookings } from './support/booking';
import { serviceContext } from './support/context';
import { houseKeepingDatabase, newAccount } from './support/own-database';
import { refused } from './support/refused';

/**
 * The check-out photo (issue 26 item 2, decision 061), called as the routes call it on the file's
 * own seeded database: kept once per job with its type, size, time and taker; described on the
 * order's page and in the customer's export, its bytes given to staff; deleted with the customer's
 * other personal data, and only theirs. tests/api/check-out-photos.test.ts walks it over HTTP; here
 * each statement of server/repositories/job-photos.ts shows in what the services answer.
 */
const BOOKED_AT = new Date('2030-01-07T12:00:00.000Z'); // winter: UK time = UTC
const JOB_DAY = '2030-01-09';
const at = (time: string) => new Date(`${JOB_DAY}T${time}:00.000Z`);
const bytesOf = (base64: string) => Buffer.from(base64, 'base64');

let testDb: TestDatabase;
let db: Database;
let jane: AuthUser;
let omar: AuthUser;
let serviceId: number;
let twoBedrooms: Array<{ id: number; quantity: number }>;
let teamA: number;
let maria: AuthUser;
const { book } = bookings(() => db);
const { ctx, clock } = serviceContext(() => db, BOOKED_AT);
const jobs: Record<'jpeg' | 'png' | 'webp' | 'none', number> = { jpeg: 0, png: 0, webp: 0, none: 0 };

/** A job of `customer`'s at `time` on the job day, given to Team A and checked in at its start. */
async function checkedIn(customer: AuthUser, time: string): Promise<number> {
  const id = await book(customer, serviceId, twoBedrooms, { date: JOB_DAY, time, now: BOOKED_AT });
  await db.query('UPDATE orders SET team_id = $2 WHERE id = $1', [id, teamA]);
  clock.now = at(time);
  await recordJobProgress(ctx, maria, id, { step: 'check_in' });
  return id;
}
const photoRows = async () => (await db.query<{ order_id: number }>('SELECT order_id FROM job_photos ORDER BY order_id')).map((row) => row.order_id);

beforeAll(async () => {
  ({ testDb, db, jane, serviceId, twoBedrooms } = await houseKeepingDatabase());
  const account = await newAccount(db, 'omar@photos.example', 'omar-password-1', 'Omar Other');
  omar = { id: account.id, name: 'Omar Other', email: account.email, roles: ['ROLE_USER'] };
  teamA = Number((await db.query<{ id: number }>("SELECT id FROM teams WHERE name = 'Team A'"))[0]!.id);
  maria = { ...(await createCleaner(ctx, { name: 'Maria Lopez', email: 'maria@photo-cleaners.example', team: teamA })), roles: ['ROLE_CLEANER'] };
  jobs.jpeg = await checkedIn(jane, '10:30');
  jobs.png = await checkedIn(jane, '11:00');
  jobs.webp = await checkedIn(omar, '10:30');
  jobs.none = await checkedIn(jane, '10:30');
}, 60_000);

afterAll(async () => {
  await testDb?.dispose();
});

describe('the check-out photo', () => {
  it('is kept with the check-out, typed by its bytes, its size, time and taker on the order; staff get its bytes; a job without one is 404', async () => {
    const photos = { jpeg: JPEG_BASE64, png: PNG_BASE64, webp: WEBP_BASE64 } as const;
    let minute = 0;
    for (const [kind, base64] of Object.entries(photos) as Array<[keyof typeof photos, string]>) {
      clock.now = at(`12:${String(10 * ++minute).padStart(2, '0')}`);
      await recordJobProgress(ctx, maria, jobs[kind], { step: 'check_out', photo: base64 });
      expect((await getOrder(db, jobs[kind])).photo).toEqual({ content_type: `image/${kind}`, bytes: bytesOf(base64).length, taken_at: clock.now.toISOString(), taken_by: 'Maria Lopez' });
      const served = await orderPhoto(db, jobs[kind]);
      expect(served.content_type).toBe(`image/${kind}`);
      expect(served.bytes.equals(bytesOf(base64))).toBe(true);
    }
    expect(new Set([bytesOf(JPEG_BASE64).length, bytesOf(PNG_BASE64).length, bytesOf(WEBP_BASE64).length]).size).toBe(3);
    clock.now = at('12:40');
    await recordJobProgress(ctx, maria, jobs.none, { step: 'check_out' });
    expect((await getOrder(db, jobs.none)).photo).toBeNull();
    await refused(orderPhoto(db, jobs.none), 404, NO_PHOTO);
    expect(NO_PHOTO).toBe('This order has no photo');
    expect(await photoRows()).toEqual([jobs.jpeg, jobs.png, jobs.webp].sort((a, b) => a - b));
  });

  it('is kept once: a second photo for the job changes nothing', async () => {
    const photos = jobPhotosRepository(db);
    await photos.save(jobs.png, { contentType: 'image/jpeg', bytes: bytesOf(JPEG_BASE64), at: at('13:00'), by: omar.id });
    expect((await getOrder(db, jobs.png)).photo).toEqual({ content_type: 'image/png', bytes: bytesOf(PNG_BASE64).length, taken_at: at('12:20').toISOString(), taken_by: 'Maria Lopez' });
    expect((await orderPhoto(db, jobs.png)).bytes.equals(bytesOf(PNG_BASE64))).toBe(true);
  });

  it("keeps its taker's name when the cleaner is removed", async () => {
    const leaver = { ...(await createCleaner(ctx, { name: 'Lee Leaver', email: 'lee@photo-cleaners.example', team: teamA })), roles: ['ROLE_CLEANER'] };
    const id = await checkedIn(omar, '11:30');
    clock.now = at('12:50');
    await recordJobProgress(ctx, leaver, id, { step: 'check_out', photo: PNG_BASE64 });
    await removeCleaner(ctx, leaver.id);
    expect((await getOrder(db, id)).photo).toMatchObject({ taken_by: 'Lee Leaver', taken_at: at('12:50').toISOString() });
  });

  it("is described in the customer's export, each on its own order, and deleted with the customer's data only", async () => {
    const exported = await exportCustomer(db, jane.id, at('20:00'));
    const listed = Object.fromEntries(exported.orders.filter((order) => [jobs.jpeg, jobs.png, jobs.none, jobs.webp].includes(order.id)).map((order) => [order.id, order.photo]));
    expect(listed).toEqual({
      [jobs.jpeg]: { content_type: 'image/jpeg', bytes: bytesOf(JPEG_BASE64).length, taken_at: at('12:10').toISOString(), taken_by: 'Maria Lopez' },
      [jobs.png]: { content_type: 'image/png', bytes: bytesOf(PNG_BASE64).length, taken_at: at('12:20').toISOString(), taken_by: 'Maria Lopez' },
      [jobs.none]: null,
    });
    expect((await exportCustomer(db, omar.id, at('20:00'))).orders.find((order) => order.id === jobs.webp)!.photo).toMatchObject({ content_type: 'image/webp' });

    const omars = (await photoRows()).filter((id) => id !== jobs.jpeg && id !== jobs.png);
    await anonymiseCustomerRecord(db, jane.id, at('20:00'));
    expect(await photoRows()).toEqual(omars);
    await refused(orderPhoto(db, jobs.jpeg), 404, NO_PHOTO);
    expect((await getOrder(db, jobs.png)).photo).toBeNull();
    expect((await orderPhoto(db, jobs.webp)).content_type).toBe('image/webp');
  });
});
