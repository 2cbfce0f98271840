import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../server/app-context';
import type { Database } from '../../server/db/database';
import { addCustomerNote } from '../../server/services/customers';
import { getOrder, lifecycleRefusal, STALE_ORDER_MESSAGE, updateOrderStatus } from '../../server/services/orders-admin';
import { createOrder } from '../../server/services/orders';
import type { TestDatabase } from '../api/support/test-database';
import { bookings, orderHistory } from './support/booking';
import { houseKeepingDatabase, seededUser } from './support/own-database';
import { refused } from './support/refused';

/**
 * The back office's order page and status changes (docs/business-rules.md, "Order lifecycle"): everything about one
 * order with its history and the customer's staff notes; a status moved along the lifecycle once,
 * by whom, refused when someone else changed the order first or when the lifecycle does not allow
 * it. On a real seeded PGlite.
 */
const NOW = new Date('2030-01-07T12:00:00.000Z'); // a Monday, winter (UK time = UTC)
const HOUR = 3_600_000;
/** Mails are not read here: the outbox a status change may write a cash job's VAT invoice to. */
const OUTBOX = { add: async () => {}, site: { publicUrl: 'http://localhost:3000', vatNumber: 'GB 123 4567 89' } };

let testDb: TestDatabase;
let db: Database;
let jane: AuthUser;
let admin: AuthUser;
let serviceId: number;
let twoBedrooms: Array<{ id: number; quantity: number }>;
const { book } = bookings(() => db, NOW);
let day = 9;

/** A cash booking checked out at `time` UK on a day of its own. */
const booked = (time = '10:00') => book(jane, serviceId, twoBedrooms, { date: `2030-01-${String(day++).padStart(2, '0')}`, time, now: NOW });
const version = async (id: number) => (await db.query<{ version: number }>('SELECT version FROM orders WHERE id = $1', [id]))[0]!.version;

beforeAll(async () => {
  ({ testDb, db, jane, serviceId, twoBedrooms } = await houseKeepingDatabase());
  admin = await seededUser(db, 'admin@sparkle.test');
}, 60_000);

afterAll(async () => {
  await testDb?.dispose();
});

describe('the order page', () => {
  it('shows the booking, its items, the customer, the history oldest first and the staff notes', async () => {
    const id = await booked('10:30');
    await addCustomerNote(db, admin, jane.id, 'Key in safe 1234', NOW);
    const detail = await getOrder(db, id);
    expect(detail).toMatchObject({
      order_id: id,
      service: 'House Keeping',
      dueTime: '2030-01-09T10:30:00.000Z',
      status: 'awaiting_validation',
      payment_method: 'cash',
      ordered_at: NOW.toISOString(),
      completed: null,
      total: 50,
      user: jane.name,
      email: jane.email,
      phone: '020 7946 0000',
      address: '1 Test Street',
      city: 'London',
      codePostal: 'SE22 8AB',
      note: '',
      refund: null,
      customer_id: jane.id,
    });
    expect(detail.items).toEqual([{ name: 'Bedroom', quantity: 2, unit_price: 25, total_price: 50 }]);
    expect(detail.history.map((entry) => [entry.actor, entry.action, entry.from, entry.to, entry.at])).toEqual([
      [jane.name, 'order.checkout', null, 'cash', NOW.toISOString()],
      [jane.name, 'order.team', null, 'Team A', NOW.toISOString()],
    ]);
    expect(detail.staff_notes).toEqual([expect.objectContaining({ body: 'Key in safe 1234', author: admin.name, created: NOW.toISOString() })]);
  });

  it('is 404 for an order that does not exist', async () => {
    await refused(getOrder(db, 987_654), 404, 'Order not found');
  });
});

