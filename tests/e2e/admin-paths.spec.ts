import type { Page } from '@playwright/test';
import type { OrderDetail, UserInfo } from '../../openapi/schema';
import { adminApi, newSignedInCustomer, placeOrder, requestRefund, type PlacedOrder, type SignedInCustomer } from './support/admin-data';
import { longestWalks, orderScenarios, refundScenarios, type UiScenario, type UiStep } from './support/admin-update-scenarios';
import { choose, rowWith, selectTrigger, showRowsPerPage, signIn, sortBy, statusLabel } from './support/admin-ui';
import type { ApiClient } from './support/api-client';
import { expect, ok, test } from './support/fixtures';


/**
 * The order-update and refund-update machines' generated paths, walked in the real back office in
 * Chromium against the real server. After every step the row must show what the machine's state
 * says: Update disabled (idle), enabled (statusChosen), a toast and the saved status (updated), the
 * error with Retry (failed), or the conflict note after the list reloaded (conflicted).
 */
const orderPaths = orderScenarios();
const refundPaths = refundScenarios();
const orders = longestWalks(orderPaths);
const refunds = longestWalks(refundPaths);

// The back office is heavy on a busy two-core machine: a walk loads the app and makes several calls.
test.describe.configure({ timeout: 300_000 });

let admin: { api: ApiClient; user: UserInfo };
let customer: SignedInCustomer;
test.beforeAll(async () => {
  admin = await adminApi();
  customer = await newSignedInCustomer('admin-path');
});

test('the models yield UI walks covering every machine state and every path', () => {
  for (const [name, paths, walks] of [['order-update', orderPaths, orders], ['refund-update', refundPaths, refunds]] as const) {
    const states = new Set(walks.flatMap((s) => s.steps.map((step) => step.state)));
    console.log(`${name}: ${paths.length} UI paths in ${walks.length} walks, reaching ${[...states].sort().join(', ')}`);
    expect([...states].sort()).toEqual(['conflicted', 'failed', 'idle', 'statusChosen', 'updated']);
    // Every generated path is a walk or the beginning of one.
    for (const path of paths) expect(walks.some((w) => w.name === path.name || w.name.startsWith(`${path.name} → `))).toBe(true);
  }
});

/** Several walks share one page load (each on its own order), so a busy machine runs them in minutes. */
const batchSize = 5;
function batches<T>(items: T[]): T[][] {
  return Array.from({ length: Math.ceil(items.length / batchSize) }, (_, i) => items.slice(i * batchSize, (i + 1) * batchSize));
}

test.describe('order update paths', () => {
  batches(orders).forEach((batch, index) => {
    test(`order walks ${index + 1}: ${batch.map((s) => `[${s.name}]`).join(' ')}`, async ({ page }) => {
      const placed = await Promise.all(batch.map(() => placeOrder(customer)));
      await signIn(page, admin.user);
      await page.goto('/orders');
      // The newest orders first, 25 a page, so these orders are on screen.
      await showRowsPerPage(page, 25);
      await sortBy(page, 'Order id', 'descending');
      for (const [i, scenario] of batch.entries()) {
        const order = placed[i]!;
        const { number } = order;
        await test.step(`order ${number}: ${scenario.name}`, () =>
          walk(page, scenario, {
            label: `Status of order ${number}`,
            update: `Update order ${number}`,
            retry: `Retry order ${number}`,
            toast: (status) => `Order ${number} is now ${statusLabel(status)}`,
            failRoute: `**/api/admin/order/update/*/${order.id}`,
            provoke: () => touchOrder(order),
          }),
        );
      }
    });
  });
});

