import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext, AuthUser } from '../../server/app-context';
import type { Database } from '../../server/db/database';
import { checkoutOrder } from '../../server/services/checkout';
import { addCustomerNote, anonymiseCustomerRecord, ANONYMISED_NO_NOTES, CUSTOMER_NOT_FOUND, EMPTY_NOTE, exportCustomer, getCustomerRecord, listCustomers } from '../../server/services/customers';
import { ACCOUNT_DELETED, ADMIN_CANNOT_DELETE, createMyData, WRONG_PASSWORD } from '../../server/services/my-data';
import { createOrder } from '../../server/services/orders';
import { hashPassword } from '../../server/services/password-hasher';
import { anonymiseCustomer, deletedUserName } from '../../server/services/personal-data';
import { createQuote } from '../../server/services/quotes';
import { roomForBookings, type TestDatabase } from '../api/support/test-database';
import { testConfig } from '../api/support/test-config';
import { bookings } from './support/booking';
import { janeAndHouseKeeping, ownDatabase, seededUser } from './support/own-database';
import { refused } from './support/refused';

/**
 * Customer records and UK GDPR rights (issue 15 §7, decision 016): the back office's record
 * (contact, addresses, orders, lifetime value, notes), the export of everything held, and erasure
 * that keeps the accounts; the customer's own copy and deletion. On a real seeded PGlite.
 */
const NOW = new Date('2030-01-07T12:00:00.000Z');
const JOINED = new Date('2029-03-01T09:30:00.000Z');
const iso = (date: Date) => date.toISOString();

let testDb: TestDatabase;
let db: Database;
let admin: AuthUser;
let serviceId: number;
let twoBedroomsAndBathroom: Array<{ id: number; quantity: number }>;
const { book, deps } = bookings(() => db);

beforeAll(async () => {
  testDb = await ownDatabase();
  db = testDb.db;
  // Many bookings at 10:00 on the same days: teams enough for all of them.
  await roomForBookings(db);
  admin = await seededUser(db, 'admin@sparkle.test');
  const setup = await janeAndHouseKeeping(db);
  serviceId = setup.serviceId;
  twoBedroomsAndBathroom = [setup.item('Bedroom', 2), setup.item('Bathroom', 1)];
}, 60_000);

afterAll(async () => {
  await testDb?.dispose();
});

