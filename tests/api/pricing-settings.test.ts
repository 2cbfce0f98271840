import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PricingAuditEntry, PricingRules, QuoteRequest } from '../../openapi/schema';
import { createClock, send } from './booking-fixtures';
import { startTestServer, TEST_ADMIN, type TestCustomer, type TestServer } from './support/test-server';


/**
 * Issue 15: prices and opening hours edited by an administrator (/settings/pricing, decision 023):
 * a change is in the very next quote and availability read, and the pricing audit says who changed
 * what, when, from what to what. Bad input is a 400 with a message; a customer gets 403.
 */
const clock = createClock('2027-03-20T09:00:00Z');
let server: TestServer;
let admin: string;
let jane: TestCustomer;
let rules: PricingRules;

beforeAll(async () => {
  server = await startTestServer({ now: clock.now });
  admin = await server.adminToken();
  jane = await server.createCustomer({ name: 'Jane Prices' });
  const { data } = await server.api.GET('/admin/pricing', { headers: server.bearer(admin) });
  rules = data!;
});
afterAll(async () => server?.close());

const itemNamed = (service: string, name: string) => rules.items.find((item) => item.serviceName === service && item.name === name)!;

async function quoteTotal(body: QuoteRequest): Promise<number> {
  const { data, response } = await server.api.POST('/quotes', { body });
  expect(response.status).toBe(201);
  return data!.total;
}

async function audit(): Promise<PricingAuditEntry[]> {
  const { data, response } = await server.api.GET('/admin/pricing/audit', { params: { query: { limit: 10 } }, headers: server.bearer(admin) });
  expect(response.status).toBe(200);
  return data!;
}

/** How many changes the trail holds (X-Total-Count). */
async function auditCount(): Promise<number> {
  const { response } = await server.api.GET('/admin/pricing/audit', { params: { query: { limit: 1 } }, headers: server.bearer(admin) });
  return Number(response.headers.get('x-total-count'));
}

const put = (path: string, body: unknown, token = admin) => send(server, 'PUT', path, { token, body });

describe('GET /admin/pricing (getPricingRules)', () => {
  it('lists every item price, the discounts, extras, the Congestion Charge and its districts, and the opening hours', () => {
    expect(itemNamed('House Keeping', 'Bedroom').price).toBe(25);
    expect(rules.frequencies.map(({ name, discountPercent }) => [name, discountPercent])).toEqual([['One-off', 0], ['Weekly', 15], ['Fortnightly', 10], ['Monthly', 5]]);
    expect(rules.extras.find((extra) => extra.name === 'Unblocking drains')?.price).toBe(50);
    expect(rules.congestionCharge).toBe(11.5);
    expect(rules.congestionDistricts).toContain('WC2N');
    expect(rules.openingHours).toHaveLength(7);
    expect(rules.openingHours[1]).toEqual({ weekday: 1, open: true, opens: '07:00', closes: '20:00' });
    expect(rules.vatPercent).toBe(20);
  });
});

