import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../server/app-context';
import type { Database } from '../../server/db/database';
import type { OrderListQuery, OrderRow } from '../../server/repositories/orders';
import { csvCell, ordersCsvStream } from '../../server/services/orders-csv';
import { adminOrderView, iso, isoOrNull, myOrderView as myOrderViewOf, orderPaymentView as orderPaymentViewOf, refundView } from '../../server/services/orders-views';
import { ledgerTotals, type LedgerLine } from '../../domain/money/ledger';
import { UNPAID_LATE_MESSAGE } from '../../domain/terms/reschedule-terms';
import { roomForBookings, type TestDatabase } from '../api/support/test-database';
import { bookings, placedOrder } from './support/booking';
import { janeAndHouseKeeping, ownDatabase } from './support/own-database';

/**
 * How an order is shown (issue 14, R-CANCEL-3, R-TERMS-1): to its customer on My orders (what
 * cancelling or moving it costs now, how it is paid, whether it has a VAT invoice), as a row of the
 * back office's table, and in the CSV export of that table. Orders are booked on a real PGlite.
 */
const NOW = new Date('2030-01-07T12:00:00.000Z'); // two days before the jobs below
const WITHIN_A_DAY = new Date('2030-01-08T12:00:00.000Z'); // 22 hours before them
const DUE = '2030-01-09T10:00:00.000Z';

let testDb: TestDatabase;
let db: Database;
let jane: AuthUser;
let serviceId: number;
let items: Array<{ id: number; quantity: number }>;
const { book } = bookings(() => db);
/** Jane's £80 bookings for 9 January 2030 at 10:00: cash, and card not yet paid. */
let cash: OrderRow;
let card: OrderRow;

beforeAll(async () => {
  testDb = await ownDatabase();
  db = testDb.db;
  await roomForBookings(db);
  const setup = await janeAndHouseKeeping(db);
  jane = setup.jane;
  serviceId = setup.serviceId;
  items = [setup.item('Bedroom', 2), setup.item('Bathroom', 1)];
  cash = (await placedOrder(db, await book(jane, serviceId, items, { date: '2030-01-09', time: '10:00', now: NOW }))).order;
  card = (await placedOrder(db, await book(jane, serviceId, items, { date: '2030-01-09', time: '10:00', now: NOW, payment: 'card' }))).order;
}, 60_000);

afterAll(async () => {
  await testDb?.dispose();
});

/** A row's ledger as these views need it: its price at 20%, and what was paid when it says so. */
const line = (kind: LedgerLine['kind'], amount: number, vatPercent: number | null): LedgerLine => ({
  id: 0, kind, name: kind, quantity: null, unitPrice: null, amount, vatPercent, reason: null, reference: null, actor: 'test', at: NOW,
});
const totals = (row: OrderRow) =>
  ledgerTotals([line('item', row.total, 20), ...(row.paid_amount === null ? [] : [line('payment', row.paid_amount, null)])]);
const myOrderView = (row: OrderRow, now: Date, cardAvailable?: boolean) => myOrderViewOf(row, totals(row), now, cardAvailable);
const orderPaymentView = (row: OrderRow, cardAvailable: boolean) => orderPaymentViewOf(row, totals(row), cardAvailable);
const paid = (row: OrderRow): OrderRow => ({ ...row, paid_amount: 8000, paid_at: new Date('2030-01-07T12:05:00.000Z') });

