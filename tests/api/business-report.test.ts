/**
 * Issue 26 item 6 (decision 049): the owner's report of a period of UK dates. Known orders on both
 * sides of the clocks going forward (BST from 01:00 UTC on 31 March 2030): each breakdown is checked
 * against the invoices, credit notes and ledger those orders made, a month against the accounts
 * export, and times in UK hours (09:00 BST is 08:00 UTC).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusinessReport, Receipt } from '../../openapi/schema';
import { catalogue, checkout, checkoutBody, createClock, payOnTestPage, pence, placeOrder, send, type Catalogue } from './booking-fixtures';
import { startTestServer, type TestCustomer, type TestServer } from './support/test-server';
import { londonLocalToInstant } from '../../domain/time/london-time';
import { getBusinessReport } from '../../server/services/business-report';

const clock = createClock('2030-03-20T12:00:00.000Z');
let server: TestServer;
let jane: TestCustomer;
let ken: TestCustomer;
let house: Catalogue;
let other: Catalogue;

/** An order of `who`'s checked out at `at` (UTC) for the UK date and time `due`; a card one is paid there and then. */
async function booked(who: TestCustomer, of: Catalogue, at: string, due: [string, string], payment: 'card' | 'cash' = 'card') {
  clock.set(at);
  who.token = await server.login(who.email, who.password);
  const order = await placeOrder(server, who.token, of, [2, 1]);
  const { data, response } = await checkout(server, who.token, checkoutBody(order.id, londonLocalToInstant(...due), payment));
  expect(response.status).toBe(200);
  if (payment === 'card') await payOnTestPage(server, data!.shippingInfo!);
  return order.id;
}

const receipt = async (who: TestCustomer, id: number) => (await send(server, 'GET', `/services/order/${id}/receipt`, { token: who.token })).body as Receipt;
const teamOf = async (id: number) => (await server.db.query<{ name: string }>('SELECT t.name FROM orders o JOIN teams t ON t.id = o.team_id WHERE o.id = $1', [id]))[0]!.name;
const report = async (query: string, token?: string) => send(server, 'GET', `/admin/reports/business?${query}`, { token: token ?? (await server.adminToken()) });

let march: number, refunded: number, april: number, cash: number;

beforeAll(async () => {
  server = await startTestServer({ now: clock.now });
  jane = await server.createCustomer({ name: 'Jane Report' });
  ken = await server.createCustomer({ name: 'Ken Report' });
  house = await catalogue(server, jane.token, 0);
  other = await catalogue(server, jane.token, 1);
  march = await booked(jane, house, '2030-03-20T12:00:00.000Z', ['2030-03-25', '10:00']); // Monday, GMT
  refunded = await booked(ken, house, '2030-03-21T12:00:00.000Z', ['2030-03-27', '14:00']); // Wednesday
  // 23:30 UTC on 31 March is 00:30 BST on 1 April: April's invoice.
  april = await booked(jane, other, '2030-03-31T23:30:00.000Z', ['2030-04-03', '09:00']); // Wednesday, 08:00 UTC
  cash = await booked(ken, other, '2030-04-01T09:00:00.000Z', ['2030-04-05', '11:00'], 'cash'); // Friday, no invoice yet
  // Ken cancels the paid one and is refunded in full: a credit note and a refund line in March.
  clock.set('2030-03-22T12:00:00.000Z');
  ken.token = await server.login(ken.email, ken.password);
  expect((await send(server, 'POST', `/services/refund-request/${refunded}`, { token: ken.token, body: { reason: 'Moving away' } })).status).toBe(201);
  expect((await send(server, 'PUT', '/admin/refund/status', { token: await server.adminToken(), body: { status: 'accepted', order: refunded } })).status).toBe(200);
}, 60_000);
afterAll(async () => server?.close());