test.describe('refund update paths', () => {
  batches(refunds).forEach((batch, index) => {
    test(`refund walks ${index + 1}: ${batch.map((s) => `[${s.name}]`).join(' ')}`, async ({ page }) => {
      const placed = await Promise.all(batch.map(() => placeOrder(customer)));
      for (const order of placed) await requestRefund(order);
      await signIn(page, admin.user);
      await page.goto('/refund-orders');
      // This worker's customer's requests, newest first, so these requests are on screen.
      await page.getByLabel('Filter by name').fill(customer.customer.name);
      await showRowsPerPage(page, 25);
      await sortBy(page, 'Order Id', 'descending');
      for (const [i, scenario] of batch.entries()) {
        const order = placed[i]!;
        const { number } = order;
        await test.step(`refund of order ${number}: ${scenario.name}`, () =>
          walk(page, scenario, {
            label: `Refund status of order ${number}`,
            update: `Update refund of order ${number}`,
            retry: `Retry refund of order ${number}`,
            toast: (status) => `Refund for order ${number} ${status}`,
            failRoute: '**/api/admin/refund/status',
            provoke: (chosen) => decideElsewhere(order, chosen === 'accepted' ? 'rejected' : 'accepted'),
          }),
        );
      }
    });
  });
});

interface RowControls {
  label: string;
  update: string;
  retry: string;
  toast: (status: string) => string;
  failRoute: string;
  /** Another administrator changes the row first, so this Update meets a 409. */
  provoke: (chosen: string) => Promise<void>;
}

async function walk(page: Page, scenario: UiScenario, row: RowControls): Promise<void> {
  const update = page.getByRole('button', { name: row.update });
  const rowLocator = rowWith(page, update);
  let chosen = '';
  // An answer can take a while on a busy machine (a provoked change, the call, then the reload).
  const answered = { timeout: 20_000 };
  for (const { step, state, status } of scenario.steps) {
    await test.step(`${describe(step)} → ${state}`, async () => {
      if (step.kind === 'choose') {
        chosen = step.status;
        await choose(page, row.label, statusLabel(step.status));
      } else {
        if (step.provoke) await row.provoke(chosen);
        if (step.outcome === 'fail') await page.route(row.failRoute, (route) => route.abort('failed'), { times: 1 });
        await page.getByRole('button', { name: step.kind === 'update' ? row.update : row.retry }).click();
      }
      switch (state) {
        case 'idle':
          await expect(update).toBeDisabled();
          await expect(rowLocator.getByRole('alert')).toHaveCount(0);
          break;
        case 'statusChosen':
          await expect(update).toBeEnabled();
          await expect(selectTrigger(page, row.label)).toContainText(statusLabel(chosen));
          break;
        case 'updated':
          await expect(page.getByText(row.toast(status)).last()).toBeVisible(answered);
          await expect(rowLocator.getByText(statusLabel(status), { exact: true }).first()).toBeVisible();
          await expect(update).toBeDisabled();
          break;
        case 'failed':
          await expect(rowLocator.getByRole('alert')).toContainText('Network Error', answered);
          await expect(page.getByRole('button', { name: row.retry })).toBeVisible();
          break;
        case 'conflicted':
          await expect(rowLocator.getByRole('alert')).toContainText('The list now shows the stored status.', answered);
          // Refused: the control is back at the stored status (not the refused choice); nothing to retry.
          await expect(selectTrigger(page, row.label)).not.toContainText(statusLabel(chosen), answered);
          await expect(page.getByRole('button', { name: row.retry })).toHaveCount(0);
          break;
      }
    });
  }
}

function describe(step: UiStep): string {
  return step.kind === 'choose' ? `choose ${step.status}` : `${step.kind} (${step.outcome}${step.provoke ? ', changed elsewhere first' : ''})`;
}

/** Another administrator moves the order away and back: the same status, a newer version. */
async function touchOrder(order: PlacedOrder): Promise<void> {
  const detail = await ok<OrderDetail>(admin.api.GET('/admin/order/{id}', { params: { path: { id: order.id } } }));
  const current = detail.status;
  // Through the other open status: cancelled is final and completed waits for the job's start.
  const away = current === 'payment_validated' ? 'awaiting_validation' : 'payment_validated';
  for (const status of [away, current] as const) {
    await ok(admin.api.PUT('/admin/order/update/{status}/{id}', { params: { path: { status, id: order.id } }, body: { status } }));
  }
}

async function decideElsewhere(order: PlacedOrder, status: 'accepted' | 'rejected'): Promise<void> {
  await ok(admin.api.PUT('/admin/refund/status', { body: { status, order: order.id } }));
}