describe('My orders: one order as its customer sees it', () => {
  it('a cash booking two days ahead: free to cancel or move until a day before (one rule, decision 032), nothing paid yet', () => {
    expect(myOrderView(cash, NOW)).toEqual({
      id: cash.id,
      reference: cash.reference,
      service: 'House Keeping',
      total: 80,
      status: 'awaiting_validation',
      created: NOW.toISOString(),
      due: DUE,
      refund: null,
      // Nothing due yet: paid in cash on the day (issue 36 row 8, decision 087).
      payment: { method: 'cash', status: 'unpaid', payable: false, balanceDue: 80, plan: { by: 'cash' } },
      cancellation: { allowed: true, fee: 0, freeUntil: '2030-01-08T10:00:00.000Z' },
      reschedule: { allowed: true, fee: 0, freeUntil: '2030-01-08T10:00:00.000Z' },
      receipt: false,
      // What the reschedule dialog asks the free times for (issue 25).
      serviceId: cash.service_id,
      minutes: cash.duration_minutes,
      // No key safe code yet, and the customer may add one until the job starts (decision 050).
      accessNotes: null,
      accessNotesEditable: true,
      // The address's postcode: the reschedule dialog asks for times with its travel gap.
      postcode: 'SE22 8AB',
    });
  });

  it('a card booking not paid offers Pay now when a provider is configured, and cannot be moved late until paid', () => {
    expect(myOrderView(card, NOW).payment).toEqual({ method: 'card', status: 'awaiting_payment', payable: true, balanceDue: 80 });
    expect(myOrderView(card, NOW, false).payment).toEqual({ method: 'card', status: 'awaiting_payment', payable: false, balanceDue: 80 });
    expect(myOrderView(card, WITHIN_A_DAY).reschedule).toEqual({ allowed: false, fee: 0, reason: UNPAID_LATE_MESSAGE });
    // Cancelling late costs the same 30% (£24.00 of £80), owed since nothing was paid.
    expect(myOrderView(card, WITHIN_A_DAY).cancellation).toEqual({ allowed: true, fee: 24, freeUntil: null });
  });

  it('a series visit its saved card pays owes nothing yet: it says when the card is charged (48 hours ahead), without Pay now, until a charge is refused', () => {
    const visit = { ...card, series_id: 7, series_card_saved: true };
    const early = new Date('2030-01-06T09:00:00.000Z');
    expect(myOrderView(visit, early).payment).toEqual({ method: 'card', status: 'awaiting_payment', payable: false, balanceDue: 80, plan: { by: 'saved_card', on: '2030-01-07T10:00:00.000Z' } });
    // Within the 48 hours and not charged yet: the job charges it now.
    expect(myOrderView(visit, NOW).payment.plan).toEqual({ by: 'saved_card', on: NOW.toISOString() });
    expect(myOrderView({ ...visit, payment_failed_at: NOW }, NOW).payment).toEqual({ method: 'card', status: 'awaiting_payment', payable: true, balanceDue: 80 });
    expect(myOrderView({ ...visit, series_card_saved: false }, early).payment).toEqual({ method: 'card', status: 'awaiting_payment', payable: true, balanceDue: 80 });
    expect(myOrderView({ ...cash, status: 'completed' }, NOW).payment).not.toHaveProperty('plan');
  });

  it('a paid card booking: free to cancel until a day before, then 30% (£24.00) to cancel or move; it has a VAT invoice', () => {
    const view = myOrderView(paid(card), NOW);
    expect([view.payment, view.receipt, view.cancellation]).toEqual([
      { method: 'card', status: 'paid', payable: false, balanceDue: 0 },
      true,
      { allowed: true, fee: 0, freeUntil: '2030-01-08T10:00:00.000Z' },
    ]);
    const late = myOrderView(paid(card), WITHIN_A_DAY);
    expect([late.cancellation, late.reschedule]).toEqual([{ allowed: true, fee: 24, freeUntil: null }, { allowed: true, fee: 24, freeUntil: null }]);
  });

  it('once started, or with a cancellation requested, neither cancelling nor moving is offered, each saying why', () => {
    const started = myOrderView(cash, new Date(DUE));
    expect([started.cancellation, started.reschedule]).toEqual([
      { allowed: false, fee: 0, reason: 'The service cannot be cancelled once it has started' },
      { allowed: false, fee: 0, reason: 'The booking cannot be rescheduled once the job has started' },
    ]);
    const requested = myOrderView({ ...card, refund_status: 'pending', refund_reason: 'Moving house', refund_fee: 2400 }, NOW);
    expect(requested.refund).toEqual({ status: 'pending', reason: 'Moving house', fee: 24, amount: expect.any(Number), kept: expect.any(Number) });
    expect(requested.cancellation).toEqual({ allowed: false, fee: 0, reason: 'A cancellation was already requested for this order' });
    expect(requested.reschedule).toEqual({ allowed: false, fee: 0, reason: 'A cancellation was requested for this order' });
    // A card order with a cancellation requested no longer waits for its payment.
    expect(requested.payment).toEqual({ method: 'card', status: 'unpaid', payable: false, balanceDue: 80 });
  });

  it('an order with no time yet is free to cancel with no end, and cannot be moved', () => {
    const view = myOrderView({ ...cash, due_at: null }, NOW);
    expect([view.due, view.cancellation, view.reschedule]).toEqual([
      null,
      { allowed: true, fee: 0, freeUntil: null },
      { allowed: false, fee: 0, reason: 'This order has no booking time yet' },
    ]);
  });

  it('a completed cash job has its invoice; a visit of a series names its series', () => {
    const done = myOrderView({ ...cash, status: 'completed' }, NOW);
    expect([done.receipt, done.cancellation.allowed]).toEqual([true, false]);
    expect(myOrderView({ ...cash, series_id: 7 }, NOW).series).toBe(7);
    expect('series' in myOrderView({ ...cash, series_id: null }, NOW)).toBe(false);
    expect('series' in myOrderView({ ...cash, series_id: undefined as unknown as null }, NOW)).toBe(false);
  });

  it('a refund request without a reason or fee shows an empty reason and no fee', () => {
    expect(refundView({ ...cash, refund_status: 'rejected', refund_reason: null, refund_fee: null }, totals(cash))).toEqual({ status: 'rejected', reason: '', fee: 0, amount: 0, kept: 0 });
    expect(refundView(cash, totals(cash))).toBeNull();
    expect(orderPaymentView({ ...cash, payment_method: null }, true)).toEqual({ method: null, status: 'unpaid', payable: false, balanceDue: 80 });
  });
});

