import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutRequest, PricingAuditEntry, PricingRules } from '../../openapi/schema';
import { londonLocalToInstant } from '../../domain/time/london-time';
import { checkout, checkoutBody, createClock, send } from './booking-fixtures';
import { startTestServer, type TestCustomer, type TestServer } from './support/test-server';

/**
 * Real capacity (issue 26 §3, decision 041): an End of Tenancy job blocks its team for its real
 * length (the service's base time plus its items') and the travel gap after it — 30 minutes
 * within the postcode area, 60 from another — in the calendar and at checkout, also when checkouts
 * race; staff edit the lengths and the gap. One team, so every job is that team's. On PostgreSQL
 * with DATABASE_URL the racing checkouts run on pooled connections.
 */
const clock = createClock('2027-03-20T09:00:00Z');
const DAY = '2027-04-06';
let server: TestServer;
let admin: string;
let customers: TestCustomer[];
let rules: PricingRules;

beforeAll(async () => {
  server = await startTestServer({ now: clock.now, teams: 1 });
  admin = await server.adminToken();
  customers = await Promise.all(['Jane', 'Omar', 'Ruth', 'Kofi', 'Ines'].map((name) => server.createCustomer({ name: `${name} Tenancy` })));
  rules = (await send(server, 'GET', '/admin/pricing', { token: admin })).body as PricingRules;
});
afterAll(async () => server?.close());

const tenancy = () => rules.services.find((service) => service.name === 'End of Tenancy')!;
const itemOf = (service: string, name: string) => rules.items.find((item) => item.serviceName === service && item.name === name)!;

/** A draft of `quantity` × `item` of `service`. */
async function draft(customer: TestCustomer, service: string, item: string, quantity = 1) {
  const chosen = itemOf(service, item);
  const { data, response } = await server.api.POST('/services/order/new', {
    body: { service: chosen.service, items: [{ id: chosen.id, quantity }] },
    headers: server.bearer(customer.token),
  });
  expect(response.status).toBe(201);
  return data!;
}

async function book(customer: TestCustomer, orderId: number, date: string, time: string, postcode = 'NW1 6XE') {
  const body: CheckoutRequest = { ...checkoutBody(orderId, londonLocalToInstant(date, time)), code_postal: postcode };
  const { response, error } = await checkout(server, customer.token, body);
  return { status: response.status, message: error?.message };
}

async function free(date: string, minutes: number, postcode?: string): Promise<Record<string, number>> {
  const { data } = await server.api.GET('/availability', {
    params: { query: { service: tenancy().id, from: date, days: 1, duration: minutes, ...(postcode ? { postcode } : {}) } },
  });
  return Object.fromEntries(data!.days[0]!.times.map((slot) => [slot.time, slot.free]));
}

