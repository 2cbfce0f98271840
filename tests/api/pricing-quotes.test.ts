import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Quote, QuoteOptions, QuoteRequest } from '../../openapi/schema';
import { PURGERS } from '../../server/services/purge';
import { DEFAULT_RATE_LIMITS } from '../../server/rate-limits';
import { checkout, checkoutBody, createClock, myOrder, pence, send } from './booking-fixtures';
import { startTestServer, type TestCustomer, type TestServer } from './support/test-server';


/** Issue 14 §1: prices as data and a public quote (docs/decisions/014-pricing-and-quotes.md). */
const clock = createClock('2030-05-06T09:00:00.000Z');
let server: TestServer;
let jane: TestCustomer;
let house: QuoteOptions;
let moving: QuoteOptions;

const itemNamed = (options: QuoteOptions, name: string) => options.items.find((item) => item.name === name)!;
const extraNamed = (options: QuoteOptions, name: string) => options.extras.find((extra) => extra.name.startsWith(name))!;

async function options(serviceName: string): Promise<QuoteOptions> {
  const { data: services } = await server.api.GET('/home/services');
  const service = services!.find((candidate) => candidate.name === serviceName)!;
  const { data } = await server.api.GET('/quotes/options/{id}', { params: { path: { id: service.id } } });
  return data!;
}

async function quote(body: QuoteRequest): Promise<Quote> {
  const { data, response, error } = await server.api.POST('/quotes', { body });
  if (response.status !== 201 || !data) throw new Error(`quote: ${response.status} ${JSON.stringify(error)}`);
  return data;
}

beforeAll(async () => {
  server = await startTestServer({ now: clock.now });
  jane = await server.createCustomer({ name: 'Jane Quoted' });
  house = await options('House Keeping');
  moving = await options('Moving');
});
afterAll(async () => server?.close());

describe('GET /quotes/options/{id} (getQuoteOptions)', () => {
  it('answers the items, the frequencies with their discounts, the extras, VAT and the Congestion Charge, with no sign-in', async () => {
    expect(house.frequencies.map(({ name, discountPercent }) => [name, discountPercent])).toEqual([
      ['One-off', 0], ['Weekly', 15], ['Fortnightly', 10], ['Monthly', 5],
    ]);
    expect(house.extras.map(({ name, price, kind }) => [name, price, kind])).toEqual([
      ['Large bedroom (over 20 m²)', 15, 'option'],
      ['Large living room (over 40 m²)', 20, 'option'],
      ['Belongings left in the property', 50, 'extra'],
      ['Unblocking drains', 50, 'extra'],
    ]);
    expect(house.vatPercent).toBe(20);
    expect(house.congestionCharge).toBe(11.5);
    expect(itemNamed(house, 'Bedroom').price).toBe(25);
  });

  it('answers 404 for a service that does not exist', async () => {
    expect(await send(server, 'GET', '/quotes/options/999999')).toEqual({ status: 404, body: { message: 'Service not found' } });
  });
});

