import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobEditState } from '../../openapi/schema';
import type { AuthUser } from '../../server/app-context';
import type { Database } from '../../server/db/database';
import type { MailOutbox } from '../../server/queue';
import type { Mail } from '../../server/queue/mail';
import { createOrder } from '../../server/services/orders';
import { checkoutOrder } from '../../server/services/checkout';
import { editJob, getJobEdit, NOTHING_CHANGED_MESSAGE, previewJobEdit } from '../../server/services/job-edits';
import { setJobLength } from '../../server/services/job-length';
import { getOrder } from '../../server/services/orders-admin';
import { createQuote } from '../../server/services/quotes';
import { jobEditRepository } from '../../server/repositories/job-edits';
import type { TestDatabase } from '../api/support/test-database';
import { bookings, orderHistory } from './support/booking';
import { extraNamed, houseKeepingDatabase, seededUser } from './support/own-database';
import { refused } from './support/refused';

/**
 * The office's edits of a booked job (issue 26 item 1, decision 055; its length, issue 36 row 2,
 * decision 084), called as the routes call them on the file's own seeded database: the form starts
 * from the job's items (by item) and extras (its last edit's, else those its priced lines name), a
 * preview writes nothing, a save replaces the items (names and prices copied) and extras and works
 * the length out again, a move sets the new time, and each raises the version. The API suites
 * (tests/api/job-edits, job-length) walk it over HTTP; here each statement of
 * server/repositories/job-edits.ts shows in what the services answer and write.
 */
const NOW = new Date('2030-01-07T12:00:00.000Z'); // a Monday, winter (UK time = UTC)

let testDb: TestDatabase;
let db: Database;
let jane: AuthUser;
let admin: AuthUser;
let serviceId: number;
let bedroom: number;
let bathroom: number;
let largeBedroom: number;
let belongings: number;
let drains: number;
const mails: Mail[] = [];
const outbox: MailOutbox = { add: async (_tx, mail) => void mails.push(mail), site: { publicUrl: 'http://localhost:3000', vatNumber: 'GB 123 4567 89' } };
const deps = () => ({ db, outbox, payments: null, now: NOW });
const { book, deps: checkoutDeps } = bookings(() => db, NOW);

/** A cash booking of a bathroom and two bedrooms (listed in that order), with extras from its quote, at `date` 10:00 UK. */
async function bookedWithExtras(date: string, extras: Array<{ id: number; quantity: number }>): Promise<number> {
  const items = [{ id: bathroom, quantity: 1 }, { id: bedroom, quantity: 2 }];
  const quote = await createQuote(db, { service: serviceId, items, frequency: 'one_off', extras }, NOW);
  const order = await createOrder(db, jane, { service: serviceId, items, quote: quote.id }, NOW);
  await checkoutOrder(checkoutDeps(NOW), jane, {
    order: order.id, due_date: date, due_time: '10:00', address: '1 Test Street', phone: '020 7946 0000', city: 'London', code_postal: 'se22 8ab', client_note: '', payment: 'cash',
  }, undefined);
  return order.id;
}
const orderRow = async (id: number) =>
  (await db.query<{ version: number; due_at: Date; duration_minutes: number | null; job_extras: unknown }>('SELECT version, due_at, duration_minutes, job_extras FROM orders WHERE id = $1', [id]))[0]!;
const orderItems = (id: number) =>
  db.query<{ item_id: number; name: string; unit_price: number; quantity: number; total_price: number }>(
    'SELECT item_id, name, unit_price, quantity, total_price FROM order_items WHERE order_id = $1 ORDER BY item_id', [id],
  );
const ledgerCount = async (id: number) => Number((await db.query<{ n: number }>('SELECT count(*)::integer AS n FROM order_ledger WHERE order_id = $1', [id]))[0]!.n);
const editOf = (state: JobEditState) => ({ version: state.version, items: state.items, extras: state.extras, due_date: state.due_date, due_time: state.due_time, team_id: state.team_id });

beforeAll(async () => {
  let service: { items: Map<string, number> };
  ({ testDb, db, jane, serviceId, service } = await houseKeepingDatabase());
  admin = await seededUser(db, 'admin@sparkle.test');
  [bedroom, bathroom] = [service.items.get('Bedroom')!, service.items.get('Bathroom')!];
  largeBedroom = await extraNamed(db, 'Large bedroom (over 20 m²)');
  belongings = await extraNamed(db, 'Belongings left in the property');
  drains = await extraNamed(db, 'Unblocking drains');
}, 60_000);