describe('the back office', () => {
  it('a row of the orders table: customer, service, total, status, times, refund and version', async () => {
    await db.query(`UPDATE orders SET status = 'completed', completed_at = $2 WHERE id = $1`, [cash.id, new Date('2030-01-09T13:00:00.000Z')]);
    const { order } = await placedOrder(db, cash.id);
    expect(adminOrderView(order)).toEqual({
      id: cash.id,
      reference: order.reference,
      user: jane.name,
      service: 'House Keeping',
      total: 80,
      status: 'completed',
      created: NOW.toISOString(),
      due: DUE,
      completed: '2030-01-09T13:00:00.000Z',
      refund: false,
      refund_status: null,
      version: order.version,
    });
    expect(adminOrderView({ ...card, refund_status: 'accepted', due_at: null })).toMatchObject({ refund: true, refund_status: 'accepted', due: null, completed: null });
  });

  it('dates are ISO 8601 in UTC, whatever they are read as', () => {
    expect(iso('2030-01-09 10:00:00+00')).toBe(DUE);
    expect(iso(new Date(DUE))).toBe(DUE);
    expect([isoOrNull(null), isoOrNull(new Date(DUE))]).toEqual([null, DUE]);
  });
});

async function text(stream: Readable): Promise<string> {
  let all = '';
  for await (const chunk of stream) all += String(chunk);
  return all;
}

let many: Promise<void> | undefined;
/** 2,345 placed orders of one customer, many@csv.test, totalling £1 to £2,345 (made once per file). */
function manyOrders(): Promise<void> {
  many ??= (async () => {
    const [customer] = await db.query<{ id: number }>(`INSERT INTO users (name, email, password_hash, roles) VALUES ('Many Orders', 'many@csv.test', 'x', ARRAY['ROLE_USER']) RETURNING id`);
    await db.query(
      `INSERT INTO orders (user_id, service_id, total, status, payment_method, due_at, checked_out_at, created_at)
       SELECT $1, $2, n * 100, 'awaiting_validation', 'cash', $3, $4, $4 FROM generate_series(1, 2345) AS n`,
      [customer!.id, serviceId, new Date(DUE), NOW],
    );
  })();
  return many;
}

const HEADER = 'Order id,Name,Service Name,Price (GBP),State,Service Date,Date of complete,Refund,Address,City,Postcode,Phone,Team,Payment method,Payment status,Invoice';