describe('changing the status', () => {
  it('moves the order once, in its history with who and when; the same status again changes nothing', async () => {
    const id = await booked();
    const later = new Date(NOW.getTime() + HOUR);
    const view = await updateOrderStatus(db, admin, id, 'payment_validated', { status: 'payment_validated' }, later, OUTBOX);
    expect(view).toMatchObject({ id, status: 'payment_validated', completed: null, refund: false, refund_status: null });
    expect(await orderHistory(db, id, 'order.status')).toEqual([[admin.name, 'awaiting_validation', 'payment_validated']]);
    const at = await db.query<{ at: Date }>("SELECT at FROM audit_log WHERE order_id = $1 AND action = 'order.status'", [id]);
    expect(at[0]!.at.toISOString()).toBe(later.toISOString());
    const again = await updateOrderStatus(db, admin, id, 'payment_validated', { status: 'payment_validated' }, later, OUTBOX);
    expect(again.version).toBe(view.version);
    expect(await orderHistory(db, id, 'order.status')).toHaveLength(1);
  });

  it('is refused when the path and the body disagree, for an unknown order, and when someone else changed it first', async () => {
    const id = await booked();
    await refused(updateOrderStatus(db, admin, id, 'completed', { status: 'cancelled' }, NOW, OUTBOX), 400, 'The status in the path and in the body must be the same');
    await refused(updateOrderStatus(db, admin, 987_654, 'cancelled', { status: 'cancelled' }, NOW, OUTBOX), 404, 'Order not found');
    const seen = await version(id);
    await updateOrderStatus(db, admin, id, 'payment_validated', { status: 'payment_validated', version: seen }, NOW, OUTBOX);
    await refused(updateOrderStatus(db, admin, id, 'cancelled', { status: 'cancelled', version: seen }, NOW, OUTBOX), 409, STALE_ORDER_MESSAGE);
    expect((await getOrder(db, id)).status).toBe('payment_validated');
  });

  it('completes a job from the minute it starts, not before (in UK words), and keeps when it was completed', async () => {
    const id = await booked('10:00');
    const start = new Date((await getOrder(db, id)).dueTime!);
    await refused(
      updateOrderStatus(db, admin, id, 'completed', { status: 'completed' }, new Date(start.getTime() - 60_000), OUTBOX),
      409,
      // January: UK time is UTC.
      `This order cannot be marked completed before its service starts (${start.toISOString().slice(0, 10)} 10:00 UK time)`,
    );
    const done = await updateOrderStatus(db, admin, id, 'completed', { status: 'completed' }, start, OUTBOX);
    expect([done.status, done.completed]).toEqual(['completed', start.toISOString()]);
    // A completion made by mistake can be set back; the time it was done goes with it.
    const back = await updateOrderStatus(db, admin, id, 'payment_validated', { status: 'payment_validated' }, start, OUTBOX);
    expect([back.status, back.completed]).toEqual(['payment_validated', null]);
  });

  it('a cancelled order is final', async () => {
    const id = await booked();
    await updateOrderStatus(db, admin, id, 'cancelled', { status: 'cancelled' }, NOW, OUTBOX);
    await refused(updateOrderStatus(db, admin, id, 'awaiting_validation', { status: 'awaiting_validation' }, NOW, OUTBOX), 409, 'This order is cancelled: its status cannot change any more');
  });

  it('the lifecycle: a draft cannot be completed; a summer start is told in UK time', async () => {
    const draft = await createOrder(db, jane, { service: serviceId, items: twoBedrooms }, NOW);
    const row = (await db.query<{ status: 'awaiting_validation'; due_at: Date | null; checked_out_at: Date | null }>(
      'SELECT status, due_at, checked_out_at FROM orders WHERE id = $1', [draft.id],
    ))[0]!;
    expect(lifecycleRefusal(row, 'completed', NOW, 'admin')).toBe('This order has not been checked out: it cannot be completed');
    expect(lifecycleRefusal({ ...row, checked_out_at: NOW }, 'completed', NOW, 'admin')).toBe('This order has not been checked out: it cannot be completed');
    expect(lifecycleRefusal({ ...row, due_at: NOW }, 'completed', NOW, 'admin')).toBe('This order has not been checked out: it cannot be completed');
    const summer = new Date('2030-07-01T09:00:00.000Z');
    expect(lifecycleRefusal({ status: 'awaiting_validation', checked_out_at: NOW, due_at: summer }, 'completed', NOW, 'admin')).toBe(
      'This order cannot be marked completed before its service starts (2030-07-01 10:00 UK time)',
    );
    expect(lifecycleRefusal({ status: 'awaiting_validation', checked_out_at: NOW, due_at: summer }, 'payment_validated', NOW, 'admin')).toBeNull();
  });
});