describe('GET /admin/reports/business (getBusinessReport)', () => {
  it("adds up each UK month's invoices less its credit notes, as the accounts export lists them", async () => {
    const [first, second, third] = [await receipt(jane, march), await receipt(ken, refunded), await receipt(jane, april)];
    const credit = second.creditNote!;
    const answer = await report('from=2030-03-01&to=2030-04-30');
    expect(answer.status).toBe(200);
    const body = answer.body as BusinessReport;
    const sum = (key: 'net' | 'vat' | 'gross', documents: Array<{ net: number; vat: number; gross: number }>, credits: Array<{ net: number; vat: number; gross: number }> = []) =>
      (documents.reduce((all, d) => all + pence(d[key]), 0) - credits.reduce((all, d) => all + pence(d[key]), 0)) / 100;
    const figures = (documents: Receipt[], credits: Array<NonNullable<Receipt['creditNote']>> = []) => ({ net: sum('net', documents, credits), vat: sum('vat', documents, credits), gross: sum('gross', documents, credits) });

    expect(body.months).toEqual([
      { month: '2030-03', invoices: 2, creditNotes: 1, ...figures([first, second], [credit]) },
      { month: '2030-04', invoices: 1, creditNotes: 0, ...figures([third]) },
    ]);
    expect(body.totals).toEqual({ invoices: 3, creditNotes: 1, ...figures([first, second, third], [credit]) });

    // The accounts export of March: its gross column adds up to March's gross.
    const csv = await fetch(`${server.baseUrl}/api/admin/accounts/csv?from=2030-03-01&to=2030-03-31`, { headers: server.bearer(await server.adminToken()) });
    const text = await csv.text();
    const rows = text.trim().split('\r\n').slice(1).map((line) => line.split(','));
    expect(rows.reduce((all, row) => all + pence(Number(row.at(-1))), 0) / 100).toBe(body.months[0]!.gross);
    // The later invoice, 00:30 BST on 1 April, is April's in the export too.
    const aprilCsv = await (await fetch(`${server.baseUrl}/api/admin/accounts/csv?from=2030-04-01&to=2030-04-01`, { headers: server.bearer(await server.adminToken()) })).text();
    expect(aprilCsv).toContain(`,2030-04-01 00:30,${third.reference},Jane Report,`); // the reference people read (decision 073)
  });

  it('breaks revenue down by service and by team, each adding up to the total', async () => {
    const [first, third] = [await receipt(jane, march), await receipt(jane, april)];
    await send(server, 'PUT', `/admin/schedule/jobs/${april}/team`, { token: await server.adminToken(), body: { team: (await server.db.query<{ id: number }>(`SELECT id FROM teams WHERE name = 'Team C'`))[0]!.id } });
    const body = (await report('from=2030-03-01&to=2030-04-30')).body as BusinessReport;
    // The refunded order's invoice and credit note cancel out: its service keeps only the March order.
    expect(body.services).toEqual([
      { name: house.serviceName, net: first.net, vat: first.vat, gross: first.gross },
      { name: other.serviceName, net: third.net, vat: third.vat, gross: third.gross },
    ].sort((a, b) => b.gross - a.gross));
    const team = await teamOf(march);
    expect(body.teams).toContainEqual({ name: 'Team C', net: third.net, vat: third.vat, gross: third.gross });
    expect(body.teams.find((row) => row.name === team)!.gross).toBe(team === 'Team C' ? (pence(first.gross) + pence(third.gross)) / 100 : first.gross);
    for (const rows of [body.services, body.teams]) expect(rows.reduce((all, row) => all + pence(row.gross), 0) / 100).toBe(body.totals.gross);
  });

  it('counts cancellations and refunds, busy UK weekdays and hours, and repeat customers', async () => {
    const second = await receipt(ken, refunded);
    const body = (await report('from=2030-03-01&to=2030-04-30')).body as BusinessReport;
    expect(body.cancellations).toEqual({ orders: 4, cancelled: 1, rate: 0.25, refunds: 1, refunded: second.gross });
    // Cancelled visits are not busy ones: Monday 10:00 GMT, Wednesday 09:00 BST, Friday 11:00 BST.
    expect(body.weekdays).toEqual([
      { day: 'Monday', visits: 1 }, { day: 'Tuesday', visits: 0 }, { day: 'Wednesday', visits: 1 }, { day: 'Thursday', visits: 0 },
      { day: 'Friday', visits: 1 }, { day: 'Saturday', visits: 0 }, { day: 'Sunday', visits: 0 },
    ]);
    expect(body.hours).toEqual([{ hour: 9, visits: 1 }, { hour: 10, visits: 1 }, { hour: 11, visits: 1 }]);
    expect(body.customers).toEqual({ customers: 2, repeat: 1, share: 0.5, top: [{ id: jane.id, name: 'Jane Report', visits: 2 }, { id: ken.id, name: 'Ken Report', visits: 1 }] });
    expect(cash).toBeGreaterThan(0);

    // A period of March alone: the April visits and invoice are left out.
    const marchOnly = (await report('from=2030-03-01&to=2030-03-31')).body as BusinessReport;
    expect(marchOnly.months.map((month) => month.month)).toEqual(['2030-03']);
    expect(marchOnly.cancellations).toMatchObject({ orders: 2, cancelled: 1, rate: 0.5 });
    expect(marchOnly.customers).toMatchObject({ customers: 1, repeat: 0, share: 0 });
  });

  it("reads the same on one transaction's client, one statement at a time (no pg warning of overlapping queries)", async () => {
    // db may be a transaction's single client; pg warns (and pg 9 refuses) when queries overlap on
    // it, and the api setup (support/pg-warning-guard.ts) fails this test if it does (decision 060).
    const answer = (await report('from=2030-03-01&to=2030-04-30')).body as BusinessReport;
    const inOneTransaction = await server.db.transaction((tx) => getBusinessReport(tx, '2030-03-01', '2030-04-30'));
    expect(inOneTransaction).toEqual(answer);
  });

  it('refunds a bad period with its words and staff only', async () => {
    expect(await report('from=2030-04-30&to=2030-03-01')).toMatchObject({ status: 400, body: { message: 'from must not be after to' } });
    expect(await report('from=2027-01-01&to=2030-12-31')).toMatchObject({ status: 400, body: { message: 'The period can be at most 3 years' } });
    expect((await report('from=2030-02-30&to=2030-03-01')).status).toBe(400);
    expect((await report('to=2030-03-01')).status).toBe(400);
    expect((await report('from=2030-03-01&to=2030-04-30', jane.token)).status).toBe(403);
  });
});

