/**
 * Decision 065 in Chromium, on a server of its own (its invoice numbers are read back): staff add a
 * charge on the order page of a card-paid job, the customer cancels it on My orders, staff accept.
 * The customer's My orders card and invoice page, and the staff order page, then show no balance
 * due and no Pay now, and list the credit note that credits the charge's own invoice; a further
 * charge from the order page is refused in the server's words. Axe clean.
 */
import type { Locator, Page } from '@playwright/test';
import { formatMoney } from '../../domain/money/money';
import { CHARGE_ON_CANCELLED_MESSAGE } from '../../server/services/order-adjustments';
import { TEST_ADMIN } from '../api/support/test-config';
import { expectNoAxeViolations, settled } from './support/a11y';
import { ok } from './support/api-client';
import { deliveryDetails, expectToast, orderCard, ukDateIn } from './support/booking-ui';
import { expect, test } from './support/fixtures';
import { checkoutAtFreeTime } from './support/free-slots';
import { ownServerForFile } from './support/own-server-for-file';

const { server } = ownServerForFile();

/** The value of a "term: value" field of the staff order page. */
const field = (page: Page, term: string): Locator => page.locator('.order-detail__field').filter({ has: page.locator('dt', { hasText: new RegExp(`^${term}$`) }) }).locator('dd');

test('a staff charge, then the customer cancels: nothing is due, no Pay now, and the charge\'s invoice is credited', async ({ page }) => {
  const { api, customer } = await server.signUp(page, 'charge-cancel');
  const { items } = await ok(api.GET('/services/get-items/{id}', { params: { path: { id: 1 } } }));
  const order = await ok(api.POST('/services/order/new', { body: { service: 1, items: [{ id: items[0]!.id, quantity: 2 }] } }));
  await checkoutAtFreeTime(api, order, {
    serviceId: 1, from: ukDateIn(5), address: deliveryDetails.address, phone: deliveryDetails.phone,
    city: deliveryDetails.city, code_postal: deliveryDetails.postcode, client_note: '', payment: 'card',
  });
  const { shippingInfo } = await ok(api.POST('/services/order/{id}/pay', { params: { path: { id: order.id } } }));
  const paid = await fetch(new URL(`${shippingInfo}/pay`, server.baseUrl), { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
  expect(paid.status).toBe(303);

  // Staff charge £20 on the order page: its own invoice, a balance due.
  const staff = await server.signIn(page, { email: TEST_ADMIN.email, password: TEST_ADMIN.password });
  await page.goto(`${server.baseUrl}/order/${order.id}`);
  await page.getByLabel('Amount (£, VAT included)').fill('20');
  await page.getByLabel('Reason').fill('Oven cleaned on request');
  await page.getByRole('button', { name: 'Add adjustment' }).click();
  await expect(field(page, 'Balance due')).toHaveText('£20.00');
  const chargeInvoice = (await ok(staff.GET('/admin/order/{id}', { params: { path: { id: order.id } } }))).documents.at(-1)!;
  expect(chargeInvoice).toMatchObject({ kind: 'invoice', gross: 20 });

  // The customer cancels on My orders (free: days ahead); staff accept.
  await server.signIn(page, customer);
  await page.goto(`${server.baseUrl}/profile-services`);
  const card = orderCard(page, order.id);
  await expect(card).toContainText('Balance due £20.00');
  await card.getByRole('button', { name: /^Cancel order/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Do you want to cancel the order ? tell us why!' });
  await dialog.getByLabel('Type here your reason').fill('Moving away next week');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expectToast(page, 'Order refund sent successfully, we will contact you asap !');
  await ok(staff.PUT('/admin/refund/status', { body: { status: 'accepted', order: order.id } }));

  const [firstInvoice] = (await ok(staff.GET('/admin/order/{id}', { params: { path: { id: order.id } } }))).documents;
  const credits = (invoice: { number: number }) => `(credits ${String(invoice.number).padStart(6, '0')})`;
  /** Both invoices credited in full: the booking's and the charge's (a free cancellation keeps no fee). */
  const expectCredited = async (list: Locator) => {
    await expect(list.getByRole('listitem').filter({ hasText: credits(chargeInvoice) })).toContainText(formatMoney(-20));
    await expect(list.getByRole('listitem').filter({ hasText: credits(firstInvoice!) })).toContainText(formatMoney(-firstInvoice!.gross));
  };
  await page.reload();
  await expect(card).toContainText('Cancelled');
  // What the cancelled order costs: the fee it kept, none.
  await expect(card.locator('.order-card__total')).toHaveText('£0.00');
  await expect(card).not.toContainText('Balance due');
  await expect(card.getByRole('button', { name: /^Pay now/ })).toHaveCount(0);
  await settled(page);
  await expectNoAxeViolations(page, 'My orders after the cancellation');

  await page.goto(`${server.baseUrl}/orders/${order.id}/receipt`);
  const documents = page.getByRole('region', { name: 'Every invoice and credit note of this order' });
  await expectCredited(documents);
  await expect(page.getByRole('main')).not.toContainText('Balance due');
  await expect(page.getByRole('button', { name: /^Pay now/ })).toHaveCount(0);
  await settled(page);
  await expectNoAxeViolations(page, 'the invoice page after the cancellation');

  // Staff see the same: nothing due either way, the charge's invoice credited.
  await server.signIn(page, { email: TEST_ADMIN.email, password: TEST_ADMIN.password });
  await page.goto(`${server.baseUrl}/order/${order.id}`);
  await expect(field(page, 'Balance due')).toHaveText('£0.00');
  await expect(field(page, 'Refund due')).toHaveCount(0);
  await expectCredited(page.getByRole('region', { name: 'VAT documents' }));
  await expect(page.getByRole('row', { name: /^Total/ })).toContainText('£0.00');
  // The form stays for a credit; a charge is refused with the server's words, and nothing changes.
  await page.getByLabel('Amount (£, VAT included)').fill('5');
  await page.getByLabel('Reason').fill('Forgot the fridge');
  await page.getByRole('button', { name: 'Add adjustment' }).click();
  await expect(page.getByText(CHARGE_ON_CANCELLED_MESSAGE)).toBeVisible();
  await expect(page.getByRole('row', { name: /^Total/ })).toContainText('£0.00');
  await settled(page);
  await expectNoAxeViolations(page, 'the staff order page after the cancellation');
});