describe('changing a price', () => {
  it('is used by the next quote, and the audit says who changed it, when, and from what to what', async () => {
    const bedroom = itemNamed('House Keeping', 'Bedroom');
    const body = { service: bedroom.service, items: [{ id: bedroom.id, quantity: 2 }], frequency: 'one_off', extras: [], postcode: 'SE22 8AB' };
    expect(await quoteTotal(body)).toBe(50);

    const changed = await server.api.PUT('/admin/pricing/items/{id}', { params: { path: { id: bedroom.id } }, body: { price: 27.35 }, headers: server.bearer(admin) });
    expect(changed.response.status).toBe(200);
    expect(changed.data).toMatchObject({ id: bedroom.id, name: 'Bedroom', price: 27.35 });
    expect(await quoteTotal(body)).toBe(54.7);

    const [latest] = await audit();
    expect(latest).toMatchObject({ actor: TEST_ADMIN.name, rule: 'item_price', subject: 'House Keeping — Bedroom', from: '£25.00', to: '£27.35' });
    expect(new Date(latest!.at).getTime()).toBe(clock.now().getTime());
  });

  it('changes discounts, extras, the Congestion Charge and its districts in the next quote, each audited', async () => {
    const bedroom = itemNamed('House Keeping', 'Bedroom');
    const drains = rules.extras.find((extra) => extra.name === 'Unblocking drains')!;
    expect((await put('/admin/pricing/items/' + bedroom.id, { price: 20 })).status).toBe(200);
    expect((await put('/admin/pricing/frequencies/weekly', { discountPercent: 12.5 })).status).toBe(200);
    expect((await put(`/admin/pricing/extras/${drains.id}`, { price: 40 })).status).toBe(200);
    expect((await put('/admin/pricing/congestion-charge', { price: 15 })).status).toBe(200);
    const added = await send(server, 'PUT', '/admin/pricing/congestion-districts/se22', { token: admin });
    expect(added.status).toBe(200);
    expect(added.body).toContain('SE22');
    // £40 − 12.5% (£5) + drains £40 + Congestion Charge £15 (SE22 is in the zone now).
    const body = { service: bedroom.service, items: [{ id: bedroom.id, quantity: 2 }], frequency: 'weekly', extras: [{ id: drains.id, quantity: 1 }], postcode: 'SE22 8AB' };
    expect(await quoteTotal(body)).toBe(90);
    expect((await send(server, 'DELETE', '/admin/pricing/congestion-districts/SE22', { token: admin })).status).toBe(200);
    expect(await quoteTotal(body)).toBe(75);

    expect((await audit()).slice(0, 5).map(({ rule, subject, from, to }) => [rule, subject, from, to])).toEqual([
      ['congestion_district', 'SE22', 'Inside the zone', 'Outside the zone'],
      ['congestion_district', 'SE22', 'Outside the zone', 'Inside the zone'],
      ['congestion_charge', 'Congestion Charge', '£11.50', '£15.00'],
      ['extra_price', 'Unblocking drains', '£50.00', '£40.00'],
      ['frequency_discount', 'Weekly', '15%', '12.5%'],
    ]);
  });

  it('writes no audit row when nothing changed (the same price again, a district already in the zone)', async () => {
    const before = await auditCount();
    expect((await send(server, 'PUT', '/admin/pricing/congestion-districts/WC2N', { token: admin })).status).toBe(200);
    expect((await put('/admin/pricing/congestion-charge', { price: 15 })).status).toBe(200);
    expect(await auditCount()).toBe(before);
  });
});

describe('several instances on one database', () => {
  it('a price changed through one instance is in the next quote of another (no instance keeps rules in memory)', async () => {
    const other = await startTestServer({ db: server.db, now: clock.now });
    try {
      const livingRoom = itemNamed('House Keeping', 'Living room');
      const body = { service: livingRoom.service, items: [{ id: livingRoom.id, quantity: 1 }], frequency: 'one_off' };
      const first = await other.api.POST('/quotes', { body });
      expect((await put(`/admin/pricing/items/${livingRoom.id}`, { price: first.data!.total + 1 })).status).toBe(200);
      const next = await other.api.POST('/quotes', { body });
      expect(next.data!.total).toBe(first.data!.total + 1);
    } finally {
      await other.close();
    }
  });
});

describe('changing the opening hours', () => {
  it('is used by the next availability read, and audited', async () => {
    const times = async (date: string) => {
      const { data } = await server.api.GET('/availability', { params: { query: { service: itemNamed('House Keeping', 'Bedroom').service, from: date, days: 1, duration: 60 } } });
      return data!.days[0]!;
    };
    // 2027-04-05 is a Monday.
    expect((await times('2027-04-05')).times[0]?.time).toBe('07:00');
    const changed = await put('/admin/pricing/opening-hours/1', { open: true, opens: '09:30', closes: '17:00' });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ weekday: 1, open: true, opens: '09:30', closes: '17:00' });
    const monday = await times('2027-04-05');
    expect(monday.times[0]?.time).toBe('09:30');
    expect(monday.times.at(-1)?.time).toBe('16:00');

    expect((await put('/admin/pricing/opening-hours/1', { open: false, opens: '09:30', closes: '17:00' })).status).toBe(200);
    expect((await times('2027-04-05')).status).toBe('closed');
    expect((await audit()).slice(0, 2).map(({ subject, from, to }) => [subject, from, to])).toEqual([
      ['Monday', '09:30–17:00', 'Closed (09:30–17:00)'],
      ['Monday', '07:00–20:00', '09:30–17:00'],
    ]);
  });
});

