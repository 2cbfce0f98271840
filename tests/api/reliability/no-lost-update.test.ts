import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOrder, checkedOutOrder, firstCatalogue, login, newCustomer, orderWithPendingRefund, type Answer, type Catalogue, type Session } from '../support/api-actors';
import { databaseLabel, startHardeningTarget, type HardeningTarget } from '../support/hardening-target';
import { TEST_ADMIN } from '../support/test-server';

/**
 * Two administrators change the same order (or decide the same refund) at the same moment, both
 * from the version they loaded. Exactly one wins; the other gets 409 with a message (its screen
 * reloads the row), and what is stored is the winner's change. A lost update is a round where
 * both were told "saved", or where the stored value is not the winner's.
 */
const ROUNDS = 20;

let target: HardeningTarget;
let customer: Session;
let catalogue: Catalogue;
let first: Session;
let second: Session;

beforeAll(async () => {
  target = await startHardeningTarget();
  customer = await newCustomer(target.api, 'Orderer');
  catalogue = await firstCatalogue(target.api, customer.token);
  // Two sessions, two administrators at two desks.
  first = await login(target.api, TEST_ADMIN.email, TEST_ADMIN.password);
  second = await login(target.api, TEST_ADMIN.email, TEST_ADMIN.password);
}, 120_000);

afterAll(async () => {
  await target?.stop();
});

function judgeRound(answers: [Answer, Answer], stored: string, wanted: [string, string]): { lost: boolean; problem: string | null } {
  const winners = answers.map((answer, index) => (answer.status === 200 ? index : -1)).filter((index) => index >= 0);
  const losers = answers.filter((answer) => answer.status === 409);
  if (winners.length !== 1 || losers.length !== 1) {
    return { lost: winners.length > 1, problem: `statuses ${answers.map((a) => a.status).join(', ')}` };
  }
  if (typeof losers[0]!.body?.message !== 'string') return { lost: false, problem: '409 without a message' };
  const winner = wanted[winners[0]!]!;
  return { lost: stored !== winner, problem: stored === winner ? null : `stored ${stored}, the winner set ${winner}` };
}

describe(`no lost update (${databaseLabel()})`, () => {
  it(`two administrators changing one order's status at once: one wins, the other gets 409 (${ROUNDS} rounds)`, async () => {
    let lost = 0;
    const problems: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = { id: await checkedOutOrder(target.api, customer, catalogue) };
      const { version } = await adminOrder(target.api, first, order.id);
      const wanted: [string, string] = ['completed', 'cancelled'];
      const answers = (await Promise.all([
        target.api.call('PUT', `/admin/order/update/${wanted[0]}/${order.id}`, { token: first.token, body: { status: wanted[0], version } }),
        target.api.call('PUT', `/admin/order/update/${wanted[1]}/${order.id}`, { token: second.token, body: { status: wanted[1], version } }),
      ])) as [Answer, Answer];
      const stored = (await adminOrder(target.api, first, order.id)).status;
      const verdict = judgeRound(answers, stored, wanted);
      if (verdict.lost) lost += 1;
      if (verdict.problem) problems.push(`round ${round}: ${verdict.problem}`);
    }
    console.log(`Order status (${databaseLabel()}): ${ROUNDS} rounds, ${lost} lost updates`);
    expect(problems).toEqual([]);
    expect(lost).toBe(0);
  }, 180_000);

  it(`two administrators deciding one refund at once: one wins, the other gets 409 (${ROUNDS} rounds)`, async () => {
    let lost = 0;
    const problems: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const orderId = await orderWithPendingRefund(target.api, customer, catalogue);
      const refunds = await target.api.call('GET', '/admin/refunds/', { token: first.token });
      const { version } = (refunds.body as { order_id: number; version: number }[]).find((refund) => refund.order_id === orderId)!;
      const wanted: [string, string] = ['accepted', 'rejected'];
      const answers = (await Promise.all([
        target.api.call('PUT', '/admin/refund/status', { token: first.token, body: { status: wanted[0], order: orderId, version } }),
        target.api.call('PUT', '/admin/refund/status', { token: second.token, body: { status: wanted[1], order: orderId, version } }),
      ])) as [Answer, Answer];
      const after = await target.api.call('GET', '/admin/refunds/', { token: first.token });
      const stored = (after.body as { order_id: number; status: string }[]).find((refund) => refund.order_id === orderId)!.status;
      const verdict = judgeRound(answers, stored, wanted);
      if (verdict.lost) lost += 1;
      if (verdict.problem) problems.push(`round ${round}: ${verdict.problem}`);
    }
    console.log(`Refund decision (${databaseLabel()}): ${ROUNDS} rounds, ${lost} lost updates`);
    expect(problems).toEqual([]);
    expect(lost).toBe(0);
  }, 180_000);

  it('keeps the answers in the contract and raises no server error', () => {
    expect(target.validator.violations()).toEqual([]);
    expect(target.validator.serverErrors()).toEqual([]);
  });
});
