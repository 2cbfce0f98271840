import { describe, expect, it } from 'vitest';
import { adminOrderRow, checkout, checkoutBody, HOUR, myOrder, payOnTestPage, pence, placeOrder, send, stats } from './booking-fixtures';
import { shopForFile } from './support/shop-for-file';

const START = '2030-01-07T12:00:00.000Z';
const { clock, inHours, server, admin, jane, house } = shopForFile({ start: START, customer: 'Jane Refund' });

/**
 * A booked order of Jane's with a pending cancellation request, made `hoursBefore` the job (a booking
 * needs 24 hours' notice, so a late request is made by moving the clock; tokens last 12 hours).
 */
async function orderWithRequest(hoursBefore = 48, payment: 'cash' | 'paid card' = 'cash') {
  const order = await placeOrder(server, jane.token, house, [2, 3]);
  // At least 26 hours ahead of the clock's 12:00 UK: the job starts by 14:00, well within opening
  // hours (decision 015), and a late request needs the clock moved less than a token's 12 hours.
  const lead = Math.max(hoursBefore, 26);
  const checkedOut = await checkout(server, jane.token, checkoutBody(order.id, inHours(lead), payment === 'cash' ? 'cash' : 'card'));
  expect(checkedOut.response.status).toBe(200);
  if (payment === 'paid card') await payOnTestPage(server, checkedOut.data!.shippingInfo!);
  clock.advance((lead - hoursBefore) * HOUR);
  try {
    const request = await send(server, 'POST', `/services/refund-request/${order.id}`, { token: jane.token, body: { reason: 'Moving out early' } });
    expect(request.status).toBe(201);
    return { ...order, fee: request.body.fee as number };
  } finally {
    clock.set(START);
  }
}

const decide = (order: number, status: 'accepted' | 'rejected', version?: number) =>
  send(server, 'PUT', '/admin/refund/status', { token: admin.token, body: version === undefined ? { status, order } : { status, order, version } });

describe('GET /admin/refunds/ (listRefunds)', () => {
  it('lists the requests newest first with customer name, dates, fee and version', async () => {
    const order = await orderWithRequest();
    const { data } = await server.api.GET('/admin/refunds/', { headers: server.bearer(admin.token) });
    expect(data?.[0]).toEqual({
      order_id: order.id,
      reference: expect.any(Number),
      // Nothing was paid: accepting refunds nothing and keeps nothing (decision 070).
      amount: 0,
      kept: 0,
      reason: 'Moving out early',
      status: 'pending',
      order_date: START,
      refund_date: START,
      name: 'Jane Refund',
      fee: 0,
      refunded: null,
      version: 0,
    });
  });
});

