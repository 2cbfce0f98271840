import type { Page } from '@playwright/test';
import type { Stats } from '../../openapi/schema';
import { admin as adminAccount } from './support/accounts';
import { adminApi, customerWithOrder, newSignedInCustomer, placeOrder, requestRefund } from './support/admin-data';
import { choose, openBackOfficePage, selectTrigger, showBackOfficeNav, showRowsPerPage, sortBy, tileValue } from './support/admin-ui';
import type { ApiClient } from './support/api-client';
import { orderNumberOf } from './support/order-number';
import { e2eBaseUrl } from './support/server-env';
import { createApiClient, expect, loginAs, ok, registerCustomer, test } from './support/fixtures';


/**
 * The back office end to end, as an administrator in Chromium against the real server. Other
 * specs create orders and refunds at the same time, so totals are compared with the API read at
 * the same moment (retrying until both agree) rather than with fixed numbers.
 */
test.describe.configure({ timeout: 180_000 });

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

const tiles: [string, keyof Stats, (n: number) => string][] = [
  ['Total Revenues', 'revenue', (n) => gbp.format(n)],
  ['Total Refound', 'refunded', (n) => gbp.format(n)],
  ['Total Users', 'users', String],
  ['Orders completed', 'completed', String],
  ['Orders in queue', 'inqueue', String],
  ['Orders canceled', 'cancelled', String],
];

/** The six totals, and the accepted refunds Total Refound sums (order id → total − fee), read together. */
interface Ledger {
  stats: Stats;
  accepted: Map<number, number>;
}

/**
 * Reloads the dashboard until its six tiles show what `read` answers from the API now; returns that.
 * The page and the API are read at one moment: a change made by another spec in between retries.
 */
async function dashboardMatchesApi<T extends { stats: Stats }>(page: Page, read: () => Promise<T>): Promise<T> {
  let answer: T | undefined;
  await expect(async () => {
    await page.goto('/');
    await expect(page.getByText('Loading statistics')).toHaveCount(0);
    answer = await read();
    for (const [label, key, format] of tiles) await expect(tileValue(page, label)).toHaveText(format(answer.stats[key]), { timeout: 1000 });
  }).toPass({ timeout: 90_000 });
  return answer!;
}

const statsOnly = (api: ApiClient) => async () => ({ stats: await ok(api.GET('/admin/counter')) });

/**
 * The totals with the accepted refunds they include. An accepted refund stays accepted, so when the
 * list is the same before and after the totals are read, the totals count exactly that list; when
 * another spec accepted one in between, this throws and the caller reads again.
 */
const ledgerOf = (api: ApiClient) => async (): Promise<Ledger> => {
  const before = await acceptedRefunds(api);
  const stats = await ok(api.GET('/admin/counter'));
  const accepted = await acceptedRefunds(api);
  expect([...accepted.keys()].sort(), 'no refund accepted while Total Refound was read').toEqual([...before.keys()].sort());
  return { stats, accepted };
};

