/**
 * Issue 26 "Done when": the reports page shows the month's revenue matching the invoices. On a server
 * of its own (no other spec adds documents meanwhile), a card job is paid, staff then charge £12.34
 * (an invoice of its own, decision 059) and credit £5.00 (a credit note); the month's row on /reports
 * must equal the sums of this month's lines in the accounts export an accountant downloads
 * (invoices less credit notes, net, VAT and gross), and count its invoices and credit notes; and
 * the quarter's VAT return boxes are the same documents' sums (issue 38 part 3).
 */
import { formatMoney } from '../../domain/money/money';
import { recentVatQuarters } from '../../domain/money/vat-return';
import { londonDate } from '../../domain/time/london-time';
import { TEST_ADMIN } from '../api/support/test-config';
import { expectFits, expectNoAxeViolations, settled } from './support/a11y';
import { ok } from './support/api-client';
import { deliveryDetails, ukDateIn } from './support/booking-ui';
import { expect, test } from './support/fixtures';
import { checkoutAtFreeTime } from './support/free-slots';
import { ownServerForFile } from './support/own-server-for-file';

const { server } = ownServerForFile();

/** The accounts export's rows (RFC 4180 as the server writes it: no field of ours holds a comma in these columns). */
function csvRows(text: string): Record<string, string>[] {
  const [header, ...lines] = text.trim().split('\r\n');
  const names = header!.split(',');
  return lines.map((line) => {
    const cells = line.match(/("([^"]|"")*"|[^,]*)(,|$)/g)!.map((cell) => cell.replace(/,$/, '').replace(/^"|"$/g, '').replace(/""/g, '"'));
    return Object.fromEntries(names.map((name, i) => [name, cells[i] ?? '']));
  });
}

test('this month on /reports is the sum of the month\'s invoices less credit notes in the accounts export', async ({ page }) => {
  const { api } = await server.signUp(page, 'reports-invoices');
  const { items } = await ok(api.GET('/services/get-items/{id}', { params: { path: { id: 1 } } }));
  const order = await ok(api.POST('/services/order/new', { body: { service: 1, items: [{ id: items[0]!.id, quantity: 2 }] } }));
  await checkoutAtFreeTime(api, order, {
    serviceId: 1, from: ukDateIn(3), address: deliveryDetails.address, phone: deliveryDetails.phone,
    city: deliveryDetails.city, code_postal: deliveryDetails.postcode, client_note: '', payment: 'card',
  });
  const { shippingInfo } = await ok(api.POST('/services/order/{id}/pay', { params: { path: { id: order.id } } }));
  const paid = await fetch(new URL(`${shippingInfo}/pay`, server.baseUrl), { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
  expect(paid.status).toBe(303);

  const staff = await server.signIn(page, { email: TEST_ADMIN.email, password: TEST_ADMIN.password });
  await ok(staff.POST('/admin/order/{id}/adjustments', { params: { path: { id: order.id } }, body: { amount: 12.34, reason: 'Extra oven clean' } }));
  await ok(staff.POST('/admin/order/{id}/adjustments', { params: { path: { id: order.id } }, body: { amount: -5, reason: 'Late arrival' } }));

  const month = londonDate(new Date()).slice(0, 7);
  const login = await ok(server.api().POST('/auth/login', { body: { username: TEST_ADMIN.email, password: TEST_ADMIN.password } }));
  const exported = await fetch(new URL(`/api/admin/accounts/csv?from=${month}-01&to=${londonDate(new Date())}`, server.baseUrl), { headers: { authorization: `Bearer ${login.token}` } });
  expect(exported.status).toBe(200);
  const rows = csvRows(await exported.text()).filter((row) => row['Issued']!.startsWith(month));
  const pence = (column: string) => rows.reduce((sum, row) => sum + Math.round(Number(row[column]) * 100), 0);
  const documents = (kind: string) => new Set(rows.filter((row) => row['Document']!.toLowerCase().includes(kind)).map((row) => row['Number'])).size;
  // The card payment, the charge and the credit: two invoices and a credit note at least.
  expect(documents('invoice')).toBeGreaterThanOrEqual(2);
  expect(documents('credit')).toBeGreaterThanOrEqual(1);

  await page.goto(`${server.baseUrl}/`);
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await settled(page);
  const table = page.getByRole('table', { name: 'Revenue by month', exact: true });
  const row = table.locator('tbody tr').filter({ has: page.getByRole('rowheader', { name: month, exact: true }) });
  await expect(row.locator('th, td')).toHaveText([
    month, formatMoney(pence('Gross (GBP)') / 100), formatMoney(pence('Net (GBP)') / 100), formatMoney(pence('VAT (GBP)') / 100),
    String(documents('invoice')), String(documents('credit')),
  ]);
  // Issue 38 part 3 (decision 095): this calendar quarter's VAT return is the sums of its documents
  // in the accounts export: box 1 their VAT, box 6 their net in whole pounds; the Xero file downloads.
  const quarter = recentVatQuarters(londonDate(new Date()), 1, 1)[0]!;
  const inQuarter = csvRows(await (await fetch(new URL(`/api/admin/accounts/csv?from=${quarter.from}&to=${quarter.to}`, server.baseUrl), { headers: { authorization: `Bearer ${login.token}` } })).text());
  const quarterPence = (column: string) => inQuarter.reduce((sum, one) => sum + Math.round(Number(one[column]) * 100), 0);
  const boxes = page.getByRole('table', { name: `VAT return, ${quarter.from} to ${quarter.to}` });
  await expect(boxes.getByRole('row', { name: /^1 VAT due on sales/ }).getByRole('cell').last()).toHaveText(formatMoney(quarterPence('VAT (GBP)') / 100));
  await expect(boxes.getByRole('row', { name: /^6 Total sales before VAT/ }).getByRole('cell').last()).toHaveText(formatMoney(Math.trunc(quarterPence('Net (GBP)') / 100)));
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download for Xero' }).click();
  expect((await download).suggestedFilename()).toMatch(/^xero-sales-\d{4}-\d{2}\.csv$/);
  await expectFits(page, 'the reports page with its VAT return');
  await expectNoAxeViolations(page, 'the reports page');
});