let people = 0;
/** A customer of this file's own, joined on JOINED, with a password only when the test needs one. */
async function newCustomer(name: string, password?: string): Promise<AuthUser> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${++people}@records.test`;
  const [row] = await db.query<AuthUser>(
    `INSERT INTO users (name, email, password_hash, roles, created_at) VALUES ($1, $2, $3, ARRAY['ROLE_USER'], $4) RETURNING id, name, email, roles`,
    [name, email, password ? await hashPassword(password) : 'x', JOINED],
  );
  return row!;
}

/** A placed cash order of £80 due on `date` at 10:00, then changed as the test says (address, status, ...). */
async function order(customer: AuthUser, date: string, set: Record<string, unknown> = {}): Promise<number> {
  const id = await book(customer, serviceId, twoBedroomsAndBathroom, { date, time: '10:00', now: NOW });
  for (const [column, value] of Object.entries(set)) await db.query(`UPDATE orders SET ${column} = $2 WHERE id = $1`, [id, value]);
  return id;
}

async function message(from: { name: string; email: string }, text: string, at: Date): Promise<number> {
  const [row] = await db.query<{ id: number }>('INSERT INTO contact_messages (name, email, message, created_at) VALUES ($1, $2, $3, $4) RETURNING id', [from.name, from.email, text, at]);
  return row!.id;
}

const user = async (id: number) =>
  (await db.query<{ name: string; email: string | null; password_hash: string; token_version: number; anonymised_at: Date | null }>(
    'SELECT name, email, password_hash, token_version, anonymised_at FROM users WHERE id = $1',
    [id],
  ))[0]!;

describe('the customer record of the back office', () => {
  it('lists each phone and address once, latest use first, and counts only paid or completed orders as lifetime value', async () => {
    const mary = await newCustomer('Mary Record');
    const a = await order(mary, '2030-01-09', { status: 'completed', total: 3333 });
    const b = await order(mary, '2030-01-10', { address: ' 1 test street ', city: 'LONDON', phone: '07700 900123' });
    const c = await order(mary, '2030-01-11', { status: 'payment_validated', total: 3334, city: null, phone: null });
    const d = await order(mary, '2030-01-12', { status: 'cancelled', address: '9 Elm Close', city: 'Bath', code_postal: 'BA1 1AA', due_at: null });
    // A draft is nobody's booking: not in the record.
    await db.query('INSERT INTO orders (user_id, service_id, total, created_at) VALUES ($1, $2, 1000, $3)', [mary.id, serviceId, NOW]);
    const record = await getCustomerRecord(db, mary.id);
    expect(record).toEqual({
      id: mary.id,
      name: 'Mary Record',
      email: mary.email,
      created: iso(JOINED),
      anonymised: false,
      phones: ['020 7946 0000', '07700 900123'],
      addresses: [
        { address: '9 Elm Close', city: 'Bath', codePostal: 'BA1 1AA', lastUsed: iso(NOW) },
        { address: ' 1 test street ', city: 'LONDON', codePostal: 'SE22 8AB', lastUsed: '2030-01-10T10:00:00.000Z' },
      ],
      orders: [
        { id: d, reference: expect.any(Number), service: 'House Keeping', status: 'cancelled', total: 80, created: iso(NOW), due: null },
        { id: c, reference: expect.any(Number), service: 'House Keeping', status: 'payment_validated', total: 33.34, created: iso(NOW), due: '2030-01-11T10:00:00.000Z' },
        { id: b, reference: expect.any(Number), service: 'House Keeping', status: 'awaiting_validation', total: 80, created: iso(NOW), due: '2030-01-10T10:00:00.000Z' },
        { id: a, reference: expect.any(Number), service: 'House Keeping', status: 'completed', total: 33.33, created: iso(NOW), due: '2030-01-09T10:00:00.000Z' },
      ],
      lifetimeValue: 66.67,
      notes: [],
    });
  });

  it('tells apart addresses whose parts differ even when their letters run together', async () => {
    const lea = await newCustomer('Lea Lanes');
    await order(lea, '2030-01-09', { address: '12 A', city: 'Bath', code_postal: 'BA1 1AA' });
    await order(lea, '2030-01-10', { address: '12 AB', city: 'ath', code_postal: 'BA1 1AA' });
    expect((await getCustomerRecord(db, lea.id)).addresses.map((a) => [a.address, a.city])).toEqual([['12 AB', 'ath'], ['12 A', 'Bath']]);
  });

  it('a customer without orders has an empty record; an unknown id or an administrator is not a customer', async () => {
    const ned = await newCustomer('Ned New');
    expect(await getCustomerRecord(db, ned.id)).toEqual({
      id: ned.id, name: 'Ned New', email: ned.email, created: iso(JOINED), anonymised: false, phones: [], addresses: [], orders: [], lifetimeValue: 0, notes: [],
    });
    await refused(getCustomerRecord(db, 999_999), 404, CUSTOMER_NOT_FOUND);
    await refused(getCustomerRecord(db, admin.id), 404, 'Customer not found');
  });

  it('keeps staff notes, trimmed, with their author and time, oldest first', async () => {
    const nora = await newCustomer('Nora Notes');
    const first = await addCustomerNote(db, admin, nora.id, '  Key in safe 1234\n', NOW);
    expect(first).toEqual({ id: first.id, body: 'Key in safe 1234', author: 'Sam Admin', created: iso(NOW) });
    const later = new Date('2030-01-08T08:00:00.000Z');
    const second = await addCustomerNote(db, { ...admin, name: 'Ann Other' }, nora.id, 'Dog in the garden', later);
    expect((await getCustomerRecord(db, nora.id)).notes).toEqual([first, { id: second.id, body: 'Dog in the garden', author: 'Ann Other', created: iso(later) }]);
  });

  it('refuses an empty note, a note about nobody, and a note about an anonymised customer', async () => {
    const nora = await newCustomer('Nora Refused');
    await refused(addCustomerNote(db, admin, nora.id, ' \n\t ', NOW), 400, EMPTY_NOTE);
    expect(EMPTY_NOTE).toBe('Write a note first');
    await refused(addCustomerNote(db, admin, 999_999, 'Hello', NOW), 404, CUSTOMER_NOT_FOUND);
    await anonymiseCustomerRecord(db, nora.id, NOW);
    await refused(addCustomerNote(db, admin, nora.id, 'Hello', NOW), 409, ANONYMISED_NO_NOTES);
    expect(ANONYMISED_NO_NOTES).toBe('This customer was anonymised: no notes can be added');
    expect((await getCustomerRecord(db, nora.id)).notes).toEqual([]);
  });

  it('lists customers (never administrators) by name or email, as summaries', async () => {
    const zed = await newCustomer('Zed Listed');
    const amy = await newCustomer('amy listed');
    await anonymiseCustomerRecord(db, amy.id, NOW);
    const found = await listCustomers(db, { q: 'listed', sort: 'id', order: 'asc' }, { limit: 20, page: 1 });
    expect(found).toEqual({ total: 1, rows: [{ id: zed.id, name: 'Zed Listed', email: zed.email, created: iso(JOINED), anonymised: false }] });
    const all = await listCustomers(db, { sort: 'id', order: 'desc' }, { limit: 2, page: 1 });
    expect(all.rows.map((row) => row.id)).toEqual([amy.id, zed.id]);
    expect(all.rows[0]).toEqual({ id: amy.id, name: deletedUserName(amy.id), email: null, created: iso(JOINED), anonymised: true });
    expect((await listCustomers(db, { q: 'admin@sparkle.test' }, { limit: 20, page: 1 })).total).toBe(0);
  });
});

describe('a customer\'s data: the export (UK GDPR access)', () => {
  it('the back office exports the account, every placed order with its items, the messages with replies, and the staff notes', async () => {
    const olga = await newCustomer('Olga Export');
    const placed = await order(olga, '2030-01-09', { client_note: 'Ring twice' });
    const older = await message({ name: 'Olga', email: olga.email.toUpperCase() }, 'Do you clean ovens?', new Date('2030-01-01T10:00:00.000Z'));
    const newer = await message({ name: 'Olga E', email: olga.email }, 'Thanks!', new Date('2030-01-02T10:00:00.000Z'));
    await message({ name: 'Someone else', email: 'someone@else.test' }, 'Not hers', NOW);
    await db.query(
      `INSERT INTO contact_replies (message_id, body, author_id, author, sent_at) VALUES ($1, 'Yes we do', $2, 'Sam Admin', $3), ($1, 'From £40', $2, 'Sam Admin', $4)`,
      [older, admin.id, new Date('2030-01-01T11:00:00.000Z'), new Date('2030-01-01T12:00:00.000Z')],
    );
    const note = await addCustomerNote(db, admin, olga.id, 'Prefers mornings', NOW);
    const at = new Date('2030-01-08T09:00:00.000Z');
    expect(await exportCustomer(db, olga.id, at)).toEqual({
      exported: iso(at),
      account: { id: olga.id, name: 'Olga Export', email: olga.email, created: iso(JOINED) },
      orders: [{
        id: placed,
        service: 'House Keeping',
        status: 'awaiting_validation',
        total: 80,
        created: iso(NOW),
        due: '2030-01-09T10:00:00.000Z',
        payment_method: 'cash',
        address: '1 Test Street',
        city: 'London',
        codePostal: 'SE22 8AB',
        phone: '020 7946 0000',
        note: 'Ring twice',
        // The key safe code is the customer's own data too (decision 050): none given here.
        accessNotes: null,
        items: [
          { name: 'Bedroom', quantity: 2, unit_price: 25, total_price: 50 },
          { name: 'Bathroom', quantity: 1, unit_price: 30, total_price: 30 },
        ],
        // No check-out photo was taken in this home (decision 061).
        photo: null,
      }],
      messages: [
        { id: newer, name: 'Olga E', message: 'Thanks!', created: '2030-01-02T10:00:00.000Z', replies: [] },
        {
          id: older,
          name: 'Olga',
          message: 'Do you clean ovens?',
          created: '2030-01-01T10:00:00.000Z',
          replies: [
            { body: 'Yes we do', author: 'Sam Admin', sent: '2030-01-01T11:00:00.000Z' },
            { body: 'From £40', author: 'Sam Admin', sent: '2030-01-01T12:00:00.000Z' },
          ],
        },
      ],
      notes: [note],
    });
    await refused(exportCustomer(db, 999_999, at), 404, CUSTOMER_NOT_FOUND);
  });

  it('the customer\'s own copy has no staff notes; an administrator may download theirs; an unknown account is 404', async () => {
    const pia = await newCustomer('Pia Own');
    await addCustomerNote(db, admin, pia.id, 'Staff only', NOW);
    const myData = createMyData({ db, readDb: db, config: testConfig(), outbox: { add: async () => {}, site: { publicUrl: '', vatNumber: '' } }, payments: null, now: () => NOW } satisfies AppContext);
    const own = await myData.export(pia.id);
    expect(own).toEqual({ exported: iso(NOW), account: { id: pia.id, name: 'Pia Own', email: pia.email, created: iso(JOINED) }, orders: [], messages: [] });
    expect('notes' in own).toBe(false);
    expect((await myData.export(admin.id)).account.email).toBe('admin@sparkle.test');
    await refused(myData.export(999_999), 404, 'User not found');
  });
});

describe('erasure (UK GDPR), which keeps the accounts', () => {
  it('anonymises the customer: name, email, password, sessions, order addresses, staff notes and messages go; orders and totals stay', async () => {
    const rita = await newCustomer('Rita Erased');
    const other = await newCustomer('Otto Kept');
    const placed = await order(rita, '2030-01-09', { status: 'completed', client_note: 'Gate code 42' });
    const othersOrder = await order(other, '2030-01-09');
    await db.query(`INSERT INTO payment_sessions (id, order_id, amount, description, email, created_at) VALUES ('ps-rita', $1, 8000, 'Order', $2, $3), ('ps-otto', $4, 8000, 'Order', $5, $3)`, [placed, rita.email, NOW, othersOrder, other.email]);
    await db.query(`INSERT INTO password_reset_tokens (token_hash, user_id, expires_at) VALUES ('rita-token', $1, $2), ('otto-token', $3, $2)`, [rita.id, NOW, other.id]);
    await message({ name: 'Rita', email: rita.email.toUpperCase() }, 'Call me on 07700 900999', NOW);
    const ottoMessage = await message({ name: 'Otto', email: other.email }, 'Hello', NOW);
    await addCustomerNote(db, admin, rita.id, 'Allergic to bleach', NOW);
    await addCustomerNote(db, admin, other.id, 'Otto note', NOW);
    const before = await user(rita.id);

    const record = await anonymiseCustomerRecord(db, rita.id, new Date('2030-01-20T10:00:00.000Z'));
    expect(record).toEqual({
      id: rita.id, name: `Deleted user #${rita.id}`, email: null, created: iso(JOINED), anonymised: true, phones: [], addresses: [],
      orders: [{ id: placed, reference: expect.any(Number), service: 'House Keeping', status: 'completed', total: 80, created: iso(NOW), due: '2030-01-09T10:00:00.000Z' }],
      lifetimeValue: 80, notes: [],
    });
    expect(await user(rita.id)).toEqual({
      name: `Deleted user #${rita.id}`, email: null, password_hash: '!', token_version: before.token_version + 1, anonymised_at: new Date('2030-01-20T10:00:00.000Z'),
    });
    expect(await db.query('SELECT address, city, code_postal, phone, client_note, total, status FROM orders WHERE id = $1', [placed])).toEqual([
      { address: null, city: null, code_postal: null, phone: null, client_note: null, total: 8000, status: 'completed' },
    ]);
    expect(await db.query('SELECT id, email FROM payment_sessions WHERE id IN ($1, $2) ORDER BY id', ['ps-otto', 'ps-rita'])).toEqual([{ id: 'ps-otto', email: other.email }, { id: 'ps-rita', email: '' }]);
    expect(await db.query('SELECT DISTINCT actor FROM audit_log WHERE actor_id = $1', [rita.id])).toEqual([{ actor: `Deleted user #${rita.id}` }]);
    expect(await db.query('SELECT DISTINCT actor FROM audit_log WHERE actor_id = $1', [other.id])).toEqual([{ actor: 'Otto Kept' }]);
    expect(await db.query('SELECT token_hash FROM password_reset_tokens WHERE user_id IN ($1, $2)', [rita.id, other.id])).toEqual([{ token_hash: 'otto-token' }]);
    expect(await db.query('SELECT id FROM contact_messages WHERE lower(email) IN (lower($1), lower($2))', [rita.email, other.email])).toEqual([{ id: ottoMessage }]);
    expect(await db.query('SELECT body FROM customer_notes WHERE user_id IN ($1, $2)', [rita.id, other.id])).toEqual([{ body: 'Otto note' }]);
    // What is still held about them: the account's id and dates, and the orders without who or where.
    const exported = await exportCustomer(db, rita.id, NOW);
    expect([exported.account, exported.messages, exported.notes]).toEqual([{ id: rita.id, name: `Deleted user #${rita.id}`, email: null, created: iso(JOINED) }, [], []]);
    expect(exported.orders).toMatchObject([{ id: placed, total: 80, address: null, city: null, codePostal: null, phone: null, note: null }]);
    // The other customer's order is untouched.
    expect(await db.query('SELECT address, phone FROM orders WHERE id = $1', [othersOrder])).toEqual([{ address: '1 Test Street', phone: '020 7946 0000' }]);
  });

  it('the postcode a booking was priced for goes too: it is the customer\'s postcode', async () => {
    const una = await newCustomer('Una Quoted');
    const quote = await createQuote(db, { service: serviceId, items: twoBedroomsAndBathroom, frequency: 'one_off', postcode: 'se22 8ab' }, NOW);
    const draft = await createOrder(db, una, { service: serviceId, items: twoBedroomsAndBathroom, quote: quote.id }, NOW);
    await checkoutOrder(deps(NOW), una, {
      order: draft.id, due_date: '2030-01-09', due_time: '10:00', address: '1 Test Street', phone: '020 7946 0000', city: 'London', code_postal: 'SE22 8AB', client_note: '', payment: 'cash',
    }, undefined);
    const postcodes = () => db.query('SELECT code_postal, priced_postcode FROM orders WHERE id = $1', [draft.id]);
    expect(await postcodes()).toEqual([{ code_postal: 'SE22 8AB', priced_postcode: 'SE22 8AB' }]);
    await anonymiseCustomerRecord(db, una.id, NOW);
    expect(await postcodes()).toEqual([{ code_postal: null, priced_postcode: null }]);
  });

  it('anonymising again changes nothing, and an unknown id is 404 (or nothing, inside a transaction)', async () => {
    const sam = await newCustomer('Sam Twice');
    await anonymiseCustomerRecord(db, sam.id, NOW);
    const once = await user(sam.id);
    await db.query(`UPDATE users SET name = 'Renamed later' WHERE id = $1`, [sam.id]);
    await db.transaction((tx) => anonymiseCustomer(tx, sam.id, new Date('2030-02-01T00:00:00.000Z')));
    expect(await user(sam.id)).toEqual({ ...once, name: 'Renamed later' });
    await refused(anonymiseCustomerRecord(db, 999_999, NOW), 404, CUSTOMER_NOT_FOUND);
    await db.transaction((tx) => anonymiseCustomer(tx, 999_999, NOW));
  });

  it('a customer deletes their own account with their password; a wrong one, an administrator or an unknown account is refused', async () => {
    const tia = await newCustomer('Tia Leaving', 'correct horse battery');
    const myData = createMyData({ db, readDb: db, config: testConfig(), outbox: { add: async () => {}, site: { publicUrl: '', vatNumber: '' } }, payments: null, now: () => NOW });
    await refused(myData.delete(tia.id, 'wrong password'), 400, WRONG_PASSWORD);
    expect(WRONG_PASSWORD).toBe('Your password is not correct');
    expect((await user(tia.id)).anonymised_at).toBeNull();
    await refused(myData.delete(admin.id, 'admin-password-1'), 409, ADMIN_CANNOT_DELETE);
    expect(ADMIN_CANNOT_DELETE).toBe('An administrator account cannot be deleted here');
    await refused(myData.delete(999_999, 'anything'), 404, 'User not found');
    expect(await myData.delete(tia.id, 'correct horse battery')).toEqual({ message: ACCOUNT_DELETED });
    expect(ACCOUNT_DELETED).toBe('Your account was deleted');
    expect(await user(tia.id)).toMatchObject({ name: `Deleted user #${tia.id}`, email: null, password_hash: '!', anonymised_at: NOW });
  });
});