afterAll(async () => {
  await testDb?.dispose();
});

describe("the edit form's starting point (getJobEdit)", () => {
  it('answers the items by item, the extras its priced lines name (options too, in their order), its time, team, length and total', async () => {
    const id = await bookedWithExtras('2030-01-09', [{ id: belongings, quantity: 1 }, { id: largeBedroom, quantity: 2 }]);
    expect(bedroom).toBeLessThan(bathroom);
    const state = await getJobEdit(db, id);
    expect(state).toEqual({
      order_id: id, version: (await orderRow(id)).version, service: serviceId,
      items: [{ id: bedroom, quantity: 2 }, { id: bathroom, quantity: 1 }],
      extras: [{ id: largeBedroom, quantity: 2 }, { id: belongings, quantity: 1 }],
      due_date: '2030-01-09', due_time: '10:00', team_id: expect.any(Number), duration_minutes: 90, postcode: 'SE22 8AB', total: 160,
    });
  });

  it('reads only the extra and option lines that name a known extra, one when a line has no quantity; none for a job without extras', async () => {
    const id = await bookedWithExtras('2030-01-10', [{ id: belongings, quantity: 1 }]);
    const lines = [
      { kind: 'item', name: 'Unblocking drains', quantity: 4, amount: 0 },
      { kind: 'extra', name: 'A retired extra', quantity: 1, amount: 0 },
      { kind: 'extra', name: 'Belongings left in the property', quantity: 3, amount: 0 },
      { kind: 'option', name: 'Large bedroom (over 20 m²)', amount: 0 },
      { kind: 'discount', name: 'Large bedroom (over 20 m²)', amount: 0 },
    ];
    await db.query('UPDATE orders SET price_lines = $2::jsonb WHERE id = $1', [id, JSON.stringify(lines)]);
    expect((await getJobEdit(db, id)).extras).toEqual([{ id: belongings, quantity: 3 }, { id: largeBedroom, quantity: 1 }]);

    const plain = await book(jane, serviceId, [{ id: bedroom, quantity: 2 }], { date: '2030-01-10', time: '12:00', now: NOW });
    expect(await getJobEdit(db, plain)).toMatchObject({ items: [{ id: bedroom, quantity: 2 }], extras: [], duration_minutes: 60, total: 50 });
    await db.query("UPDATE orders SET price_lines = '[]'::jsonb WHERE id = $1", [plain]);
    expect((await getJobEdit(db, plain)).extras).toEqual([]);
    // An order that is not there has no extras (the repository answers none rather than failing).
    expect(await jobEditRepository(db).extras({ id: 2_147_483_647 })).toEqual([]);
  });
});