describe('PUT /admin/refund/status (updateRefundStatus)', () => {
  it('accepting cancels a paid order and refunds the whole total through the provider when the fee is 0', async () => {
    const order = await orderWithRequest(48, 'paid card');
    const before = await stats(server, admin.token);
    const answer = await decide(order.id, 'accepted', 0);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ order_id: order.id, status: 'accepted', fee: 0, refunded: order.total, version: 1 });

    const after = await stats(server, admin.token);
    expect(pence(after.refunded) - pence(before.refunded)).toBe(pence(order.total));
    expect(after.cancelled - before.cancelled).toBe(1);
    expect(after.inqueue - before.inqueue).toBe(-1);
    // A cancelled order earns nothing: its revenue goes.
    expect(pence(before.revenue) - pence(after.revenue)).toBe(pence(order.total));
    expect(await adminOrderRow(server, admin.token, order.id)).toMatchObject({ status: 'cancelled', refund: true });
    expect(await myOrder(server, jane.token, order.id)).toMatchObject({
      status: 'cancelled',
      refund: { status: 'accepted', fee: 0 },
      cancellation: { allowed: false, reason: 'This order is already cancelled' },
    });
    const { data: detail } = await server.api.GET('/admin/order/{id}', { params: { path: { id: order.id } }, headers: server.bearer(admin.token) });
    expect(detail?.history.map(({ actor, action, from, to }) => [actor, action, from, to])).toEqual([
      ['Jane Refund', 'order.checkout', null, 'card'],
      ['Jane Refund', 'order.team', null, expect.stringMatching(/^Team /)],
      ['Test payment provider', 'order.paid', 'awaiting_validation', 'payment_validated'],
      ['Jane Refund', 'order.refund_request', null, 'pending'],
      ['Sam Admin', 'refund.status', 'pending', 'accepted'],
      ['Sam Admin', 'order.status', 'payment_validated', 'cancelled'],
    ]);
  });

  it("accepting the demo data's pending cancellation (a paid card order) refunds it through the provider", async () => {
    // What an administrator meets first on `npm start`: it answered 502, the seed had no payment for it.
    const pending = await send(server, 'GET', '/admin/refunds/?status=pending&limit=100', { token: admin.token });
    const demo = (pending.body as { order_id: number; reason: string; fee: number }[]).find((row) => row.reason === 'We are moving house earlier than planned.');
    expect(demo).toBeDefined();
    const before = await stats(server, admin.token);
    const answer = await decide(demo!.order_id, 'accepted');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ order_id: demo!.order_id, status: 'accepted' });
    expect(answer.body.refunded).toBeGreaterThan(0);
    const after = await stats(server, admin.token);
    expect(pence(after.refunded) - pence(before.refunded)).toBe(pence(answer.body.refunded));
  });

  it('accepting a late cancellation of an order never paid (cash) cancels it and refunds £0; the 30% fee is owed, nothing added to Total Refound (decision 032)', async () => {
    const order = await orderWithRequest(22);
    expect(pence(order.fee)).toBe(Math.round((pence(order.total) * 30) / 100));
    const before = await stats(server, admin.token);
    const answer = await decide(order.id, 'accepted');
    expect(answer).toMatchObject({ status: 200, body: { status: 'accepted', fee: order.fee, refunded: 0, amount: 0, kept: 0 } });
    const after = await stats(server, admin.token);
    expect(after.refunded).toBe(before.refunded);
    expect(after.cancelled - before.cancelled).toBe(1);
    // Issue 33 row 1 (decision 070): the fee is owed on the order's ledger, its amount due on My orders and the order page.
    const mine = await myOrder(server, jane.token, order.id);
    expect([mine.status, pence(mine.total), mine.payment.status, pence(mine.payment.balanceDue)]).toEqual(['cancelled', pence(order.fee), 'balance_due', pence(order.fee)]);
    expect([mine.refund!.amount, mine.refund!.kept]).toEqual([0, 0]);
    const { body: detail } = await send(server, 'GET', `/admin/order/${order.id}`, { token: admin.token });
    expect((detail.lines as Array<{ kind: string; name: string; amount: number }>).filter((line) => line.kind === 'fee')).toEqual([expect.objectContaining({ name: 'Late cancellation fee', amount: order.fee })]);
    expect(pence(detail.payment.balanceDue)).toBe(pence(order.fee));
  });

  it('accepting a late cancellation of a paid order refunds the total less the 30% fee', async () => {
    const order = await orderWithRequest(22, 'paid card');
    const expectedFee = Math.round((pence(order.total) * 30) / 100);
    expect(pence(order.fee)).toBe(expectedFee);
    const before = await stats(server, admin.token);
    // Issue 33 row 7: while pending, the list names what accepting refunds and keeps; the answer what it did.
    const pending = (await send(server, 'GET', '/admin/refunds/?status=pending&limit=100', { token: admin.token })).body as Array<{ order_id: number; amount: number; kept: number }>;
    expect(pending.find((row) => row.order_id === order.id)).toMatchObject({ amount: (pence(order.total) - expectedFee) / 100, kept: expectedFee / 100 });
    const decided = await decide(order.id, 'accepted');
    expect(decided).toMatchObject({ status: 200, body: { amount: (pence(order.total) - expectedFee) / 100, kept: expectedFee / 100 } });
    const after = await stats(server, admin.token);
    expect(pence(after.refunded) - pence(before.refunded)).toBe(pence(order.total) - expectedFee);
  });

  it('rejecting leaves the order as it was and refunds nothing', async () => {
    const order = await orderWithRequest();
    const [rowBefore, statsBefore] = [await adminOrderRow(server, admin.token, order.id), await stats(server, admin.token)];
    const answer = await decide(order.id, 'rejected');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'rejected', version: 1 });
    // The same order; only its refund marker follows the decision.
    expect(rowBefore.refund_status).toBe('pending');
    expect(await adminOrderRow(server, admin.token, order.id)).toEqual({ ...rowBefore, refund_status: 'rejected' });
    expect(await stats(server, admin.token)).toEqual(statsBefore);
    expect((await myOrder(server, jane.token, order.id)).refund?.status).toBe('rejected');
  });

  it('deciding again with the same status changes nothing; the other status answers 409', async () => {
    const order = await orderWithRequest();
    const first = await decide(order.id, 'accepted');
    const statsAfterFirst = await stats(server, admin.token);
    const again = await decide(order.id, 'accepted', 0);
    expect(again).toEqual(first);
    expect(await stats(server, admin.token)).toEqual(statsAfterFirst);
    expect(await decide(order.id, 'rejected')).toEqual({ status: 409, body: { message: 'This refund request was already accepted' } });

    const rejectedOne = await orderWithRequest();
    expect((await decide(rejectedOne.id, 'rejected')).status).toBe(200);
    expect(await decide(rejectedOne.id, 'accepted')).toEqual({ status: 409, body: { message: 'This refund request was already rejected' } });
    expect((await adminOrderRow(server, admin.token, rejectedOne.id)).status).toBe('awaiting_validation');
  });

  it('refuses a stale version with 409', async () => {
    const order = await orderWithRequest();
    expect(await decide(order.id, 'accepted', 3)).toEqual({
      status: 409,
      body: { message: 'This refund request was changed by someone else, reload and try again' },
    });
    expect((await adminOrderRow(server, admin.token, order.id)).status).toBe('awaiting_validation');
  });

  it('answers 404 for an order without a request and for an unknown order', async () => {
    const order = await placeOrder(server, jane.token, house);
    expect(await decide(order.id, 'accepted')).toEqual({ status: 404, body: { message: 'Refund request not found' } });
    expect(await decide(999999, 'accepted')).toEqual({ status: 404, body: { message: 'Refund request not found' } });
  });

  it.each([
    ['a status of pending', { status: 'pending', order: 1 }],
    ['no order', { status: 'accepted' }],
    ['an order as a string', { status: 'accepted', order: '1' }],
    ['an extra field', { status: 'accepted', order: 1, refunded: 10 }],
  ])('answers 400 with a message for %s', async (_label, body) => {
    const answer = await send(server, 'PUT', '/admin/refund/status', { token: admin.token, body });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toEqual(expect.any(String));
  });
});