describe('POST /quotes (createQuote)', () => {
  it('prices the items with no sign-in: lines, total and the VAT it includes', async () => {
    const bedroom = itemNamed(house, 'Bedroom');
    const bathroom = itemNamed(house, 'Bathroom');
    const answer = await quote({ service: house.serviceId, items: [{ id: bedroom.id, quantity: 2 }, { id: bathroom.id, quantity: 1 }], frequency: 'one_off' });
    expect(answer.lines).toEqual([
      { kind: 'item', name: 'Bedroom', quantity: 2, unitPrice: 25, amount: 50 },
      { kind: 'item', name: 'Bathroom', quantity: 1, unitPrice: 30, amount: 30 },
    ]);
    // £80 including 20% VAT: £80 × 20/120 = £13.33 (to the penny); net £66.67.
    expect([answer.total, answer.vat, answer.net]).toEqual([80, 13.33, 66.67]);
    expect(answer.id).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
  });

  it('takes the frequency discount off the discountable lines and rounds VAT to the penny so net + VAT = total', async () => {
    const bedroom = itemNamed(house, 'Bedroom');
    const bathroom = itemNamed(house, 'Bathroom');
    // £55 weekly: −15% = −£8.25 → £46.75; VAT £46.75 × 20/120 = £7.7916… → £7.79; net £38.96.
    const weekly = await quote({ service: house.serviceId, items: [{ id: bedroom.id, quantity: 1 }, { id: bathroom.id, quantity: 1 }], frequency: 'weekly' });
    expect(weekly.lines.at(-1)).toEqual({ kind: 'discount', name: 'Weekly discount (15%)', amount: -8.25 });
    expect([weekly.total, weekly.vat, weekly.net]).toEqual([46.75, 7.79, 38.96]);
    // £25 fortnightly: −£2.50 → £22.50; monthly: −£1.25 → £23.75.
    const fortnightly = await quote({ service: house.serviceId, items: [{ id: bedroom.id, quantity: 1 }], frequency: 'fortnightly' });
    const monthly = await quote({ service: house.serviceId, items: [{ id: bedroom.id, quantity: 1 }], frequency: 'monthly' });
    expect([fortnightly.total, monthly.total]).toEqual([22.5, 23.75]);
    for (const answer of [weekly, fortnightly, monthly]) expect(pence(answer.net) + pence(answer.vat)).toBe(pence(answer.total));
  });

  it('rounds a fraction of a penny in the discount and in VAT to the nearest penny', async () => {
    const hallway = itemNamed(house, 'Hallway and stairs');
    // £18 × 3 = £54, monthly −5% = −£2.70 → £51.30; VAT £8.55. £18 × 1 weekly: −£2.70 → £15.30; VAT £2.55.
    // £18 × 7 = £126 fortnightly −£12.60 → £113.40; VAT £113.40/6 = £18.90.
    const odd = await quote({ service: house.serviceId, items: [{ id: hallway.id, quantity: 7 }], frequency: 'fortnightly' });
    expect([odd.total, odd.vat, odd.net]).toEqual([113.4, 18.9, 94.5]);
    // £35 kitchen × 1 weekly: −£5.25 → £29.75; VAT £4.958… → £4.96; net £24.79.
    const kitchen = itemNamed(house, 'Kitchen');
    const kitchenWeekly = await quote({ service: house.serviceId, items: [{ id: kitchen.id, quantity: 1 }], frequency: 'weekly' });
    expect([kitchenWeekly.total, kitchenWeekly.vat, kitchenWeekly.net]).toEqual([29.75, 4.96, 24.79]);
  });

  it('leaves items excluded from the discount at full price (packing boxes)', async () => {
    const boxes = itemNamed(moving, 'Packing boxes (pack of 10)');
    const packing = itemNamed(moving, 'Packing service (per room)');
    // Weekly: −15% of the £40 packing only = −£6; boxes stay £18. Total £52.
    const answer = await quote({ service: moving.serviceId, items: [{ id: boxes.id, quantity: 1 }, { id: packing.id, quantity: 1 }], frequency: 'weekly' });
    expect(answer.lines.find((line) => line.kind === 'discount')?.amount).toBe(-6);
    expect(answer.total).toBe(52);
  });

  it('adds the extras at £50.00 after the discount, and bigger rooms as priced options discounted with the clean', async () => {
    const bedroom = itemNamed(house, 'Bedroom');
    const large = extraNamed(house, 'Large bedroom');
    const belongings = extraNamed(house, 'Belongings left');
    const drains = extraNamed(house, 'Unblocking drains');
    const answer = await quote({
      service: house.serviceId,
      items: [{ id: bedroom.id, quantity: 2 }],
      frequency: 'weekly',
      extras: [{ id: belongings.id, quantity: 1 }, { id: large.id, quantity: 2 }, { id: drains.id, quantity: 1 }],
    });
    expect(answer.lines).toEqual([
      { kind: 'item', name: 'Bedroom', quantity: 2, unitPrice: 25, amount: 50 },
      { kind: 'option', name: 'Large bedroom (over 20 m²)', quantity: 2, unitPrice: 15, amount: 30 },
      { kind: 'discount', name: 'Weekly discount (15%)', amount: -12 },
      { kind: 'extra', name: 'Belongings left in the property', quantity: 1, unitPrice: 50, amount: 50 },
      { kind: 'extra', name: 'Unblocking drains', quantity: 1, unitPrice: 50, amount: 50 },
    ]);
    expect(answer.total).toBe(168);
  });

  it('adds the Congestion Charge £11.50 when the postcode district is in the zone (WC2N, EC1A, SW1A), not for SE22', async () => {
    const bedroom = itemNamed(house, 'Bedroom');
    const base = { service: house.serviceId, items: [{ id: bedroom.id, quantity: 1 }], frequency: 'weekly' };
    for (const postcode of ['WC2N 5DU', 'ec1a 1bb', 'SW1A2AA']) {
      const inside = await quote({ ...base, postcode });
      expect(inside.lines.at(-1)).toEqual({ kind: 'congestion', name: 'Congestion Charge', amount: 11.5 });
      // Never discounted: £25 − £3.75 + £11.50.
      expect(inside.total).toBe(32.75);
    }
    const outside = await quote({ ...base, postcode: 'SE22 8AB' });
    expect(outside.lines.some((line) => line.kind === 'congestion')).toBe(false);
    expect(outside.total).toBe(21.25);
    expect(outside.postcode).toBe('SE22 8AB');
  });

  it('refuses a price, an unknown frequency or extra, an item of another service, and a repeated item', async () => {
    const bedroom = itemNamed(house, 'Bedroom');
    const items = [{ id: bedroom.id, quantity: 1 }];
    const priced = await send(server, 'POST', '/quotes', { body: { service: house.serviceId, items, frequency: 'one_off', total: 1 } });
    expect(priced.status).toBe(400);
    expect(await send(server, 'POST', '/quotes', { body: { service: house.serviceId, items, frequency: 'daily' } }))
      .toEqual({ status: 400, body: { message: 'Unknown frequency "daily"' } });
    expect((await send(server, 'POST', '/quotes', { body: { service: house.serviceId, items, frequency: 'one_off', extras: [{ id: 999, quantity: 1 }] } })).status).toBe(400);
    const boxes = itemNamed(moving, 'Packing boxes (pack of 10)');
    expect((await send(server, 'POST', '/quotes', { body: { service: house.serviceId, items: [{ id: boxes.id, quantity: 1 }], frequency: 'one_off' } })).status).toBe(400);
    expect((await send(server, 'POST', '/quotes', { body: { service: house.serviceId, items: [...items, ...items], frequency: 'one_off' } })).status).toBe(400);
    expect((await send(server, 'POST', '/quotes', { body: { service: house.serviceId, items: [{ id: 999999, quantity: 1 }], frequency: 'one_off' } })).status).toBe(404);
  });

  it('is limited per client like the other anonymous writes (429 beyond the limit)', async () => {
    const limited = await startTestServer({ config: { rateLimits: { ...DEFAULT_RATE_LIMITS, quotes: { limit: 2, windowMs: 60_000 } } } });
    try {
      const body = { service: house.serviceId, items: [{ id: itemNamed(house, 'Bedroom').id, quantity: 1 }], frequency: 'one_off' };
      const statuses = [];
      for (let attempt = 0; attempt < 3; attempt++) statuses.push((await send(limited, 'POST', '/quotes', { body })).status);
      expect(statuses).toEqual([201, 201, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /quotes/{quoteId} (getQuote)', () => {
  it('answers the stored quote with its choices, and 404 for an unknown one', async () => {
    const bedroom = itemNamed(house, 'Bedroom');
    const large = extraNamed(house, 'Large bedroom');
    const made = await quote({ service: house.serviceId, items: [{ id: bedroom.id, quantity: 3 }], frequency: 'monthly', extras: [{ id: large.id, quantity: 1 }], postcode: 'wc2n 5du' });
    const { data } = await server.api.GET('/quotes/{quoteId}', { params: { path: { quoteId: made.id } } });
    expect(data).toEqual(made);
    expect(data).toMatchObject({ frequency: 'monthly', postcode: 'WC2N 5DU', items: [{ id: bedroom.id, quantity: 3 }], extras: [{ id: large.id, quantity: 1 }] });
    expect((await send(server, 'GET', '/quotes/AAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
  });
});

describe('An order made from a quote', () => {
  const due = () => new Date(clock.now().getTime() + 7 * 86_400_000);

  it('costs exactly the quote: summary, My orders after checkout, frequency kept on the order', async () => {
    const bedroom = itemNamed(house, 'Bedroom');
    const made = await quote({
      service: house.serviceId, items: [{ id: bedroom.id, quantity: 2 }], frequency: 'fortnightly',
      extras: [{ id: extraNamed(house, 'Unblocking drains').id, quantity: 1 }], postcode: 'WC2N 5DU',
    });
    const { data: summary, response } = await server.api.POST('/services/order/new', {
      body: { service: house.serviceId, items: [{ id: bedroom.id, quantity: 2 }], quote: made.id },
      headers: server.bearer(jane.token),
    });
    expect(response.status).toBe(201);
    expect(summary).toMatchObject({ total: made.total, vat: made.vat, frequency: 'fortnightly', lines: made.lines });
    // £50 − £5 + £50 + £11.50.
    expect(made.total).toBe(106.5);
    const body = { ...checkoutBody(summary!.id, due()), code_postal: 'WC2N 5DU' };
    expect((await checkout(server, jane.token, body)).response.status).toBe(200);
    expect((await myOrder(server, jane.token, summary!.id)).total).toBe(made.total);
    const [stored] = await server.db.query<{ frequency: string; quote_id: string }>('SELECT frequency, quote_id FROM orders WHERE id = $1', [summary!.id]);
    expect(stored).toEqual({ frequency: 'fortnightly', quote_id: made.id });
  });

  it('holds its price for 30 minutes: an order at 29 minutes costs the quote; at 31 it is refused (409), and the purge deletes it', async () => {
    const bedroom = itemNamed(house, 'Bedroom');
    const body = { service: house.serviceId, items: [{ id: bedroom.id, quantity: 1 }], frequency: 'weekly' };
    const early = await quote(body);
    const late = await quote(body);
    const start = clock.now();
    expect(new Date(early.expiresAt).getTime() - start.getTime()).toBe(30 * 60_000);
    // The price changes meanwhile: the held quote keeps its own.
    await server.db.query('UPDATE service_items SET price = 9900 WHERE id = $1', [bedroom.id]);
    try {
      clock.advance(29 * 60_000);
      const order = { service: house.serviceId, items: [{ id: bedroom.id, quantity: 1 }] };
      const held = await send(server, 'POST', '/services/order/new', { token: jane.token, body: { ...order, quote: early.id } });
      expect(held.status).toBe(201);
      expect(held.body.total).toBe(early.total);
      clock.advance(2 * 60_000);
      expect(await send(server, 'POST', '/services/order/new', { token: jane.token, body: { ...order, quote: late.id } }))
        .toEqual({ status: 409, body: { message: 'This price has expired: please check the new price and continue again' } });
      expect(await PURGERS.quotes!(server.db, clock.now())).toBeGreaterThanOrEqual(2);
      expect((await send(server, 'GET', `/quotes/${late.id}`)).status).toBe(404);
    } finally {
      await server.db.query('UPDATE service_items SET price = 2500 WHERE id = $1', [bedroom.id]);
      clock.set(start);
    }
  });

  it('refuses a price sent by the client, and items other than the quoted ones (409)', async () => {
    const bedroom = itemNamed(house, 'Bedroom');
    const made = await quote({ service: house.serviceId, items: [{ id: bedroom.id, quantity: 2 }], frequency: 'one_off' });
    const priced = await send(server, 'POST', '/services/order/new', { token: jane.token, body: { service: house.serviceId, items: [{ id: bedroom.id, quantity: 2 }], quote: made.id, total: 0.01 } });
    expect(priced.status).toBe(400);
    const other = await send(server, 'POST', '/services/order/new', { token: jane.token, body: { service: house.serviceId, items: [{ id: bedroom.id, quantity: 3 }], quote: made.id } });
    expect(other.status).toBe(409);
  });

  it('needs a sign-in to order, not to quote', async () => {
    const bedroom = itemNamed(house, 'Bedroom');
    const made = await quote({ service: house.serviceId, items: [{ id: bedroom.id, quantity: 1 }], frequency: 'one_off' });
    expect((await send(server, 'POST', '/services/order/new', { body: { service: house.serviceId, items: [{ id: bedroom.id, quantity: 1 }], quote: made.id } })).status).toBe(401);
  });

  it('prices the checkout for its address: a quote without a postcode checked out to WC2N answers 409 priceChanged, then checks out at the confirmed total', async () => {
    const bedroom = itemNamed(house, 'Bedroom');
    const made = await quote({ service: house.serviceId, items: [{ id: bedroom.id, quantity: 1 }], frequency: 'one_off' });
    const { data: summary } = await server.api.POST('/services/order/new', {
      body: { service: house.serviceId, items: [{ id: bedroom.id, quantity: 1 }], quote: made.id }, headers: server.bearer(jane.token),
    });
    const body = { ...checkoutBody(summary!.id, due()), code_postal: 'WC2N 5DU' };
    const changed = await checkout(server, jane.token, body);
    expect(changed.response.status).toBe(409);
    expect(changed.error).toEqual({
      message: 'The price for WC2N 5DU is £36.50, not £25.00: please confirm the new total before paying',
      priceChanged: { previousTotal: 25, total: 36.5, vat: 6.08, lines: [
        { kind: 'item', name: 'Bedroom', quantity: 1, unitPrice: 25, amount: 25 }, { kind: 'congestion', name: 'Congestion Charge', amount: 11.5 },
      ] },
    });
    expect((await checkout(server, jane.token, { ...body, confirmed_total: 25 })).response.status).toBe(409);
    expect((await checkout(server, jane.token, { ...body, confirmed_total: 36.5 })).response.status).toBe(200);
    expect(await myOrder(server, jane.token, summary!.id)).toMatchObject({ total: 36.5 });
  });

  it('without a quote, the spec call still prices from the same rule: One-off, Σ price × quantity, VAT included', async () => {
    const bedroom = itemNamed(house, 'Bedroom');
    const { data } = await server.api.POST('/services/order/new', {
      body: { service: house.serviceId, items: [{ id: bedroom.id, quantity: 3 }] }, headers: server.bearer(jane.token),
    });
    expect(data).toMatchObject({ total: 75, vat: 12.5, frequency: 'one_off' });
  });
});