describe('a job edit of the items and extras', () => {
  it('previewed, writes nothing; saved, replaces the items (name and price copied) and extras, works the length out again, and raises the version', async () => {
    const id = await bookedWithExtras('2030-01-14', [{ id: belongings, quantity: 1 }, { id: largeBedroom, quantity: 2 }]);
    const neighbour = await bookedWithExtras('2030-01-14', [{ id: belongings, quantity: 1 }]);
    // Staff gave the job 3 hours first: new items replace that length with theirs.
    await setJobLength(deps(), admin, id, { minutes: 180, reason: 'Big house' });
    const state = await getJobEdit(db, id);
    const before = { row: await orderRow(id), items: await orderItems(id), ledger: await ledgerCount(id) };
    expect(before.row).toMatchObject({ duration_minutes: 180, job_extras: null });
    const edit = { ...editOf(state), items: [{ id: bathroom, quantity: 1 }, { id: bedroom, quantity: 3 }], extras: [{ id: drains, quantity: 1 }] };

    const preview = await previewJobEdit(deps(), id, edit);
    // A bathroom (£30), three bedrooms (£75) and the drains (£50) for £160 of bathroom, two bedrooms, options and belongings.
    expect([preview.previousTotal, preview.total, preview.difference, preview.duration_minutes]).toEqual([160, 155, -5, 120]);
    expect({ row: await orderRow(id), items: await orderItems(id), ledger: await ledgerCount(id) }).toEqual(before);

    mails.length = 0;
    const saved = await editJob(deps(), admin, id, { ...edit, reason: 'One more bedroom' });
    expect([saved.total, saved.minutes]).toEqual([155, 120]);
    expect(await orderItems(id)).toEqual([
      { item_id: bedroom, name: 'Bedroom', unit_price: 2500, quantity: 3, total_price: 7500 },
      { item_id: bathroom, name: 'Bathroom', unit_price: 3000, quantity: 1, total_price: 3000 },
    ]);
    // The length the new items take (the capacity check writes it back once worked out), and the version moved on.
    expect(await orderRow(id)).toMatchObject({ duration_minutes: 120, job_extras: [{ id: drains, quantity: 1 }], due_at: new Date('2030-01-14T10:00:00.000Z') });
    const { version } = await orderRow(id);
    expect(version).toBeGreaterThan(before.row.version);
    expect(await orderHistory(db, id, 'order.length')).toEqual([['Sam Admin', '1 h 30 min', '3 h: Big house'], ['Sam Admin', '3 h', '2 h: One more bedroom']]);
    // The form now starts from the edit's extras, not the priced lines of the checkout.
    expect(await getJobEdit(db, id)).toMatchObject({ version, items: [{ id: bedroom, quantity: 3 }, { id: bathroom, quantity: 1 }], extras: [{ id: drains, quantity: 1 }], duration_minutes: 120, total: 155 });
    expect(mails.map((mail) => mail.subject)).toHaveLength(1);

    // No extras at all is an edit too: the priced lines' extras do not come back.
    const after = await getJobEdit(db, id);
    await editJob(deps(), admin, id, { ...editOf(after), extras: [], reason: 'No drains after all' });
    expect(await getJobEdit(db, id)).toMatchObject({ extras: [], total: 105 });
    expect((await orderRow(id)).job_extras).toEqual([]);

    // The other job of the day keeps its items, extras and length.
    expect(await orderItems(neighbour)).toEqual([
      { item_id: bedroom, name: 'Bedroom', unit_price: 2500, quantity: 2, total_price: 5000 },
      { item_id: bathroom, name: 'Bathroom', unit_price: 3000, quantity: 1, total_price: 3000 },
    ]);
    expect(await orderRow(neighbour)).toMatchObject({ duration_minutes: 90, job_extras: null });
  });

  it('the same items and extras, moved: no price change, the new time, the version raised; nothing changed at all is refused', async () => {
    const id = await bookedWithExtras('2030-01-15', [{ id: largeBedroom, quantity: 1 }, { id: belongings, quantity: 1 }]);
    const neighbour = await bookedWithExtras('2030-01-15', []);
    const state = await getJobEdit(db, id);
    // The items and extras sent in another order are the same choices.
    const same = { ...editOf(state), items: [...state.items].reverse(), extras: [...state.extras].reverse() };
    await refused(previewJobEdit(deps(), id, same), 400, NOTHING_CHANGED_MESSAGE);
    const ledger = await ledgerCount(id);
    const { version } = await orderRow(id);

    const moved = { ...same, due_date: '2030-01-16', due_time: '14:30', team_id: null };
    expect(await previewJobEdit(deps(), id, moved)).toMatchObject({ lines: [], difference: 0, total: state.total, duration_minutes: state.duration_minutes });
    await editJob(deps(), admin, id, { ...moved, reason: 'Customer away' });
    expect(await orderRow(id)).toMatchObject({ version: version + 1, due_at: new Date('2030-01-16T14:30:00.000Z'), job_extras: null });
    expect(await ledgerCount(id)).toBe(ledger);
    expect(await getJobEdit(db, id)).toMatchObject({ due_date: '2030-01-16', due_time: '14:30', extras: state.extras, items: state.items });
    expect(await orderRow(neighbour)).toMatchObject({ due_at: new Date('2030-01-15T10:00:00.000Z') });
    expect((await getOrder(db, id)).history.filter((entry) => entry.action === 'order.moved')).toHaveLength(1);
  });
});

describe("a job's own length (setJobLength)", () => {
  it("is written on the job alone and raises its version, so an edit begun before is refused", async () => {
    const id = await bookedWithExtras('2030-01-17', []);
    const neighbour = await bookedWithExtras('2030-01-17', []);
    const state = await getJobEdit(db, id);
    const { version } = await orderRow(id);
    const answered = await setJobLength({ db, now: NOW }, admin, id, { minutes: 45, reason: 'Small flat' });
    expect(answered.minutes).toBe(45);
    expect(await orderRow(id)).toMatchObject({ version: version + 1, duration_minutes: 45 });
    expect(await orderRow(neighbour)).toMatchObject({ duration_minutes: 90 });
    expect(await getJobEdit(db, id)).toMatchObject({ version: version + 1, duration_minutes: 45 });
    await refused(previewJobEdit(deps(), id, { ...editOf(state), due_time: '11:00' }), 409, 'This job was changed by someone else while you edited it: please check it and edit again');
  });
});
