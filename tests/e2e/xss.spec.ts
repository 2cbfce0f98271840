import { checkoutAtFreeTime, ukDay } from './support/free-slots';
import type { Page } from '@playwright/test';
import { adminApi } from './support/admin-data';
import { showRowsPerPage, signIn } from './support/admin-ui';
import { confirmRegistration, createApiClient, expect, ok, test, uniqueCustomer } from './support/fixtures';

/**
 * Nothing a user typed is rendered as HTML: a customer whose name, order note and cancellation
 * reason are markup that would run script shows up in the back office (users, orders, refunds,
 * order detail) and in the customer's own menu as the very characters typed, and no script runs.
 */
const MARKUP = `<img src=x onerror="window.__xss='img'"><script>window.__xss='script'</script>`;

async function customerWithMarkup() {
  const customer = { ...uniqueCustomer('xss'), name: `${MARKUP} Bob` };
  await ok(createApiClient().POST('/auth/register', { body: { name: customer.name, email: customer.email, password: customer.password } }));
  await confirmRegistration(createApiClient(), customer);
  const user = await ok(createApiClient().POST('/auth/login', { body: { username: customer.email, password: customer.password } }));
  const api = createApiClient(user.token);
  const [service] = await ok(api.GET('/home/services'));
  const { items } = await ok(api.GET('/services/get-items/{id}', { params: { path: { id: service!.id } } }));
  const order = await ok(api.POST('/services/order/new', { body: { service: service!.id, items: [{ id: items[0]!.id, quantity: 1 }] } }));
  await checkoutAtFreeTime(api, order, {
    serviceId: service!.id, from: ukDay(7), address: MARKUP, phone: '020 7946 0000', city: 'London', code_postal: 'NW1 6XE', client_note: MARKUP, payment: 'cash',
  });
  await ok(api.POST('/services/refund-request/{id}', { params: { path: { id: order.id } }, body: { reason: MARKUP } }));
  return { user, orderId: order.id };
}

/** The markup is on screen as text, and none of it became an element or ran. */
async function expectShownAsText(page: Page, text: string) {
  await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(await page.locator('script:not([src])').count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
}

test('a <script> payload in a name, a note and a reason stays text in the back office and the menu', async ({ page }) => {
  // Five back-office pages and a second signed-in page: a long walk, given room on a busy machine.
  test.setTimeout(120_000);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const { user, orderId } = await customerWithMarkup();
  const admin = await adminApi();
  await signIn(page, admin.user);

  await page.goto('/users');
  await showRowsPerPage(page, 25);
  await expectShownAsText(page, MARKUP);

  await page.goto('/orders');
  await showRowsPerPage(page, 25);
  await expectShownAsText(page, MARKUP);

  await page.goto('/refund-orders');
  await showRowsPerPage(page, 25);
  await expectShownAsText(page, MARKUP);

  await page.goto(`/order/${orderId}`);
  await expect(page.getByText(MARKUP).first()).toBeVisible();
  // Name, address, note and reason: each shown, each as text.
  expect(await page.getByText(MARKUP).count()).toBeGreaterThanOrEqual(3);
  await expectShownAsText(page, MARKUP);

  // The customer's own name in the navigation menu.
  const customerPage = await page.context().browser()!.newPage();
  await signIn(customerPage, user);
  await customerPage.goto('/profile-services');
  await expectShownAsText(customerPage, `${MARKUP} Bob`);
  await customerPage.close();

  expect(dialogs).toEqual([]);
});