test('an administrator sees the back office, keeps totals true, updates an order and decides a refund', async ({ page }) => {
  const { api } = await adminApi();
  const before = await ok(api.GET('/admin/counter'));
  // Data of our own: a new customer with a booked (cash) order is one more user and one more order in queue.
  const booked = await customerWithOrder('admin-dash');

  await test.step('logging in leads to the dashboard with its greeting', async () => {
    await loginAs(page, adminAccount);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Hi, Welcome back' })).toBeVisible();
    await expect((await showBackOfficeNav(page)).getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    // On a phone the navigation now covers the page: the administrator folds it away again.
    if (await page.getByRole('banner').getByRole('button', { name: 'Menu' }).isVisible()) await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
  });

  await test.step('the six tiles show the API totals, including our own customer and order', async () => {
    const now = (await dashboardMatchesApi(page, statsOnly(api))).stats;
    expect(now.users).toBeGreaterThanOrEqual(before.users + 1);
    expect(now.inqueue + now.completed + now.cancelled).toBeGreaterThanOrEqual(before.inqueue + before.completed + before.cancelled + 1);
    await expect(page.getByRole('table', { name: 'Revenue and orders per week' })).toHaveCount(1);
  });

  await test.step('changing an order status shows after a reload', async () => {
    await openBackOfficePage(page, 'Orders');
    await showRowsPerPage(page, 25);
    await sortBy(page, 'Order id', 'descending');
    const number = await orderNumberOf(booked.id);
    const update = page.getByRole('button', { name: `Update order ${number}` });
    await expect(update).toBeDisabled();
    // A job a week ahead cannot be completed yet (the lifecycle); an administrator can record a cash payment.
    await choose(page, `Status of order ${number}`, 'Payment validated');
    await update.click();
    // The toast names the reference people read (decision 073).
    await expect(page.getByText(`Order ${number} is now Payment validated`)).toBeVisible({ timeout: 20_000 });
    await page.reload();
    await showRowsPerPage(page, 25);
    await sortBy(page, 'Order id', 'descending');
    const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: `Update order ${number}` }) });
    await expect(row.getByRole('cell').nth(4)).toHaveText('Payment validated');
    await expect(selectTrigger(page, `Status of order ${number}`)).toContainText('Payment validated');
    const detail = await ok(api.GET('/admin/order/{id}', { params: { path: { id: booked.id } } }));
    expect(detail.status).toBe('payment_validated');
    expect(detail.history.at(-1)).toMatchObject({ action: 'order.status', to: 'payment_validated' });
  });

  await test.step('accepting a refund on an order never paid (cash) cancels it and adds £0 to Total Refound', async () => {
    const cancelled = await customerWithOrder('admin-refund');
    const fee = await requestRefund(cancelled, 'Our plans changed.');
    const before = await dashboardMatchesApi(page, ledgerOf(api));
    expect(before.accepted.has(cancelled.id)).toBe(false);

    await openBackOfficePage(page, 'Refunded orders');
    await page.getByLabel('Filter by name').fill(cancelled.customer.name);
    await expect(page.getByRole('table', { name: /Refund requests/ }).getByRole('row')).toHaveCount(2);
    await choose(page, `Refund status of order ${cancelled.number}`, 'Accepted');
    await page.getByRole('button', { name: `Update refund of order ${cancelled.number}` }).click();
    // Accepting asks once, naming the money (issue 33 row 6): nothing paid, so nothing refunded or owed.
    const confirm = page.getByRole('alertdialog', { name: `Accept the cancellation of order ${cancelled.number}?` });
    await expect(confirm).toContainText('Nothing was paid, so nothing is refunded or owed.');
    await expect(confirm).toContainText(`Order ${cancelled.number} of ${cancelled.customer.name} will be cancelled.`);
    await confirm.getByRole('button', { name: 'Accept', exact: true }).click();
    await expect(confirm).toHaveCount(0);
    await expect(page.getByText(`Refund for order ${cancelled.number} accepted`)).toBeVisible({ timeout: 20_000 });

    const after = await dashboardMatchesApi(page, ledgerOf(api));
    // Nothing was paid: no fee was asked, and nothing is refunded (paid orders: tests/api/payments-provider.test.ts).
    expect(fee).toBe(0);
    expect(after.accepted.get(cancelled.id)).toBe(0);
    // Refunds other specs accepted meanwhile are counted too (both ledgers are exact); ours must add exactly £0.
    const others = [...after.accepted].filter(([id]) => id !== cancelled.id && !before.accepted.has(id));
    const othersAmount = others.reduce((sum, [, amount]) => sum + amount, 0);
    expect(after.stats.refunded - before.stats.refunded - othersAmount).toBeCloseTo(0, 2);
    await expect(tileValue(page, 'Total Refound')).toHaveText(gbp.format(after.stats.refunded));
  });

  await test.step('the users table shows 5 rows, then 10, and sorts by Email', async () => {
    // More than ten users, so there is a second page of ten.
    const known = (await ok(api.GET('/admin/users'))).length;
    await Promise.all(Array.from({ length: Math.max(0, 11 - known) }, () => registerCustomer(createApiClient(), 'admin-users')));
    await openBackOfficePage(page, 'Users');
    await expect(page.getByRole('heading', { level: 1, name: 'User' })).toBeVisible();
    const users = page.getByRole('table', { name: /Users/ });
    const bodyRows = users.locator('tbody tr');
    await expect(bodyRows).toHaveCount(5);
    await expect(users.getByRole('columnheader', { name: 'FullName' })).toHaveAttribute('aria-sort', 'ascending');
    await showRowsPerPage(page, 10);
    await expect(bodyRows).toHaveCount(10);
    // The server sorts: the table shows the page it answered for sort=email (other specs register customers meanwhile).
    const sorted = page.waitForResponse((response) => {
      const url = new URL(response.url());
      return url.pathname === '/api/admin/users' && url.searchParams.get('sort') === 'email' && url.searchParams.get('order') === 'asc';
    });
    await sortBy(page, 'Email', 'ascending');
    const answer = await sorted;
    expect(new URL(answer.url()).searchParams.get('limit')).toBe('10');
    const expected = ((await answer.json()) as { email: string }[]).map((u) => u.email.toLowerCase());
    expect(expected).toEqual([...expected].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    await expect(async () => {
      expect((await users.locator('tbody tr td:nth-child(3)').allTextContents()).map((e) => e.toLowerCase())).toEqual(expected);
    }).toPass({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page.getByText(new RegExp(`^11–\\d+ of \\d+$`))).toBeVisible();
  });

  await test.step('an unknown path is the not-found page (404) in the back office; a public page leads to the dashboard', async () => {
    const response = await page.goto('/no-such-page');
    expect(response!.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('banner')).toContainText('Back office');
    await page.goto('/faqs');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Hi, Welcome back' })).toBeVisible();
  });

  // Log out is tested in admin-logout.spec.ts, after every other test (see playwright.config.ts).
});

