import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AvailabilityDay, BookingSeries, Closure, OrderSummary } from '../../openapi/schema';
import { londonLocalToInstant } from '../../domain/time/london-time';
import { catalogue, checkout, checkoutBody, createClock, placeOrder, send, type Catalogue } from './booking-fixtures';
import { startTestServer, type TestCustomer, type TestServer } from './support/test-server';

/**
 * Issue 36 row 5 (decision 087): a fresh database is closed on the England and Wales bank holidays
 * and on 24, 25, 26 and 31 December (071_bank_holidays.sql). They are closures like any other: the
 * calendar reads them closed with their reason, checkout refuses them, a weekly series passes over
 * them, and the owner can remove one, which makes it bookable. On PGlite and PostgreSQL.
 */
const clock = createClock('2026-12-10T10:00:00Z');
let server: TestServer;
let admin: string;
let jane: TestCustomer;
let house: Catalogue;

beforeAll(async () => {
  server = await startTestServer({ now: clock.now, bankHolidays: true });
  admin = await server.adminToken();
  jane = await server.createCustomer({ name: 'Jane Holidays' });
  house = await catalogue(server, jane.token);
});
afterAll(async () => server?.close());

async function days(from: string, count: number): Promise<AvailabilityDay[]> {
  const answer = await send(server, 'GET', `/availability?service=${house.serviceId}&from=${from}&days=${count}&duration=60`);
  expect(answer.status).toBe(200);
  return answer.body.days as AvailabilityDay[];
}
const statusOf = async (date: string) => (await days(date, 1))[0]!;

describe('bank holidays are closures of a fresh database', () => {
  it('lists them on the closures page, with their reasons, as any closure', async () => {
    const { status, body } = await send(server, 'GET', '/admin/closures', { token: admin });
    expect(status).toBe(200);
    const listed = (body as Closure[]).map(({ date, reason }) => ({ date, reason }));
    expect(listed).toEqual(expect.arrayContaining([
      { date: '2026-12-24', reason: 'Christmas Eve' },
      { date: '2026-12-25', reason: 'Bank holiday: Christmas Day' },
      { date: '2026-12-26', reason: 'Boxing Day' },
      { date: '2026-12-28', reason: 'Bank holiday: Boxing Day (substitute day)' },
      { date: '2026-12-31', reason: "New Year's Eve" },
      { date: '2027-01-01', reason: "Bank holiday: New Year's Day" },
      { date: '2027-03-26', reason: 'Bank holiday: Good Friday' },
      { date: '2027-03-29', reason: 'Bank holiday: Easter Monday' },
      { date: '2027-05-03', reason: 'Bank holiday: Early May bank holiday' },
      { date: '2027-05-31', reason: 'Bank holiday: Spring bank holiday' },
      { date: '2027-08-30', reason: 'Bank holiday: Summer bank holiday' },
      { date: '2027-12-27', reason: 'Bank holiday: Christmas Day (substitute day)' },
      { date: '2028-01-03', reason: "Bank holiday: New Year's Day (substitute day)" },
      { date: '2030-12-31', reason: "New Year's Eve" },
    ]));
    // Nothing else in 2027: New Year's Day, 2 at Easter, 3 in May and August, 24 to 28 December (25 and 26 fall on a weekend, so 27 and 28 are the bank holidays) and 31 December.
    expect(listed.filter((closure) => closure.date.startsWith('2027-'))).toHaveLength(12);
  });

  it('the calendar reads Christmas week and Good Friday closed, and checkout books around them', async () => {
    const week = await days('2026-12-24', 8);
    expect(week.map((day) => [day.date, day.status])).toEqual([
      ['2026-12-24', 'closed'], ['2026-12-25', 'closed'], ['2026-12-26', 'closed'], ['2026-12-27', 'open'],
      ['2026-12-28', 'closed'], ['2026-12-29', 'open'], ['2026-12-30', 'open'], ['2026-12-31', 'closed'],
    ]);
    expect(await statusOf('2027-03-26')).toEqual({ date: '2027-03-26', status: 'closed', reason: 'Bank holiday: Good Friday', times: [] });
    expect((await statusOf('2027-03-25')).status).toBe('open');

    const order = await placeOrder(server, jane.token, house);
    const refused = await checkout(server, jane.token, checkoutBody(order.id, londonLocalToInstant('2026-12-25', '10:00')));
    expect(refused.response.status).toBe(400);
    expect(refused.error).toEqual({ message: 'We are closed on 2026-12-25 (Bank holiday: Christmas Day): please choose another day' });
    expect((await checkout(server, jane.token, checkoutBody(order.id, londonLocalToInstant('2026-12-29', '10:00')))).response.status).toBe(200);
  });

  it('a weekly series from 18 December passes over Christmas Day and New Year\'s Day', async () => {
    const items = [{ id: house.items[0]!.id, quantity: 1 }, { id: house.items[1]!.id, quantity: 1 }];
    const quote = await send(server, 'POST', '/quotes', { body: { service: house.serviceId, items, frequency: 'weekly', extras: [], postcode: 'NW1 6XE' } });
    const placed = await send(server, 'POST', '/services/order/new', { token: jane.token, body: { service: house.serviceId, items, quote: quote.body.id } });
    const order = placed.body as OrderSummary;
    expect((await checkout(server, jane.token, checkoutBody(order.id, londonLocalToInstant('2026-12-18', '10:00')))).response.status).toBe(200);
    const { body } = await send(server, 'GET', '/services/series', { token: jane.token });
    const series = (body as BookingSeries[]).find((one) => one.visits.some((visit) => visit.id === order.id))!;
    const visitDays = series.visits.map((visit) => visit.due!.slice(0, 10));
    expect(visitDays.slice(0, 2)).toEqual(['2026-12-18', '2027-01-08']);
    expect(visitDays).not.toContain('2026-12-25');
    expect(visitDays).not.toContain('2027-01-01');
  });

  it('the owner removes one (Christmas Eve): it reads open and can be booked', async () => {
    const removed = await send(server, 'DELETE', '/admin/closures/2026-12-24', { token: admin });
    expect(removed.status).toBe(200);
    expect((removed.body as Closure[]).map((closure) => closure.date)).not.toContain('2026-12-24');
    expect((await statusOf('2026-12-24')).status).toBe('open');
    const order = await placeOrder(server, jane.token, house);
    expect((await checkout(server, jane.token, checkoutBody(order.id, londonLocalToInstant('2026-12-24', '10:00')))).response.status).toBe(200);
  });
});
