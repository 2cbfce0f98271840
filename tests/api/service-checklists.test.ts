import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminTeam, CleanerJob, CleanerJobs, OrderDetail, PricingAuditEntry, PricingRules, ServiceChecklist } from '../../openapi/schema';
import { londonLocalToInstant } from '../../domain/time/london-time';
import { catalogue, checkout, checkoutBody, createClock, placeOrder, send, type Catalogue } from './booking-fixtures';
import { startTestServer, type TestCustomer, type TestServer } from './support/test-server';

/**
 * Staff edit a service's checklist (issue 26 item 2, decision 050) over real HTTP: the prices page's
 * rules answer every service's list (the default one until edited), a change is audited like a
 * price, bad lists are 400 with nothing changed, and the team's next check-out of that service shows
 * and records the new list (labels of the old list are dropped).
 */
const clock = createClock('2027-05-10T08:00:00Z');
const JOB_DAY = '2027-05-14';
const LIST = ['Oven inside', 'Fridge wiped', 'Windows and doors locked on leaving'];
let server: TestServer;
let admin: string;
let jane: TestCustomer;
let house: Catalogue;
let team: AdminTeam;
let cleaner: string;
let order: number;

beforeAll(async () => {
  server = await startTestServer({ now: clock.now, teams: 3 });
  admin = await server.adminToken();
  jane = await server.createCustomer({ name: 'Jane Checklist' });
  house = await catalogue(server, jane.token);
  team = ((await send(server, 'GET', '/admin/teams', { token: admin })).body as AdminTeam[]).find((one) => one.name === 'Team A')!;
  expect((await send(server, 'POST', '/admin/cleaners', { token: admin, body: { name: 'Cleo Ticker', email: 'cleo@cleaners.example', team: team.id } })).status).toBe(201);
  await server.mailSettled();
  const link = (await server.latestMail('cleo@cleaners.example'))!.links.find((href) => href.includes('/reset-password/'))!;
  const token = link.split('/reset-password/')[1]!.split('?')[0]!;
  expect((await send(server, 'PUT', `/auth/reset-password/${token}`, { body: { token, password: 'cleaner-password-1' } })).status).toBe(200);
  const placed = await placeOrder(server, jane.token, house);
  expect((await checkout(server, jane.token, checkoutBody(placed.id, londonLocalToInstant(JOB_DAY, '10:00')))).response.status).toBe(200);
  order = placed.id;
  expect((await send(server, 'PUT', `/admin/schedule/jobs/${order}/team`, { token: admin, body: { team: team.id } })).status).toBe(200);
});
afterAll(async () => server?.close());

const putList = (items: unknown, id = house.serviceId) => send(server, 'PUT', `/admin/pricing/services/${id}/checklist`, { token: admin, body: { items } });
const checklistOf = async (): Promise<ServiceChecklist> =>
  ((await send(server, 'GET', '/admin/pricing', { token: admin })).body as PricingRules).checklists.find((one) => one.id === house.serviceId)!;

describe('service checklists', () => {
  it('answers the default list until staff write one; a change is saved, trimmed and audited', async () => {
    const before = await checklistOf();
    expect(before.custom).toBe(false);
    expect(before.items.length).toBeGreaterThan(0);
    const saved = await putList(LIST.map((label) => ` ${label} `));
    expect(saved).toMatchObject({ status: 200, body: { id: house.serviceId, items: LIST, custom: true } });
    expect(await checklistOf()).toMatchObject({ items: LIST, custom: true });
    const audit = (await send(server, 'GET', '/admin/pricing/audit', { token: admin })).body as PricingAuditEntry[];
    expect(audit[0]).toMatchObject({ rule: 'service_checklist', subject: before.name, from: before.items.join('; '), to: LIST.join('; ') });
  });

  it('refuses empty, repeated, too many or too long items and an unknown service, changing nothing', async () => {
    expect(await putList(['Oven', '  '])).toMatchObject({ status: 400, body: { message: 'A checklist item cannot be empty' } });
    expect(await putList(['Oven', 'oven'])).toMatchObject({ status: 400, body: { message: 'Each checklist item can be listed once' } });
    expect((await putList([])).status).toBe(400);
    expect((await putList(Array.from({ length: 31 }, (_, index) => `Item ${index}`))).status).toBe(400);
    expect((await putList(['x'.repeat(201)])).status).toBe(400);
    expect(await putList(['Oven'], 999_999)).toMatchObject({ status: 404, body: { message: 'Service not found' } });
    expect((await checklistOf()).items).toEqual(LIST);
  });

  it("the team's check-out shows and records the service's new list and completes the order", async () => {
    clock.set(londonLocalToInstant(JOB_DAY, '09:55'));
    cleaner = await server.login('cleo@cleaners.example', 'cleaner-password-1');
    const jobs = (await send(server, 'GET', '/cleaner/jobs', { token: cleaner })).body as CleanerJobs;
    expect(jobs.jobs.find((job) => job.id === order)!.checklist).toEqual(LIST);
    const step = (body: unknown) => send(server, 'POST', `/cleaner/jobs/${order}/progress`, { token: cleaner, body });
    expect((await step({ step: 'check_in' })).status).toBe(200);
    // Done at 11:40, after the 10:00 start: the check-out completes the order (decision 050).
    clock.set(londonLocalToInstant(JOB_DAY, '11:40'));
    cleaner = await server.login('cleo@cleaners.example', 'cleaner-password-1');
    admin = await server.adminToken();
    const done = await step({ step: 'check_out', checklist: ['Oven inside', 'Bins emptied', 'Fridge wiped'] });
    expect(done.status).toBe(200);
    expect((done.body as CleanerJob).visit.checklist_done).toEqual(['Oven inside', 'Fridge wiped']);
    const detail = (await send(server, 'GET', `/admin/order/${order}`, { token: admin })).body as OrderDetail;
    expect(detail).toMatchObject({ status: 'completed', completed: londonLocalToInstant(JOB_DAY, '11:40').toISOString() });
    expect(detail.history.find((entry) => entry.action === 'order.status')).toMatchObject({ actor: 'Cleo Ticker', from: 'awaiting_validation', to: 'completed' });
  });
});
