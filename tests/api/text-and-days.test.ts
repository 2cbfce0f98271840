import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutBody, createOrder, firstCatalogue, newCustomer, type Answer, type Catalogue, type Session } from './support/api-actors';
import { QUERY_NOT_UTF8 } from '../../server/plugins/strict-inputs';
import { databaseLabel, startHardeningTarget, type HardeningTarget } from './support/hardening-target';

/**
 * Issue 34, rows 3 and 4: input is text or it is refused. A lone UTF-16 surrogate ("Sue \udc00")
 * is not a character: PostgreSQL's text and jsonb (a mail job) refuse it, so it answered 500 on
 * registration, checkout and staff forms. A day in the year 9999 answered 500 on the public free
 * times and the back office's closures and schedule. Both are refused at the contract's edge with
 * 400 and a message, in a body, a path and a query alike (strict-inputs, the contract's `Day`).
 */
let target: HardeningTarget;
let customer: Session;
let catalogue: Catalogue;

beforeAll(async () => {
  target = await startHardeningTarget();
  customer = await newCustomer(target.api, 'Unicode');
  catalogue = await firstCatalogue(target.api, customer.token);
}, 120_000);
afterAll(() => target?.stop());

const LONE = '\udc00';
const notText = (where: string) => `${where} must be well-formed Unicode text (a lone surrogate such as \\udc00 is not a character)`;
const notADay = (where: string) => `${where} must be a day from 2000-01-01 to 2099-12-31 (YYYY-MM-DD)`;
const admin = () => target.admin.token;

function expectRefused(answer: Answer, message: string): void {
  expect({ status: answer.status, body: answer.body }).toEqual({ status: 400, body: { message } });
}

/**
 * A path or query value as raw bytes on the wire: %ED%B0%80 is U+DC00 encoded as if it were a
 * character (not UTF-8). The query parser kept such a value undecoded and searched for it.
 */
const RAW_LONE = '%ED%B0%80';

describe(`a lone surrogate is refused with 400, never a 500 (${databaseLabel()})`, () => {
  it('in the name a visitor registers with (no sign-in needed), and nothing is mailed or stored', async () => {
    const email = `lone-${Date.now()}@example.co.uk`;
    const answer = await target.api.call('POST', '/auth/register', { body: { name: `Susan Smith ${LONE}`, email, password: 'correct-horse-battery' } });
    expectRefused(answer, notText('body/name'));
    const [row] = await target.db!.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE email = $1', [email]);
    expect(row!.n).toBe(0);
  });

  it("in a checkout's address and note, and a high surrogate alone too", async () => {
    const order = await createOrder(target.api, customer, catalogue);
    const body = checkoutBody(order.id);
    expectRefused(await target.api.call('POST', '/services/order/checkout', { token: customer.token, body: { ...body, address: `1 High St ${LONE}` } }), notText('body/address'));
    expectRefused(await target.api.call('POST', '/services/order/checkout', { token: customer.token, body: { ...body, client_note: 'Key under the mat \ud83d' } }), notText('body/client_note'));
    // The same checkout in well-formed text (an emoji is a surrogate pair) goes through.
    const fine = await target.api.call('POST', '/services/order/checkout', { token: customer.token, body: { ...body, client_note: 'Key under the mat 🔑' } });
    expect(fine.status).toBe(200);
  });

  it("in a staff form (a closure's reason), and in a field name", async () => {
    expectRefused(await target.api.call('POST', '/admin/closures', { token: admin(), body: { date: '2031-01-02', reason: `Closed ${LONE}` } }), notText('body/reason'));
    expectRefused(await target.api.call('POST', '/admin/closures', { token: admin(), body: { date: '2031-01-02', [`reason${LONE}`]: 'x' } }), notText('body (a field name)'));
  });

  it('in a path value and a query value sent as raw bytes', async () => {
    const path = await fetch(`${target.api.baseUrl}/api/auth/confirm-email/abc${RAW_LONE}`, { method: 'POST' });
    expect({ status: path.status, body: await path.json() }).toEqual({ status: 400, body: { message: 'The address of this request is not valid' } });
    const query = await fetch(`${target.api.baseUrl}/api/admin/customers?q=Sue${RAW_LONE}`, { headers: { authorization: `Bearer ${admin()}` } });
    expect({ status: query.status, body: await query.json() }).toEqual({ status: 400, body: { message: QUERY_NOT_UTF8 } });
  });
});

describe(`a day outside 2000-01-01..2099-12-31 is refused with 400, never a 500 (${databaseLabel()})`, () => {
  it('on the public free times, and the last weeks of the range still answer', async () => {
    expectRefused(await target.api.call('GET', `/availability?service=${catalogue.serviceId}&from=9999-12-20&days=28`), notADay('querystring/from'));
    expectRefused(await target.api.call('GET', `/availability?service=${catalogue.serviceId}&from=1999-12-31`), notADay('querystring/from'));
    const last = await target.api.call('GET', `/availability?service=${catalogue.serviceId}&from=2099-12-20&days=28`);
    expect(last.status).toBe(200);
  });

  it("on the back office's closures and schedule (body, path and query)", async () => {
    expectRefused(await target.api.call('POST', '/admin/closures', { token: admin(), body: { date: '9999-12-25', reason: 'Christmas Day' } }), notADay('body/date'));
    expectRefused(await target.api.call('GET', '/admin/closures/9999-12-25/visits', { token: admin() }), notADay('params/date'));
    expectRefused(await target.api.call('DELETE', '/admin/closures/9999-12-25', { token: admin() }), notADay('params/date'));
    expectRefused(await target.api.call('GET', '/admin/schedule?from=9999-12-27', { token: admin() }), notADay('querystring/from'));
  });

  it("on a customer's checkout", async () => {
    const order = await createOrder(target.api, customer, catalogue);
    expectRefused(await target.api.call('POST', '/services/order/checkout', { token: customer.token, body: { ...checkoutBody(order.id), due_date: '9999-12-20' } }), notADay('body/due_date'));
  });
});
