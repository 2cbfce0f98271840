import { TEST_ADMIN } from '../api/support/test-config';
import { expectNoAxeViolations, settled } from './support/a11y';
import { ok } from './support/api-client';
import { deliveryDetails, ukDateIn } from './support/booking-ui';
import { expect as baseExpect, test, uniqueCustomer } from './support/fixtures';
import { checkoutAtFreeTime } from './support/free-slots';
import { ownServerForFile } from './support/own-server-for-file';

/**
 * Decision 034 in Chromium: after Stripe declined a customer's card, staff see the balance due and
 * why on the back office order page, which stays axe clean. The server is the spec's own, with the
 * Stripe provider pointed at the local fake Stripe (never the internet).
 */
const expect = baseExpect.configure({ timeout: 15_000 });
const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

const { server, stripe } = ownServerForFile({ stripe: true });

test('a declined card: the back office order page shows the balance due and the failed attempt', async ({ page }) => {
  const customer = uniqueCustomer('Declined');
  await ok(server.api().POST('/auth/register', { body: customer }));
  await server.confirm(customer);
  const { token } = await ok(server.api().POST('/auth/login', { body: { username: customer.email, password: customer.password } }));
  const api = server.api(token);
  const { items } = await ok(api.GET('/services/get-items/{id}', { params: { path: { id: 1 } } }));
  const order = await ok(api.POST('/services/order/new', { body: { service: 1, items: [{ id: items[0]!.id, quantity: 2 }] } }));
  await checkoutAtFreeTime(api, order, {
    serviceId: 1, from: ukDateIn(3), address: deliveryDetails.address, phone: deliveryDetails.phone,
    city: deliveryDetails.city, code_postal: deliveryDetails.postcode, client_note: '', payment: 'card',
  });
  const [row] = await server.db.query<{ payment_ref: string; total: string }>('SELECT payment_ref, total FROM orders WHERE id = $1', [order.id]);
  expect((await stripe.fail(row!.payment_ref, 'card_declined')).status).toBe(200);

  const admin = await ok(server.api().POST('/auth/login', { body: { username: TEST_ADMIN.email, password: TEST_ADMIN.password } }));
  await page.goto(`${server.baseUrl}/robots.txt`);
  await page.evaluate((value) => localStorage.setItem('userInfo', JSON.stringify(value)), admin);
  await page.goto(`${server.baseUrl}/order/${order.id}`);
  const field = (term: string) => page.locator('.order-detail__field').filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) }) }).getByRole('definition');
  await expect(field('Balance due')).toHaveText(gbp.format(Number(row!.total) / 100));
  await expect(field('Paid by card')).toHaveText('£0.00');
  await expect(field('Last card attempt')).toContainText('Card declined');
  await expect(field('Last card attempt')).toContainText('the customer was mailed a Pay now link');
  await settled(page);
  await expectNoAxeViolations(page, 'back office order with a declined card');
});