describe('bad input', () => {
  it.each([
    ['a negative price', '/admin/pricing/congestion-charge', { price: -1 }, 'body/price must be >= 0'],
    ['a price with three decimals', '/admin/pricing/congestion-charge', { price: 1.005 }, 'body/price must have at most 2 decimals'],
    ['a price as text', '/admin/pricing/congestion-charge', { price: '12.50' }, 'body/price must be number'],
    ['a discount over 100%', '/admin/pricing/frequencies/weekly', { discountPercent: 100.5 }, 'body/discountPercent must be <= 100'],
    ['a time that is no time', '/admin/pricing/opening-hours/2', { open: true, opens: '7:00', closes: '20:00' }, 'body/opens must be a time as HH:mm (00:00 to 23:59)'],
    ['closing before opening', '/admin/pricing/opening-hours/2', { open: true, opens: '18:00', closes: '08:00' }, 'Tuesday must open before it closes: opening time 18:00 is not before closing time 08:00'],
    ['opening and closing at once', '/admin/pricing/opening-hours/2', { open: false, opens: '08:00', closes: '08:00' }, 'Tuesday must open before it closes: opening time 08:00 is not before closing time 08:00'],
  ])('answers 400 with a message for %s', async (_what, path, body, message) => {
    const answer = await put(path, body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message });
  });

  it('answers 400 for a district that is no outward code, and 404 for an unknown item or frequency', async () => {
    const district = await send(server, 'PUT', '/admin/pricing/congestion-districts/WC2N5DU', { token: admin });
    expect(district).toEqual({ status: 400, body: { message: 'params/district must be a UK postcode district (the outward code), such as WC2N or SE1' } });
    expect(await put('/admin/pricing/items/999999', { price: 1 })).toEqual({ status: 404, body: { message: 'Item not found' } });
    expect(await put('/admin/pricing/frequencies/daily', { discountPercent: 1 })).toEqual({ status: 404, body: { message: 'Frequency not found' } });
  });

  it('accepts prices in pounds and pence that floating point cannot hold exactly (£1.15, £19.99)', async () => {
    expect((await put('/admin/pricing/congestion-charge', { price: 1.15 })).body).toEqual({ price: 1.15 });
    expect((await put('/admin/pricing/congestion-charge', { price: 19.99 })).body).toEqual({ price: 19.99 });
  });
});

describe('who may change prices', () => {
  it('answers 403 to a customer and 401 to nobody, and changes nothing', async () => {
    const bedroom = itemNamed('House Keeping', 'Bedroom');
    const before = await auditCount();
    expect(await put(`/admin/pricing/items/${bedroom.id}`, { price: 1 }, jane.token)).toEqual({ status: 403, body: { message: expect.any(String) } });
    expect((await send(server, 'GET', '/admin/pricing', { token: jane.token })).status).toBe(403);
    expect((await send(server, 'GET', '/admin/pricing/audit', { token: jane.token })).status).toBe(403);
    expect((await send(server, 'PUT', `/admin/pricing/items/${bedroom.id}`, { body: { price: 1 } })).status).toBe(401);
    expect(await auditCount()).toBe(before);
    const { data } = await server.api.GET('/admin/pricing', { headers: server.bearer(admin) });
    expect(data!.items.find((item) => item.id === bedroom.id)?.price).toBe(20);
  });
});
