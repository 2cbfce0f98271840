/**
 * Issue 26 item 6 (decision 042): the revenue report's month is the sum of the VAT invoices issued in
 * it less its credit notes, in UK months (an invoice at 00:30 BST on 1 July is July's).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Receipt, RevenueReport } from '../../openapi/schema';
import { catalogue, checkout, checkoutBody, createClock, HOUR, payOnTestPage, placeOrder, send, type Catalogue } from './booking-fixtures';
import { startTestServer, type TestCustomer, type TestServer } from './support/test-server';

const clock = createClock('2030-01-07T12:00:00.000Z');
let server: TestServer;
let admin: string;
let jane: TestCustomer;
let house: Catalogue;

const pence = (pounds: number) => Math.round(pounds * 100);

/** A card order paid at `at`, for a job `hoursAhead` later (within opening hours). */
async function paidAt(at: string, quantities: [number, number], hoursAhead = 72): Promise<Receipt> {
  clock.set(new Date(at));
  jane.token = await server.login(jane.email, jane.password);
  const order = await placeOrder(server, jane.token, house, quantities);
  const { data, response } = await checkout(server, jane.token, checkoutBody(order.id, new Date(clock.now().getTime() + hoursAhead * HOUR), 'card'));
  expect(response.status).toBe(200);
  await payOnTestPage(server, data!.shippingInfo!);
  return (await send(server, 'GET', `/services/order/${order.id}/receipt`, { token: jane.token })).body as Receipt;
}

beforeAll(async () => {
  server = await startTestServer({ now: clock.now });
  admin = await server.adminToken();
  jane = await server.createCustomer({ name: 'Jane Revenue' });
  house = await catalogue(server, jane.token);
});
afterAll(async () => server?.close());

describe('GET /admin/reports/revenue (getRevenueReport)', () => {
  it("gives each UK month its invoices less its credit notes: net, VAT and gross", async () => {
    const first = await paidAt('2030-01-07T12:00:00.000Z', [3, 1]);
    const second = await paidAt('2030-01-08T12:00:00.000Z', [1, 2]);
    // Refunded in full a week ahead: its credit note is January's too.
    expect((await send(server, 'POST', `/services/refund-request/${second.order_id}`, { token: jane.token, body: { reason: 'Moving away' } })).status).toBe(201);
    admin = await server.adminToken();
    expect((await send(server, 'PUT', '/admin/refund/status', { token: admin, body: { status: 'accepted', order: second.order_id } })).status).toBe(200);
    const credit = (await send(server, 'GET', `/services/order/${second.order_id}/receipt`, { token: jane.token })).body.creditNote as NonNullable<Receipt['creditNote']>;
    // 23:30 UTC on 30 June is 00:30 BST on 1 July.
    const july = await paidAt('2030-06-30T23:30:00.000Z', [2, 1], 82); // the job at 10:30 BST on 4 July

    admin = await server.adminToken();
    const answer = await send(server, 'GET', '/admin/reports/revenue?year=2030', { token: admin });
    expect(answer.status).toBe(200);
    const report = answer.body as RevenueReport;
    expect(report.months.map((month) => month.month)).toEqual(Array.from({ length: 12 }, (_, index) => `2030-${String(index + 1).padStart(2, '0')}`));
    const figure = (key: 'net' | 'vat' | 'gross') => (pence(first[key]) + pence(second[key]) - pence(credit[key])) / 100;
    expect(report.months[0]).toEqual({ month: '2030-01', invoices: 2, creditNotes: 1, net: figure('net'), vat: figure('vat'), gross: figure('gross') });
    expect(report.months[0]!.gross).toBe(first.gross);
    expect(report.months[5]).toMatchObject({ invoices: 0, creditNotes: 0, gross: 0 });
    expect(report.months[6]).toEqual({ month: '2030-07', invoices: 1, creditNotes: 0, net: july.net, vat: july.vat, gross: july.gross });

    expect((await send(server, 'GET', '/admin/reports/revenue?year=2030', { token: jane.token })).status).toBe(403);
    expect((await send(server, 'GET', '/admin/reports/revenue?year=nineteen', { token: admin })).status).toBe(400);
  });
});
