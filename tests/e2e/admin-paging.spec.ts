import { readFile } from 'node:fs/promises';
import type { Page, Response } from '@playwright/test';
import { adminApi, customerWithOrder, newSignedInCustomer, placeOrder, requestRefund, type PlacedOrder } from './support/admin-data';
import { choose, openBackOfficePage, selectTrigger, showRowsPerPage, signIn, sortBy } from './support/admin-ui';
import { expect, ok, test } from './support/fixtures';
import { orderNumberOf } from './support/order-number';

/**
 * The back office's tables page through the server (docs/decisions/011): each page is one request
 * of `limit` rows, the CSV holds every row of the sort (not the page), a saved row updates in place,
 * and a refused change (409) puts the control back to what is stored. Other specs add orders at the
 * same time, so rows are found by their ids rather than by position.
 */
test.describe.configure({ timeout: 180_000 });

const ordersAnswer = (page: Page, check: (url: URL) => boolean) =>
  page.waitForResponse((response: Response) => {
    const url = new URL(response.url());
    return url.pathname.replace(/\/$/, '') === '/api/admin/orders' && response.request().method() === 'GET' && check(url);
  });

test('the orders table reads one page at a time from the server, and the CSV holds every order of the sort', async ({ page }) => {
  const { user } = await adminApi();
  // 12 orders of our own (three customers, four each), newer than any order before them.
  const customers = await Promise.all([1, 2, 3].map(() => newSignedInCustomer('admin-paging')));
  const ours: PlacedOrder[] = [];
  for (const customer of customers) for (let n = 0; n < 4; n += 1) ours.push(await placeOrder(customer));
  const ourIds = ours.map((order) => order.id);

  await signIn(page, user);
  await page.goto('/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  const table = page.getByRole('table', { name: /Orders/ });
  const idCells = table.locator('tbody tr td:first-child');

  const firstPage = ordersAnswer(page, (url) => url.searchParams.get('sort') === 'id' && url.searchParams.get('order') === 'desc');
  await sortBy(page, 'Order id', 'descending');
  const answer = await firstPage;
  const asked = new URL(answer.url()).searchParams;
  expect([asked.get('limit'), asked.get('page')]).toEqual(['5', '1']);
  const total = Number(answer.headers()['x-total-count']);
  expect(total).toBeGreaterThanOrEqual(12);
  expect((await answer.json()) as unknown[]).toHaveLength(5);
  await expect(idCells).toHaveCount(5);
  await expect(page.getByText(`1–5 of ${total}`)).toBeVisible();

  // Pages 2 and 3 are two more requests of five rows, each shown as answered.
  const pages: number[][] = [];
  for (let pageNumber = 2; pageNumber <= 3; pageNumber += 1) {
    const next = ordersAnswer(page, (url) => url.searchParams.get('page') === String(pageNumber) && url.searchParams.get('limit') === '5');
    await page.getByRole('button', { name: 'Next page' }).click();
    const rows = (await (await next).json()) as { id: number; reference: number }[];
    expect(rows).toHaveLength(5);
    // The cell shows the reference people read, never the id (decision 073).
    await expect(idCells.first()).toContainText(`#${rows[0]!.reference}`);
    pages.push(rows.map((row) => row.id));
  }
  // Each page in the sort's order, and no later page newer than the one before. Orders placed by the
  // tests beside this one between two clicks push rows onto the next page (offset paging): a row may
  // show twice, never out of order.
  for (const ids of pages) expect(ids).toEqual([...ids].sort((a, b) => b - a));
  expect(Math.max(...pages[1]!)).toBeLessThanOrEqual(Math.max(...pages[0]!));

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('orders.csv');
  const lines = (await readFile((await file.path())!, 'utf8')).split('\r\n').filter(Boolean);
  expect(lines[0]).toBe('Order id,Name,Service Name,Price (GBP),State,Service Date,Date of complete,Refund,Address,City,Postcode,Phone,Team,Payment method,Payment status,Invoice');
  // The CSV's Order id is the reference people read (decision 073).
  const csvNumbers = lines.slice(1).map((line) => `#${line.split(',')[0]}`);
  // Every order, not the 5 of the page: ours among them, each once.
  expect(csvNumbers.length).toBeGreaterThanOrEqual(total);
  const ourNumbers: string[] = [];
  for (const id of ourIds) ourNumbers.push(await orderNumberOf(id));
  expect(ourNumbers.every((number) => csvNumbers.includes(number))).toBe(true);
  expect(new Set(csvNumbers).size).toBe(csvNumbers.length);

  // The accounts export: every VAT invoice and credit note, a line per VAT rate (issue 23 section 3).
  const accounts = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export invoices and credit notes (CSV)' }).click();
  const accountsFile = await accounts;
  expect(accountsFile.suggestedFilename()).toBe('accounts.csv');
  const accountLines = (await readFile((await accountsFile.path())!, 'utf8')).split('\r\n').filter(Boolean);
  expect(accountLines[0]).toBe('Document,Number,Credits invoice,Issued,Order id,Customer,VAT rate (%),Net (GBP),VAT (GBP),Gross (GBP)');
  for (const line of accountLines.slice(1)) expect(line).toMatch(/^(VAT invoice,\d{6},|Credit note,CN-\d{6},\d{6}),\d{4}-\d{2}-\d{2} \d{2}:\d{2},/);
});

test('a saved status updates its row in place; cancelling asks first', async ({ page }) => {
  const { user } = await adminApi();
  const order = await customerWithOrder('admin-inplace');
  await signIn(page, user);
  await page.goto('/orders');
  await showRowsPerPage(page, 25);
  await sortBy(page, 'Order id', 'descending');
  const number = order.number;
  const label = `Status of order ${number}`;
  const update = page.getByRole('button', { name: `Update order ${number}` });
  await expect(update).toBeDisabled();

  await choose(page, label, 'Cancelled');
  await update.click();
  const dialog = page.getByRole('alertdialog', { name: `Cancel order ${number}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Keep the order' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(selectTrigger(page, label)).toContainText('Awaiting validation');
  await expect(update).toBeDisabled();

  const listReads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.replace(/\/$/, '') === '/api/admin/orders') listReads.push(request.url());
  });
  await choose(page, label, 'Cancelled');
  await update.click();
  await page.getByRole('alertdialog', { name: `Cancel order ${number}?` }).getByRole('button', { name: 'Cancel the order' }).click();
  await expect(page.getByText(`Order ${number} is now Cancelled`)).toBeVisible({ timeout: 20_000 });
  const row = page.getByRole('row').filter({ has: update });
  await expect(row.getByRole('cell').nth(4)).toHaveText('Cancelled');
  expect(listReads, 'the list is not read again after a saved update').toEqual([]);
});

test('a refused refund decision (409) puts the control back to the stored one, and the order marker follows the decision', async ({ page }) => {
  const { api, user } = await adminApi();
  const order = await customerWithOrder('admin-refused');
  await requestRefund(order, 'Plans changed.');
  await signIn(page, user);
  await page.goto('/refund-orders');
  await page.getByLabel('Filter by name').fill(order.customer.name);
  const label = `Refund status of order ${order.number}`;
  await expect(selectTrigger(page, label)).toBeVisible();

  // Another administrator accepts it meanwhile; this page still shows it pending.
  await ok(api.PUT('/admin/refund/status', { body: { status: 'accepted', order: order.id } }));
  await choose(page, label, 'Rejected');
  await page.getByRole('button', { name: `Update refund of order ${order.number}` }).click();
  const row = page.getByRole('row').filter({ has: selectTrigger(page, label) });
  await expect(row.getByRole('alert')).toContainText('The list now shows the stored status.', { timeout: 20_000 });
  await expect(selectTrigger(page, label)).toContainText('Accepted');
  await expect(selectTrigger(page, label)).not.toContainText('Rejected');
  await expect(page.getByRole('button', { name: `Retry refund of order ${order.number}` })).toHaveCount(0);

  await openBackOfficePage(page, 'Orders');
  await showRowsPerPage(page, 25);
  await sortBy(page, 'Order id', 'descending');
  const orderRow = page.getByRole('row').filter({ has: page.getByRole('button', { name: `Update order ${order.number}` }) });
  await expect(orderRow.getByText('Refund accepted')).toBeVisible();
  await expect(orderRow.getByText('Refund requested')).toHaveCount(0);
});

test('a name typed while the first page is still loading is what the list shows, whatever answers last', async ({ page }) => {
  const { user } = await adminApi();
  const [mine, other] = await Promise.all([customerWithOrder('admin-early'), customerWithOrder('admin-other')]);
  await requestRefund(mine, 'Plans changed.');
  await requestRefund(other, 'Moving abroad.');
  await signIn(page, user);
  // A slow network: the first, unfiltered page answers only after the administrator has typed a name.
  const isList = (url: URL) => url.pathname.replace(/\/$/, '') === '/api/admin/refunds';
  let typed!: () => void;
  const nameTyped = new Promise<void>((resolve) => (typed = resolve));
  await page.route((url) => isList(url), async (route) => {
    if (!new URL(route.request().url()).searchParams.has('name')) await nameTyped;
    await route.continue();
  });
  const unfiltered = page.waitForResponse((response) => isList(new URL(response.url())) && !new URL(response.url()).searchParams.has('name'));
  await page.goto('/refund-orders');
  await page.getByLabel('Filter by name').fill(mine.customer.name);
  typed();
  await unfiltered;
  await expect(page.getByRole('table', { name: /Refund requests/ }).getByRole('row')).toHaveCount(2);
  await expect(selectTrigger(page, `Refund status of order ${mine.number}`)).toBeVisible();
  await expect(selectTrigger(page, `Refund status of order ${other.number}`)).toHaveCount(0);
});
