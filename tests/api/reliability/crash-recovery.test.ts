import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutBody, firstCatalogue, login, newCustomer, newOrderBody, type Catalogue, type Session } from '../support/api-actors';
import { databaseLabel, startProcessTarget, type ProcessTarget } from '../support/hardening-target';

/**
 * The server process is killed with SIGKILL at a random moment during a burst of orders and
 * checkouts, then started again on the same data (PGlite folder, or PostgreSQL), many times.
 * Afterwards: every order that was acknowledged (201) is there, no order is there twice, and every
 * checkout that was acknowledged, or retried with its Idempotency-Key after the restart, happened
 * exactly once (one `order.checkout` in the order's audit trail).
 * The moment of each kill is a number of acknowledged orders into the round (not a time), drawn
 * from a seed that is printed: `CRASH_SEED=<seed>` replays the same kill points.
 */
const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 8);
const WORKERS = 4;
const SEED = Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));

/** mulberry32: a small seeded generator, so a failing run's kill points can be replayed. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

let target: ProcessTarget;
let customer: Session;
let catalogue: Catalogue;

interface PendingCheckout { orderId: number; key: string; body: ReturnType<typeof checkoutBody> }

beforeAll(async () => {
  target = await startProcessTarget();
  customer = await newCustomer(target.api, 'Crash');
  catalogue = await firstCatalogue(target.api, customer.token);
}, 240_000);

afterAll(async () => {
  await target?.stop();
});

/**
 * Orders and checkouts until the server stops answering; what was acknowledged, and what is in
 * doubt. `onAcknowledged` hears the count of orders acknowledged in this burst.
 */
async function burst(
  acknowledged: Set<number>,
  checkedOut: Set<number>,
  inDoubt: PendingCheckout[],
  onAcknowledged: (count: number) => void,
): Promise<void> {
  let serverUp = true;
  let count = 0;
  const worker = async () => {
    while (serverUp) {
      try {
        const created = await target.api.call('POST', '/services/order/new', { token: customer.token, body: newOrderBody(catalogue, 1) });
        if (created.status !== 201) throw new Error(`create answered ${created.status}`);
        acknowledged.add(created.body.id);
        onAcknowledged(++count);
        const pending = { orderId: created.body.id as number, key: randomUUID(), body: checkoutBody(created.body.id, 'cash') };
        try {
          const paid = await target.api.call('POST', '/services/order/checkout', { token: customer.token, body: pending.body, headers: { 'idempotency-key': pending.key } });
          if (paid.status === 200) checkedOut.add(pending.orderId);
          else inDoubt.push(pending);
        } catch {
          inDoubt.push(pending);
          serverUp = false;
        }
      } catch {
        serverUp = false;
      }
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, worker));
}

describe(`crash recovery: SIGKILL during a burst of orders (${databaseLabel()})`, () => {
  it(`loses no acknowledged order and duplicates none over ${ROUNDS} kills`, async () => {
    console.log(`Crash recovery seed: CRASH_SEED=${SEED} (set it to replay these kill points)`);
    const random = seeded(SEED);
    const acknowledged = new Set<number>();
    const checkedOut = new Set<number>();
    const retried: PendingCheckout[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const inDoubt: PendingCheckout[] = [];
      // Killed after 3 to 40 acknowledged orders of this round, mid-burst.
      const killAfter = 3 + Math.floor(random() * 38);
      let reached!: () => void;
      const killPoint = new Promise<void>((resolve) => (reached = resolve));
      const running = burst(acknowledged, checkedOut, inDoubt, (count) => count >= killAfter && reached());
      await Promise.race([killPoint, running]);
      await target.restart('SIGKILL');
      await running;
      customer.token = (await login(target.api, customer.email, customer.password)).token;
      // The client retries an unanswered Pay with the same key: it must end checked out, once.
      for (const pending of inDoubt) {
        const retry = await target.api.call('POST', '/services/order/checkout', { token: customer.token, body: pending.body, headers: { 'idempotency-key': pending.key } });
        expect(retry.status, `retry of order ${pending.orderId}: ${retry.text}`).toBe(200);
        checkedOut.add(pending.orderId);
        retried.push(pending);
      }
    }

    // My orders is paged (at most 100 a page): read every page.
    const ids: number[] = [];
    for (let page = 1; ; page += 1) {
      const mine = await target.api.call('GET', `/services/order/get?limit=100&page=${page}`, { token: customer.token });
      expect(mine.status).toBe(200);
      const rows = mine.body as { id: number }[];
      ids.push(...rows.map((order) => order.id));
      if (rows.length < 100) break;
    }
    const found = [...acknowledged].filter((id) => ids.includes(id)).length;
    const duplicates = ids.length - new Set(ids).size;
    let checkoutsTwice = 0;
    for (const id of checkedOut) {
      const detail = await target.api.call('GET', `/admin/order/${id}`, { token: target.admin.token });
      const checkouts = (detail.body.history as { action: string }[]).filter((entry) => entry.action === 'order.checkout').length;
      if (checkouts !== 1) checkoutsTwice += 1;
    }
    const unacknowledged = ids.filter((id) => !acknowledged.has(id)).length;
    console.log(
      `Crash recovery (${databaseLabel()}, ${ROUNDS} SIGKILLs, CRASH_SEED=${SEED}): ${acknowledged.size} acknowledged, ${found} found, ${duplicates + checkoutsTwice} duplicates ` +
        `(${checkedOut.size} checkouts, ${retried.length} retried after a restart, ${unacknowledged} stored but unanswered at the kill)`,
    );
    expect(found).toBe(acknowledged.size);
    expect(duplicates).toBe(0);
    expect(checkoutsTwice).toBe(0);
    expect(acknowledged.size).toBeGreaterThan(0);
    expect(target.validator.violations()).toEqual([]);
    expect(target.validator.serverErrors()).toEqual([]);
  }, 900_000);
});