describe('the CSV export of the orders table', () => {
  it('one line per order of the filter, in the table\'s order, UK times, "Not yet" until completed', async () => {
    const [olu] = await db.query<AuthUser>(`INSERT INTO users (name, email, password_hash, roles) VALUES ('Olu "The Boss", Jr', 'olu@csv.test', 'x', ARRAY['ROLE_USER']) RETURNING id, name, email, roles`);
    const first = await book(olu!, serviceId, items, { date: '2030-07-09', time: '10:00', now: NOW });
    const second = await book(olu!, serviceId, items, { date: '2030-01-10', time: '14:30', now: NOW });
    const third = await book(olu!, serviceId, items, { date: '2030-01-11', time: '09:00', now: NOW });
    await db.query(`UPDATE orders SET status = 'completed', completed_at = '2030-07-09T12:15:00Z', total = 123450 WHERE id = $1`, [first]);
    await db.query(`INSERT INTO refund_requests (order_id, reason, fee, status, requested_at) VALUES ($1, 'Moving', 0, 'pending', $2)`, [second, NOW]);
    await db.query('UPDATE orders SET due_at = NULL WHERE id = $1', [third]);
    // The "Order id" column holds each order's reference, the number people read (decision 073).
    const referenceOf = async (id: number) => (await db.query<{ reference: number }>('SELECT reference FROM orders WHERE id = $1', [id]))[0]!.reference;
    const [one, two, three] = [await referenceOf(first), await referenceOf(second), await referenceOf(third)];
    const csv = await text(ordersCsvStream(db, { q: 'olu@csv.test', sort: 'id', order: 'asc' }));
    expect(csv.split('\r\n')).toEqual([
      HEADER,
      // Summer: 10:00 BST.
      `${one},"Olu ""The Boss"", Jr",House Keeping,1234.50,completed,2030-07-09 10:00,2030-07-09 13:15,,1 Test Street,London,SE22 8AB,020 7946 0000,Team A,cash,unpaid,`,
      `${two},"Olu ""The Boss"", Jr",House Keeping,80.00,awaiting_validation,2030-01-10 14:30,Not yet,pending,1 Test Street,London,SE22 8AB,020 7946 0000,Team A,cash,unpaid,`,
      `${three},"Olu ""The Boss"", Jr",House Keeping,80.00,awaiting_validation,,Not yet,,1 Test Street,London,SE22 8AB,020 7946 0000,Team A,cash,unpaid,`,
      '',
    ]);
    const newestFirst = await text(ordersCsvStream(db, { q: 'olu@csv.test', sort: 'id', order: 'desc' }));
    expect(newestFirst.split('\r\n').map((line) => line.split(',')[0])).toEqual(['Order id', String(three), String(two), String(one), '']);
  });

  it('a filter that matches nothing is the header alone', async () => {
    expect(await text(ordersCsvStream(db, { q: 'nobody-at-all@csv.test' }))).toBe(`${HEADER}\r\n`);
  });

  it('exports every row of a large filter, a thousand at a time, none missed or repeated', async () => {
    await manyOrders();
    // The statements the export sends, as the seam sees them: one cursor, a FETCH per thousand and the empty one, CLOSE.
    const statements: string[] = [];
    const recording = (inner: Database): Database => ({
      ...inner,
      query: (sql, params) => {
        statements.push(sql.trim().split(/\s+/)[0]!.toUpperCase());
        return inner.query(sql, params);
      },
      transaction: (fn) => inner.transaction((tx) => fn(recording(tx))),
    });
    const lines = (await text(ordersCsvStream(recording(db), { q: 'many@csv.test', sort: 'total', order: 'asc' }))).split('\r\n');
    expect(statements.filter((statement) => statement !== 'BEGIN' && statement !== 'COMMIT')).toEqual(['DECLARE', 'FETCH', 'FETCH', 'FETCH', 'FETCH', 'CLOSE']);
    expect(lines).toHaveLength(2345 + 2);
    expect(lines.slice(1, -1).map((line) => Number(line.split(',')[3]))).toEqual(Array.from({ length: 2345 }, (_, i) => i + 1));
    expect(new Set(lines.slice(1, -1).map((line) => line.split(',')[0])).size).toBe(2345);
  });

  it('a client that goes away ends the export: the database answers the next request', async () => {
    await manyOrders();
    const stream = ordersCsvStream(db, { q: 'many@csv.test' });
    // Take the header, then stop reading once the first thousand rows wait in the stream: the
    // export now waits for the client, who leaves.
    await once(stream, 'readable');
    if (stream.readableLength <= HEADER.length + 2) {
      expect(String(stream.read())).toBe(`${HEADER}\r\n`);
      await once(stream, 'readable');
    }
    expect(stream.readableLength).toBeGreaterThan(16_384);
    stream.destroy();
    expect(await db.query<{ n: number }>('SELECT 1 AS n')).toEqual([{ n: 1 }]);
    expect(await db.query("SELECT name FROM pg_cursors WHERE name = 'orders_csv'")).toEqual([]);
  });

  it('a query the database refuses ends the stream with its error', async () => {
    const broken = ordersCsvStream(db, { service: 'not-a-number' } as unknown as OrderListQuery);
    await expect(text(broken)).rejects.toThrow(/integer/i);
    expect(await db.query<{ n: number }>('SELECT 1 AS n')).toEqual([{ n: 1 }]);
  });

  it('quotes cells as RFC 4180 asks, and defuses what a spreadsheet would run as a formula', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('carriage\rreturn')).toBe('"carriage\rreturn"');
    expect(csvCell('=SUM(A1:A9)')).toBe("'=SUM(A1:A9)");
    expect(csvCell('+44 20 7946 0000')).toBe("'+44 20 7946 0000");
    expect(csvCell('-cmd')).toBe("'-cmd");
    expect(csvCell('@here')).toBe("'@here");
    expect(csvCell('\tindented')).toBe("'\tindented");
    expect(csvCell('\r=1')).toBe('"\'\r=1"');
    expect(csvCell('=1,2')).toBe('"\'=1,2"');
    // Numbers, negative ones too, stay numbers.
    expect([csvCell('-12.50'), csvCell('-3'), csvCell('12.50'), csvCell('+3')]).toEqual(['-12.50', '-3', '12.50', "'+3"]);
    expect([csvCell('-12.'), csvCell('-1e5'), csvCell('a=1')]).toEqual(["'-12.", "'-1e5", 'a=1']);
  });
});