test('accepting a paid card order\'s cancellation names the amount refunded and kept, asks once, and the list then says it was refunded', async ({ page }) => {
  // Issue 33 row 6: every refund says how much; accepting names the amount and asks once.
  const placed = await placeOrder(await newSignedInCustomer('admin-paid-refund'), 'card');
  const { customer, token, id, number } = placed;
  const customerApi = createApiClient(token);
  const { shippingInfo } = await ok(customerApi.POST('/services/order/{id}/pay', { params: { path: { id } } }));
  const paid = await fetch(new URL(`${shippingInfo}/pay`, e2eBaseUrl), { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
  expect(paid.status).toBe(303);
  const mine = (await ok(customerApi.GET('/services/order/get'))).find((row) => row.id === id)!;
  expect(mine.payment.status).toBe('paid');
  // More than 24 hours ahead: cancelled free, so all of it comes back.
  expect(await requestRefund(placed, 'Moving abroad.')).toBe(0);
  const total = gbp.format(mine.total);

  await loginAs(page, adminAccount);
  await openBackOfficePage(page, 'Refunded orders');
  await page.getByLabel('Filter by name').fill(customer.name);
  const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: `Update refund of order ${number}` }) });
  await expect(row).toContainText(`${total} to refund, £0.00 kept`);
  await choose(page, `Refund status of order ${number}`, 'Accepted');
  await page.getByRole('button', { name: `Update refund of order ${number}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Accept the cancellation of order ${number}?` });
  await expect(confirm).toContainText(`${total} is refunded to the customer's card and £0.00 is kept.`);
  // Focus starts on the safe choice; Escape keeps it pending and nothing is refunded.
  await expect(confirm.getByRole('button', { name: 'Keep it pending' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await expect(row).toContainText(`${total} to refund, £0.00 kept`);
  await expect(page.getByRole('button', { name: `Update refund of order ${number}` })).toBeDisabled();
  await choose(page, `Refund status of order ${number}`, 'Accepted');
  await page.getByRole('button', { name: `Update refund of order ${number}` }).click();
  await confirm.getByRole('button', { name: `Accept and refund ${total}` }).click();
  await expect(page.getByText(`Refund for order ${number} accepted`)).toBeVisible({ timeout: 20_000 });
  await expect(row).toContainText(`${total} refunded, £0.00 kept`);
  await expect.poll(async () => (await ok(customerApi.GET('/services/order/get'))).find((one) => one.id === id)!.refund).toMatchObject({ status: 'accepted', amount: mine.total, kept: 0 });
});

test('a customer gets the not-found page on /orders, and the admin API refuses their token (403)', async ({ page, newCustomer }) => {
  await loginAs(page, newCustomer);
  await page.goto('/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Back office' })).toHaveCount(0);

  const { token } = await ok(createApiClient().POST('/auth/login', { body: { username: newCustomer.email, password: newCustomer.password } }));
  const { response, error } = await createApiClient(token).GET('/admin/orders/');
  expect(response.status).toBe(403);
  expect(error).toHaveProperty('message');
});

/** Accepted refunds by order id, with the amount each adds to Total Refound (what the provider refunded). */
async function acceptedRefunds(api: ApiClient): Promise<Map<number, number>> {
  // Refunds first: every order they name existed before the orders are read, so each has its total.
  const refunds = await ok(api.GET('/admin/refunds/'));
  return new Map(refunds.filter((r) => r.status === 'accepted').map((r) => [r.order_id, r.refunded ?? 0]));
}
