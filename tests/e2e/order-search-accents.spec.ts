import { adminApi } from './support/admin-data';
import { signIn } from './support/admin-ui';
import { createApiClient, expect, ok, test, confirmRegistration } from './support/fixtures';
import { orderNameOf } from './support/booking-ui';
import { checkoutAtFreeTime, ukDay } from './support/free-slots';

/**
 * Issue 25 row 9: staff searching /orders for "zoe" find Zoë's orders (accents and case ignored,
 * decision 033), typed as a person types it, without the diaeresis.
 */
test.describe.configure({ timeout: 120_000 });

test('searching /orders for "zoe" finds Zoë\'s order', async ({ page }) => {
  // A surname nobody else has, so the search finds this order alone among other specs' orders.
  const letters = 'abcdefghjkmnpqrstuvwxyz';
  const tag = Array.from({ length: 8 }, () => letters[Math.floor(Math.random() * letters.length)]).join('');
  const name = `Zoë Brontë-${tag}`;
  const email = `zoe-${tag}@example.co.uk`;
  const password = 'correct-horse-battery';
  await ok(createApiClient().POST('/auth/register', { body: { name, email, password } }));
  await confirmRegistration(createApiClient(), { email, password });
  const { token } = await ok(createApiClient().POST('/auth/login', { body: { username: email, password } }));
  const api = createApiClient(token);
  const [service] = await ok(api.GET('/home/services'));
  const { items } = await ok(api.GET('/services/get-items/{id}', { params: { path: { id: service!.id } } }));
  const order = await ok(api.POST('/services/order/new', { body: { service: service!.id, items: [{ id: items[0]!.id, quantity: 1 }] } }));
  await checkoutAtFreeTime(api, order, {
    serviceId: service!.id, from: ukDay(7), address: '1 Accent Street', phone: '020 7946 0000', city: 'London', code_postal: 'NW1 6XE', client_note: '', payment: 'cash',
  });

  const { user } = await adminApi();
  await signIn(page, user);
  await page.goto('/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible({ timeout: 20_000 });
  const box = page.getByRole('searchbox', { name: 'Search orders' });
  await box.fill(`zoe bronte-${tag}`);
  await box.press('Enter');
  const rows = page.getByRole('table', { name: /Orders/ }).locator('tbody tr');
  await expect(rows).toHaveCount(1, { timeout: 20_000 });
  // The row names the order by its reference, the number people read (decision 073).
  await expect(rows.first()).toContainText((await orderNameOf(api, order.id)).replace(/^order /, ''));
  await expect(rows.first()).toContainText(name);
});