describe('GET /admin/orders/csv (exportOrdersCsv) after the spec\'s columns', () => {
  it('adds the address, phone, team, payment method and status (from the ledger) and the invoice number', async () => {
    const csv = await fetch(`${server.baseUrl}/api/admin/orders/csv?sort=id`, { headers: server.bearer(await server.adminToken()) });
    const rows = (await csv.text()).trim().split('\r\n').map((line) => line.split(','));
    expect(rows[0]!.slice(8)).toEqual(['Address', 'City', 'Postcode', 'Phone', 'Team', 'Payment method', 'Payment status', 'Invoice']);
    const invoice = String((await receipt(jane, april)).number).padStart(6, '0');
    // Rows are found by the reference people read in the "Order id" column (decision 073).
    const references = new Map((await server.db.query<{ id: number; reference: number }>('SELECT id, reference FROM orders WHERE id = ANY($1::int[])', [[april, cash]])).map((o) => [o.id, String(o.reference)]));
    const row = (id: number) => rows.find((cells) => cells[0] === references.get(id))!.slice(8);
    expect(row(april)).toEqual(['221B Baker Street', 'London', 'NW1 6XE', '020 7946 0000', 'Team C', 'card', 'paid', invoice]);
    expect(row(cash)).toEqual(['221B Baker Street', 'London', 'NW1 6XE', '020 7946 0000', await teamOf(cash), 'cash', 'unpaid', '']);
  });
});
