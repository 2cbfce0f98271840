/**
 * Issue 23 leftovers, decision 045: every amount refunded through the payment provider is read from
 * the order's ledger. A staff credit on a card-paid order is refunded; a cancellation gives back a
 * late fee paid after checkout (from its own provider payment), never more than was paid; requests
 * at the same moment never refund twice. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { describe, expect, it } from 'vitest';
import { checkout, checkoutBody, HOUR, londonDue, myOrder, payOnTestPage, pence, placeOrder, send } from './booking-fixtures';
import { shopForFile } from './support/shop-for-file';
import type { TestCustomer } from './support/test-server';

const START = '2030-01-07T12:00:00.000Z';
const DAY = 24 * HOUR;
const { server, admin, house, travelTo } = shopForFile({ start: START, customer: 'Jane Refunded' });

/** 10:00 UK time (winter) `day` days after START. */
const dueOf = (day: number) => new Date(new Date(START).getTime() + day * DAY - 2 * HOUR);

async function paidCardOrder(customer: TestCustomer, day: number) {
  const order = await placeOrder(server, customer.token, house, [2, 1]);
  const { data, response } = await checkout(server, customer.token, checkoutBody(order.id, dueOf(day), 'card'));
  expect(response.status).toBe(200);
  await payOnTestPage(server, data!.shippingInfo!);
  return { id: order.id, total: pence(order.total) };
}

/** What the provider took and gave back for an order, in pence, payment by payment. */
async function provider(orderId: number) {
  const rows = await server.db.query<{ amount: string; refunded_amount: string }>(
    `SELECT amount::text, refunded_amount::text FROM payment_sessions WHERE order_id = $1 AND status = 'paid' ORDER BY created_at`, [orderId]);
  return rows.map((row) => ({ paid: Number(row.amount), refunded: Number(row.refunded_amount) }));
}

/** The ledger's money lines of an order, in pence. */
async function moved(orderId: number) {
  const rows = await server.db.query<{ kind: string; amount: number }>(
    `SELECT kind, amount FROM order_ledger WHERE order_id = $1 AND kind IN ('payment', 'refund') ORDER BY id`, [orderId]);
  const sum = (kind: string) => rows.filter((row) => row.kind === kind).reduce((all, row) => all + Number(row.amount), 0);
  return { paid: sum('payment'), refunded: sum('refund'), refunds: rows.filter((row) => row.kind === 'refund').length };
}

const credit = (orderId: number, amountPence: number) =>
  send(server, 'POST', `/admin/order/${orderId}/adjustments`, { token: admin.token, body: { amount: -amountPence / 100, reason: 'Window missed' } });

describe('a staff credit on a card-paid order is refunded through the provider', () => {
  it('gives back the credit, once, and the order then owes nothing either way', async () => {
    const kim = await server.createCustomer({ name: 'Kim Credited' });
    await travelTo(new Date(START), kim);
    const order = await paidCardOrder(kim, 10);
    const adjusted = await credit(order.id, 500);
    expect(adjusted.status, JSON.stringify(adjusted.body)).toBe(200);
    expect(adjusted.body.payment).toEqual({ paid: order.total / 100, balanceDue: 0, failure: null });
    expect(await provider(order.id)).toEqual([{ paid: order.total, refunded: 500 }]);
    expect(await moved(order.id)).toEqual({ paid: order.total, refunded: 500, refunds: 1 });
    // A second credit is a second refund of the same payment.
    expect((await credit(order.id, 250)).status).toBe(200);
    expect(await provider(order.id)).toEqual([{ paid: order.total, refunded: 750 }]);
    const mine = await myOrder(server, kim.token, order.id);
    expect([pence(mine.total), mine.payment.status, mine.payment.balanceDue]).toEqual([order.total - 750, 'paid', 0]);
  });

  it('refunds what the ledger owes, not the credit: a credit against an unpaid late fee gives back only the rest', async () => {
    const lee = await server.createCustomer({ name: 'Lee Latefee' });
    await travelTo(new Date(START), lee);
    const order = await paidCardOrder(lee, 3);
    await travelTo(new Date(dueOf(3).getTime() - 20 * HOUR), lee);
    const fee = Math.round((order.total * 30) / 100);
    const movedLate = await send(server, 'POST', `/services/order/${order.id}/reschedule`, { token: lee.token, body: { ...londonDue(dueOf(10)), fee: fee / 100 } });
    expect(movedLate.status, JSON.stringify(movedLate.body)).toBe(200);
    // The fee is not paid; a credit of the fee and £3 more owes the customer £3 of what they paid.
    expect((await credit(order.id, fee + 300)).status).toBe(200);
    expect(await moved(order.id)).toEqual({ paid: order.total, refunded: 300, refunds: 1 });
    expect((await myOrder(server, lee.token, order.id)).payment.balanceDue).toBe(0);
  });
});

