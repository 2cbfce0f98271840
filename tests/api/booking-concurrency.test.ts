import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inDaysAtTen, adminOrderRow, bookedOrder, catalogue, checkoutBody, placeOrder, send, type Catalogue } from './booking-fixtures';
import { startTestServer, type TestCustomer, type TestServer } from './support/test-server';

/**
 * Simultaneous requests that race for one change: exactly one wins, the others get the contract's
 * answer. On PostgreSQL (DATABASE_URL) they really run in parallel on pooled connections.
 */
let server: TestServer;
let admin: string;
let jane: TestCustomer;
let house: Catalogue;

const inAWeek = () => inDaysAtTen(7);
const statuses = (answers: Array<{ status: number }>) => answers.map((answer) => answer.status).sort();

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.adminToken();
  jane = await server.createCustomer({ name: 'Jane Races' });
  house = await catalogue(server, jane.token);
});
afterAll(async () => server?.close());

describe('racing requests', () => {
  it('checks an order out exactly once when five checkouts arrive together', async () => {
    const order = await placeOrder(server, jane.token, house);
    const mails = (await server.outbox()).length;
    const answers = await Promise.all(
      ['cash', 'card', 'cash', 'card', 'cash'].map((payment) =>
        send(server, 'POST', '/services/order/checkout', { token: jane.token, body: checkoutBody(order.id, inAWeek(), payment as 'cash') }),
      ),
    );
    expect(statuses(answers)).toEqual([200, 409, 409, 409, 409]);
    expect((await server.outbox()).length).toBe(mails + 1);
    expect((await adminOrderRow(server, admin, order.id)).version).toBe(1);
  });

  it('answers the same to simultaneous retries with one Idempotency-Key', async () => {
    const order = await placeOrder(server, jane.token, house);
    const body = checkoutBody(order.id, inAWeek(), 'card');
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => send(server, 'POST', '/services/order/checkout', { token: jane.token, body, headers: { 'Idempotency-Key': 'race-key-0001' } })),
    );
    expect(statuses(answers)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
  });

  it('records one refund request when two arrive together', async () => {
    const order = await bookedOrder(server, jane.token, house);
    const answers = await Promise.all(
      ['First', 'Second'].map((reason) => send(server, 'POST', `/services/refund-request/${order.id}`, { token: jane.token, body: { reason } })),
    );
    expect(statuses(answers)).toEqual([201, 409]);
  });

  it('lets one of two admins decide a refund when they disagree at the same moment', async () => {
    const order = await bookedOrder(server, jane.token, house);
    expect((await send(server, 'POST', `/services/refund-request/${order.id}`, { token: jane.token, body: { reason: 'Race' } })).status).toBe(201);
    const answers = await Promise.all(
      (['accepted', 'rejected'] as const).map((status) => send(server, 'PUT', '/admin/refund/status', { token: admin, body: { status, order: order.id, version: 0 } })),
    );
    expect(statuses(answers)).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.status === 200)!.body.status;
    expect((await adminOrderRow(server, admin, order.id)).status).toBe(winner === 'accepted' ? 'cancelled' : 'awaiting_validation');
  });

  it('keeps one of two status updates made from the same version; the other gets 409', async () => {
    const order = await bookedOrder(server, jane.token, house);
    const answers = await Promise.all(
      (['completed', 'cancelled'] as const).map((status) =>
        send(server, 'PUT', `/admin/order/update/${status}/${order.id}`, { token: admin, body: { status, version: 1 } }),
      ),
    );
    expect(statuses(answers)).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.status === 200)!.body;
    expect(await adminOrderRow(server, admin, order.id)).toEqual(winner);
  });
});