describe('an End of Tenancy job holds its team for its real length plus travel', () => {
  it('a studio takes 3 hours (2 hours base + the studio), and the team is busy until the travel gap after it', async () => {
    const studio = await draft(customers[0]!, 'End of Tenancy', 'Studio flat');
    expect(studio.duration_minutes).toBe(180);
    expect(await book(customers[0]!, studio.id, DAY, '10:00')).toEqual({ status: 200, message: undefined });

    // An hour's job in the same area (NW): free until 08:30 (ends 09:30, 30 minutes before), again from 13:30.
    const sameArea = await free(DAY, 60, 'NW8 7AB');
    expect([sameArea['08:30'], sameArea['09:00'], sameArea['12:30'], sameArea['13:00'], sameArea['13:30']]).toEqual([1, 0, 0, 0, 1]);
    // From another area, or before the postcode is known, the gap is an hour.
    const otherArea = await free(DAY, 60, 'E14 5AB');
    expect([otherArea['08:00'], otherArea['08:30'], otherArea['13:30'], otherArea['14:00']]).toEqual([1, 0, 0, 1]);
    expect((await free(DAY, 60))['13:30']).toBe(0);

    // Checkout, knowing the address, holds to the same rule.
    const next = await draft(customers[1]!, 'House Keeping', 'Bedroom', 2);
    const taken = { status: 409, message: 'That time was just taken — please choose another' };
    expect(await book(customers[1]!, next.id, DAY, '13:00')).toEqual(taken);
    expect(await book(customers[1]!, next.id, DAY, '13:30', 'E14 5AB')).toEqual(taken);
    expect(await book(customers[1]!, next.id, DAY, '09:15')).toEqual(taken);
    expect(await book(customers[1]!, next.id, DAY, '13:30', 'NW8 7AB')).toEqual({ status: 200, message: undefined });
  });

  it('of five checkouts racing for overlapping times of one team, exactly one is placed', async () => {
    const day = '2027-04-07';
    const drafts = await Promise.all(customers.map((customer) => draft(customer, 'End of Tenancy', 'Studio flat')));
    // 10:00–13:00 and each later start lie within 13:00 + 30 minutes' travel of one another.
    const times = ['10:00', '11:00', '12:00', '13:00', '13:15'];
    const answers = await Promise.all(drafts.map((order, index) => book(customers[index]!, order.id, day, times[index]!)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(4);
    const placed = await server.db.query<{ count: number }>(
      `SELECT count(*)::integer AS count FROM orders WHERE checked_out_at IS NOT NULL AND due_at >= $1 AND due_at < $2`,
      [londonLocalToInstant(day, '00:00'), londonLocalToInstant(day, '23:59')],
    );
    expect(Number(placed[0]!.count)).toBe(1);
  });
});

describe('staff edit the job lengths and the travel gap (/settings/pricing)', () => {
  it('a new base time and item length make the next jobs longer; booked ones keep theirs; each change is audited', async () => {
    const service = tenancy();
    expect(service.baseMinutes).toBe(120);
    const changed = await send(server, 'PUT', `/admin/pricing/services/${service.id}/minutes`, { token: admin, body: { minutes: 150 } });
    expect(changed).toEqual({ status: 200, body: { id: service.id, name: 'End of Tenancy', baseMinutes: 150 } });
    const studio = itemOf('End of Tenancy', 'Studio flat');
    const item = await send(server, 'PUT', `/admin/pricing/items/${studio.id}/minutes`, { token: admin, body: { minutes: 90 } });
    expect(item.body).toMatchObject({ id: studio.id, minutes: 90 });
    expect((await draft(customers[2]!, 'End of Tenancy', 'Studio flat')).duration_minutes).toBe(240);
    const booked = await server.db.query<{ duration_minutes: number }>(
      `SELECT duration_minutes FROM orders WHERE due_at = $1 AND checked_out_at IS NOT NULL`, [londonLocalToInstant(DAY, '10:00')],
    );
    expect(booked.map((row) => row.duration_minutes)).toEqual([180]);

    const audit = (await send(server, 'GET', '/admin/pricing/audit', { token: admin })).body as PricingAuditEntry[];
    expect(audit.slice(0, 2).map(({ rule, subject, from, to }) => ({ rule, subject, from, to }))).toEqual([
      { rule: 'item_minutes', subject: 'End of Tenancy — Studio flat', from: '60 min', to: '90 min' },
      { rule: 'service_minutes', subject: 'End of Tenancy', from: '120 min', to: '150 min' },
    ]);
  });

  it('a new travel gap is in the next availability read', async () => {
    expect((await free(DAY, 60, 'NW8 7AB'))['09:00']).toBe(0);
    const travel = await send(server, 'PUT', '/admin/pricing/travel', { token: admin, body: { sameAreaMinutes: 0, otherAreaMinutes: 45 } });
    expect(travel).toEqual({ status: 200, body: { sameAreaMinutes: 0, otherAreaMinutes: 45 } });
    expect((await free(DAY, 60, 'NW8 7AB'))['09:00']).toBe(1);
    expect((await free(DAY, 60, 'E14 5AB'))['09:00']).toBe(0);
  });

  it('refuses lengths out of range with a message, and customers', async () => {
    const service = tenancy();
    for (const minutes of [-1, 721, 1.5, '60']) {
      const answer = await send(server, 'PUT', `/admin/pricing/services/${service.id}/minutes`, { token: admin, body: { minutes } });
      expect(answer.status).toBe(400);
      expect(typeof answer.body.message).toBe('string');
    }
    expect((await send(server, 'PUT', '/admin/pricing/travel', { token: admin, body: { sameAreaMinutes: 30, otherAreaMinutes: 241 } })).status).toBe(400);
    expect((await send(server, 'PUT', '/admin/pricing/services/999999/minutes', { token: admin, body: { minutes: 10 } })).status).toBe(404);
    expect((await send(server, 'PUT', `/admin/pricing/services/${service.id}/minutes`, { token: customers[0]!.token, body: { minutes: 10 } })).status).toBe(403);
  });
});