describe('a cancellation refund gives back what was paid, from each payment', () => {
  it('a late fee paid after checkout is refunded with the booking when cancelling is free again', async () => {
    const max = await server.createCustomer({ name: 'Max Moved' });
    await travelTo(new Date(START), max);
    const order = await paidCardOrder(max, 4);
    await travelTo(new Date(dueOf(4).getTime() - 20 * HOUR), max);
    const fee = Math.round((order.total * 30) / 100);
    const late = await send(server, 'POST', `/services/order/${order.id}/reschedule`, { token: max.token, body: { ...londonDue(dueOf(12)), fee: fee / 100 } });
    expect(late.status, JSON.stringify(late.body)).toBe(200);
    const pay = await send(server, 'POST', `/services/order/${order.id}/pay`, { token: max.token });
    expect(pay.status, JSON.stringify(pay.body)).toBe(200);
    await payOnTestPage(server, pay.body.shippingInfo);
    expect(await moved(order.id)).toEqual({ paid: order.total + fee, refunded: 0, refunds: 0 });

    // A week before the new time, cancelling is free: everything paid comes back, from both payments.
    const asked = await send(server, 'POST', `/services/refund-request/${order.id}`, { token: max.token, body: { reason: 'Moving house' } });
    expect([asked.status, asked.body.fee]).toEqual([201, 0]);
    const decided = await send(server, 'PUT', '/admin/refund/status', { token: admin.token, body: { status: 'accepted', order: order.id } });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(pence(decided.body.refunded)).toBe(order.total + fee);
    expect(await provider(order.id)).toEqual([{ paid: order.total, refunded: order.total }, { paid: fee, refunded: fee }]);
    expect(await moved(order.id)).toEqual({ paid: order.total + fee, refunded: order.total + fee, refunds: 2 });
    // Accepting again refunds nothing more.
    expect((await send(server, 'PUT', '/admin/refund/status', { token: admin.token, body: { status: 'accepted', order: order.id } })).status).toBe(200);
    expect((await moved(order.id)).refunded).toBe(order.total + fee);
  });

  it('a credit refunded before the cancellation is not refunded again', async () => {
    const ned = await server.createCustomer({ name: 'Ned Twice' });
    await travelTo(new Date(START), ned);
    const order = await paidCardOrder(ned, 20);
    expect((await credit(order.id, 400)).status).toBe(200);
    expect((await send(server, 'POST', `/services/refund-request/${order.id}`, { token: ned.token, body: { reason: 'No longer needed' } })).status).toBe(201);
    const decided = await send(server, 'PUT', '/admin/refund/status', { token: admin.token, body: { status: 'accepted', order: order.id } });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(pence(decided.body.refunded)).toBe(order.total - 400);
    expect(await provider(order.id)).toEqual([{ paid: order.total, refunded: order.total }]);
  });
});

describe('requests at the same moment never refund more than was paid, nor charge twice', () => {
  it('four credits at once: each refunded once, the sum never above what was paid', async () => {
    const ola = await server.createCustomer({ name: 'Ola Racing' });
    await travelTo(new Date(START), ola);
    const order = await paidCardOrder(ola, 21);
    const answers = await Promise.all([credit(order.id, 300), credit(order.id, 300), credit(order.id, 300), credit(order.id, 300)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    // A credit whose refund lost the race to another's key is refunded by the next request that reads the ledger.
    expect((await credit(order.id, 1)).status).toBe(200);
    const after = await moved(order.id);
    expect(after.refunded).toBe(1201);
    expect(after.refunded).toBeLessThanOrEqual(after.paid);
    expect(await provider(order.id)).toEqual([{ paid: order.total, refunded: 1201 }]);
    expect((await myOrder(server, ola.token, order.id)).payment.balanceDue).toBe(0);
  });

  it('a refund decision accepted twice at once, and a staff charge beside it: refunded once, the charge asked for once', async () => {
    const pia = await server.createCustomer({ name: 'Pia Parallel' });
    await travelTo(new Date(START), pia);
    const order = await paidCardOrder(pia, 22);
    expect((await send(server, 'POST', `/services/refund-request/${order.id}`, { token: pia.token, body: { reason: 'Changed my mind' } })).status).toBe(201);
    const accept = () => send(server, 'PUT', '/admin/refund/status', { token: admin.token, body: { status: 'accepted', order: order.id } });
    const [first, second, charge] = await Promise.all([accept(), accept(),
      send(server, 'POST', `/admin/order/${order.id}/adjustments`, { token: admin.token, body: { amount: 12.34, reason: 'Oven' } })]);
    expect([first.status, second.status]).toEqual([200, 200]);
    // The charge either came first (then the cancellation refused it: no change of a cancelled order) or was refused.
    expect([200, 409]).toContain(charge.status);
    const after = await moved(order.id);
    expect(after.refunded).toBeLessThanOrEqual(after.paid);
    // Everything paid comes back, less a charge added just before the decision (then owed on the
    // order, decision 045): never the same money twice.
    expect([order.total, order.total - 1234]).toContain(after.refunded);
    expect(await provider(order.id)).toEqual([{ paid: order.total, refunded: after.refunded }]);
    const sessions = await server.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM payment_sessions WHERE order_id = $1', [order.id]);
    expect(sessions[0]!.n).toBeLessThanOrEqual(2);
  });
});
