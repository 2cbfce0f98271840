import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutBody, createOrder, firstCatalogue, newCustomer, type Answer, type Catalogue, type Session } from '../support/api-actors';
import { databaseLabel, startHardeningTarget, type HardeningTarget } from '../support/hardening-target';

/**
 * Payment-grade exactly-once: 50 Pay requests at the same moment for one order make one checkout,
 * whether they share one Idempotency-Key (a client retrying) or carry 50 different ones (50 tabs).
 * A checkout is counted from the order's audit trail (one `order.checkout` entry per checkout),
 * not from the answers. Races only show on PostgreSQL (PGlite has one connection); run both.
 */
const PARALLEL = 50;
const ROUNDS = 3;

let target: HardeningTarget;
let customer: Session;
let catalogue: Catalogue;

beforeAll(async () => {
  target = await startHardeningTarget();
  customer = await newCustomer(target.api, 'Payer');
  catalogue = await firstCatalogue(target.api, customer.token);
}, 120_000);

afterAll(async () => {
  await target?.stop();
});

async function checkoutsMade(orderId: number): Promise<number> {
  const detail = await target.api.call('GET', `/admin/order/${orderId}`, { token: target.admin.token });
  expect(detail.status).toBe(200);
  return (detail.body.history as { action: string }[]).filter((entry) => entry.action === 'order.checkout').length;
}

/** What the form sends for an order: a retry (the same key) sends the same time and details again. */
const forms = new Map<string, ReturnType<typeof checkoutBody>>();
function pay(orderId: number, key: string, payment: 'cash' | 'card' = 'card'): Promise<Answer> {
  const form = `${orderId}:${payment}`;
  if (!forms.has(form)) forms.set(form, checkoutBody(orderId, payment));
  return target.api.call('POST', '/services/order/checkout', { token: customer.token, body: forms.get(form), headers: { 'idempotency-key': key } });
}

describe(`checkout exactly once (${databaseLabel()})`, () => {
  it(`${PARALLEL} parallel Pay requests with one Idempotency-Key make one checkout and get one answer`, async () => {
    let attempts = 0;
    let checkouts = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = await createOrder(target.api, customer, catalogue);
      const key = randomUUID();
      const answers = await Promise.all(Array.from({ length: PARALLEL }, () => pay(order.id, key)));
      attempts += answers.length;
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
      // A retry replays the first answer: the same payment page for every attempt.
      expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
      checkouts += await checkoutsMade(order.id);
    }
    console.log(`Checkout, one Idempotency-Key (${databaseLabel()}): ${attempts} attempts on ${ROUNDS} orders, ${checkouts} checkouts made`);
    expect(checkouts).toBe(ROUNDS);
  }, 120_000);

  it(`${PARALLEL} parallel Pay requests with different keys make one checkout; the others get 409 with a message`, async () => {
    let attempts = 0;
    let checkouts = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = await createOrder(target.api, customer, catalogue);
      const answers = await Promise.all(Array.from({ length: PARALLEL }, () => pay(order.id, randomUUID(), 'cash')));
      attempts += answers.length;
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(PARALLEL - 1);
      for (const answer of answers.filter((a) => a.status === 409)) expect(answer.body.message).toEqual(expect.any(String));
      checkouts += await checkoutsMade(order.id);
    }
    console.log(`Checkout, ${PARALLEL} different keys (${databaseLabel()}): ${attempts} attempts on ${ROUNDS} orders, ${checkouts} checkouts made`);
    expect(checkouts).toBe(ROUNDS);
  }, 120_000);

  it('refuses a used Idempotency-Key with another payload (422) and an order already checked out (409)', async () => {
    const order = await createOrder(target.api, customer, catalogue);
    const key = randomUUID();
    expect((await pay(order.id, key, 'cash')).status).toBe(200);
    const otherPayload = await pay(order.id, key, 'card');
    expect(otherPayload.status).toBe(422);
    expect(otherPayload.body.message).toBe('This Idempotency-Key was used for another request');
    const again = await pay(order.id, randomUUID(), 'cash');
    expect(again.status).toBe(409);
    expect(await checkoutsMade(order.id)).toBe(1);
  }, 60_000);

  it('keeps the answers in the contract and raises no server error', () => {
    console.log(`Contract check (checkout races): ${target.validator.summary()}`);
    expect(target.validator.violations()).toEqual([]);
    expect(target.validator.serverErrors()).toEqual([]);
  });
});
