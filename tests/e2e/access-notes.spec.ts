import type { Page } from '@playwright/test';
import { expectNoAxeViolations, settled } from './support/a11y';
import { ok, type ApiClient } from './support/api-client';
import { deliveryDetails, expectToast, orderCard, orderNameOf, ukDateIn } from './support/booking-ui';
import { expect as baseExpect, test, uniqueCustomer } from './support/fixtures';
import { checkoutAtFreeTime } from './support/free-slots';
import { ownServerForFile } from './support/own-server-for-file';

/**
 * Access notes on My orders (issue 26 item 2, decision 050) in Chromium against the real server:
 * the customer opens "Add access notes" on a booking, types the key safe code with the counter
 * counting, saves by keyboard, and reads it back after a reload; once the job has started the card
 * only shows the notes. Axe clean with the form open. A server of its own moves the job's time.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
const CODE = 'Key safe by the back door, code 7315';
const { server } = ownServerForFile();

async function signedIn(page: Page): Promise<ApiClient> {
  const customer = uniqueCustomer('keys');
  await ok(server.api().POST('/auth/register', { body: customer }));
  await server.confirm(customer);
  const user = await ok(server.api().POST('/auth/login', { body: { username: customer.email, password: customer.password } }));
  await page.goto(`${server.baseUrl}/robots.txt`);
  await page.evaluate((value) => localStorage.setItem('userInfo', JSON.stringify(value)), user);
  return server.api(user.token);
}

async function booked(api: ApiClient): Promise<number> {
  const { items } = await ok(api.GET('/services/get-items/{id}', { params: { path: { id: 1 } } }));
  const order = await ok(api.POST('/services/order/new', { body: { service: 1, items: [{ id: items[0]!.id, quantity: 2 }] } }));
  await checkoutAtFreeTime(api, order, {
    serviceId: 1, from: ukDateIn(3), onThatDay: false, address: deliveryDetails.address, phone: deliveryDetails.phone,
    city: deliveryDetails.city, code_postal: deliveryDetails.postcode, client_note: '', payment: 'cash',
  });
  return order.id;
}

test('a customer writes the access notes of a booking by keyboard; after the start they are only shown', async ({ page }) => {
  const api = await signedIn(page);
  const id = await booked(api);
  await page.goto(`${server.baseUrl}/profile-services`);
  await settled(page);
  const card = orderCard(page, id);
  const disclosure = card.getByText('Add access notes', { exact: false });
  await disclosure.focus();
  await page.keyboard.press('Enter');
  const field = card.getByRole('textbox', { name: 'How does the team get in?' });
  await expect(field).toBeVisible();
  await expect(card.getByText('0 of 500 characters')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(field).toBeFocused();
  await page.keyboard.type(CODE);
  await expect(card.getByText(`${CODE.length} of 500 characters`)).toBeVisible();
  await expectNoAxeViolations(page, 'access notes form open');
  await page.keyboard.press('Tab');
  await expect(card.getByRole('button', { name: `Save the access notes of ${await orderNameOf(api, id)}` })).toBeFocused();
  await page.keyboard.press('Enter');
  await expectToast(page, 'Access notes saved');

  const mine = await ok(api.GET('/services/order/get', { params: { query: { limit: 100 } } }));
  expect(mine.find((order) => order.id === id)).toMatchObject({ accessNotes: CODE, accessNotesEditable: true });

  await page.reload();
  await settled(page);
  await card.getByText('Access notes (saved)').click();
  await expect(card.getByRole('textbox', { name: 'How does the team get in?' })).toHaveValue(CODE);

  // Time passing: the job has started; the notes are shown, no longer a form.
  await server.db.query(`UPDATE orders SET due_at = now() - interval '5 minutes' WHERE id = $1`, [id]);
  await page.reload();
  await settled(page);
  await expect(card.getByText(`Access notes: ${CODE}`)).toBeVisible();
  await expect(card.getByRole('textbox', { name: 'How does the team get in?' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'access notes after the start');
});
