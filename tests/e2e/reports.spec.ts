/**
 * Issue 26 item 6: the owner's reports page in Chromium against the real server. Each chart's table
 * says what GET /admin/reports/business answers (money as £1,234.50), the period is chosen with the
 * keyboard alone, and the page is axe clean.
 */
import type { Page } from '@playwright/test';
import type { BusinessReport } from '../../openapi/schema';
import { formatMoney } from '../../domain/money/money';
import { londonDate } from '../../domain/time/london-time';
import { expectNoAxeViolations, settled, signInByApi } from './support/a11y';
import { checkoutAtFreeTime, ukDay } from './support/free-slots';
import { e2eBaseUrl } from './support/server-env';
import { admin } from './support/accounts';
import { createApiClient, expect, ok, test } from './support/fixtures';

/** The body rows of the table captioned `caption`: the row header, then the cells. */
async function tableRows(page: Page, caption: string): Promise<string[][]> {
  const table = page.getByRole('table', { name: caption, exact: true });
  await expect(table).toBeVisible();
  return table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim() ?? '')));
}

async function expectTablesMatch(page: Page, report: BusinessReport): Promise<void> {
  const money = (row: { gross: number; net: number; vat: number }) => [formatMoney(row.gross), formatMoney(row.net), formatMoney(row.vat)];
  expect(await tableRows(page, 'Revenue by month')).toEqual(report.months.map((row) => [row.month, ...money(row), String(row.invoices), String(row.creditNotes)]));
  expect(await tableRows(page, 'Revenue by service')).toEqual(report.services.map((row) => [row.name, ...money(row)]));
  expect(await tableRows(page, 'Revenue by team')).toEqual(report.teams.map((row) => [row.name, ...money(row)]));
  expect(await tableRows(page, 'Visits by day of the week')).toEqual(report.weekdays.map((row) => [row.day, String(row.visits)]));
  expect(await tableRows(page, 'Visits by starting hour')).toEqual(report.hours.map((row) => [`${String(row.hour).padStart(2, '0')}:00`, String(row.visits)]));
  expect(await tableRows(page, 'Top customers by visits')).toEqual(report.customers.top.map((row) => [row.name, String(row.visits)]));
  expect((await tableRows(page, 'Cancellations and refunds'))[2]).toEqual(['Refunds paid', `${report.cancellations.refunds} (${formatMoney(report.cancellations.refunded)})`]);
}

test.describe('the reports page', () => {
  test('shows this UK year by default, each table as the API says, axe clean', async ({ page, newCustomer }) => {
    // A card job paid on the test provider's page and its VAT invoice issued today, so this year's revenue tables have a row.
    const customer = createApiClient((await ok(createApiClient().POST('/auth/login', { body: { username: newCustomer.email, password: newCustomer.password } }))).token);
    const services = await ok(createApiClient().GET('/home/services'));
    const { items } = await ok(customer.GET('/services/get-items/{id}', { params: { path: { id: services[0]!.id } } }));
    const order = await ok(customer.POST('/services/order/new', { body: { service: services[0]!.id, items: [{ id: items[0]!.id, quantity: 2 }] } }));
    await checkoutAtFreeTime(customer, order, {
      serviceId: services[0]!.id, from: ukDay(3), address: '1 High Street', phone: '020 7946 0000', city: 'London', code_postal: 'NW1 6XE', client_note: '', payment: 'card',
    });
    const id = order.id;
    const { shippingInfo } = await ok(customer.POST('/services/order/{id}/pay', { params: { path: { id } } }));
    const paid = await fetch(new URL(`${shippingInfo}/pay`, e2eBaseUrl), { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
    expect(paid.status).toBe(303);
    const { api } = await signInByApi(page, admin);
    const invoice = await ok(customer.GET('/services/order/{id}/receipt', { params: { path: { id } } }));
    const year = londonDate(new Date()).slice(0, 4);
    const report = await ok(api.GET('/admin/reports/business', { params: { query: { from: `${year}-01-01`, to: `${year}-12-31` } } }));
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Reports' }).click();
    await expect(page).toHaveURL('/reports');
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    await settled(page);
    await expectTablesMatch(page, report);
    // This month's revenue is at least the invoice just issued (other tests may add theirs).
    const month = londonDate(new Date()).slice(0, 7);
    expect(report.months.find((row) => row.month === month)!.gross).toBeGreaterThanOrEqual(invoice.gross);
    expect(report.services.length).toBeGreaterThan(0);
    await expect(page.getByRole('img', { name: /^Revenue by month: bar chart/ })).toBeVisible();
    await expectNoAxeViolations(page, 'reports');
  });

  test('takes a from–to period from the keyboard alone', async ({ page }) => {
    const { api } = await signInByApi(page, admin);
    const year = Number(londonDate(new Date()).slice(0, 4));
    const period = { from: `${year - 1}-03-01`, to: `${year}-02-28` };
    const report = await ok(api.GET('/admin/reports/business', { params: { query: period } }));
    await page.goto('/reports');
    await settled(page);
    // From and To typed day first over what they hold (dd/mm/yyyy, decision 088), then Tab to Show.
    await page.getByRole('group', { name: 'From', exact: true }).getByRole('spinbutton').first().focus();
    await page.keyboard.type(period.from.split('-').reverse().join(''));
    await page.keyboard.press('Tab');
    await page.keyboard.type(period.to.split('-').reverse().join(''));
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Show' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByLabel(`${period.from} to ${period.to}`)).toBeVisible();
    await expectTablesMatch(page, report);
    expect(report.months).toHaveLength(12);
  });
});
