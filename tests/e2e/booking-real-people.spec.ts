import type { Page } from '@playwright/test';
import { signInByApi } from './support/a11y';
import { signIn as signInAdmin } from './support/admin-ui';
import { admin as adminAccount } from './support/accounts';
import { createApiClient, ok, type ApiClient } from './support/api-client';
import {
  BOOKED_SERVICE_ID,
  deliveryDetails,
  expectToast,
  fillDeliveryDetails,
  itemCheckbox,
  orderCard,
  quantityField,
  serviceItems,
  storedOrder,
  ukDateIn,
} from './support/booking-ui';
import { expect as baseExpect, registerCustomer, test, type Customer } from './support/fixtures';
import { checkoutAtFreeTime } from './support/free-slots';
import { logoutThroughMenu, submitLogin } from './support/session-ui';

/**
 * Booking as real people do it (issue 11, rows 1-3 and 9-13): a browser that speaks en-US in New
 * York, whatever the project pins; Back, Forward and reload in the middle; a session that expires
 * with the form filled; two people on one phone. Every date must be the job's UK date and time.
 */
test.use({ locale: 'en-US', timezoneId: 'America/New_York' });

const expect = baseExpect.configure({ timeout: 15_000 });
const money = (amount: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(amount);
const expiredMessage = 'Your session has expired, please log in again';

async function customerSignedIn(page: Page, label: string): Promise<{ customer: Customer; api: ApiClient }> {
  const customer = await registerCustomer(createApiClient(), label);
  const { api } = await signInByApi(page, customer);
  return { customer, api };
}

/** Ends every token of the customer on the server, as an expiry would: the browser's token now gets 401. */
async function endSessionOnServer(customer: Customer): Promise<void> {
  const user = await ok(createApiClient().POST('/auth/login', { body: { username: customer.email, password: customer.password } }));
  await ok(createApiClient(user.token).POST('/auth/logout'));
}

async function chooseItems(page: Page, quantities: number[]): Promise<{ total: number; names: string[] }> {
  const { items } = await serviceItems();
  await page.goto(`/properties/${BOOKED_SERVICE_ID}`);
  let total = 0;
  const names: string[] = [];
  for (const [index, quantity] of quantities.entries()) {
    const item = items[index]!;
    await itemCheckbox(page, item.name).check();
    if (quantity > 1) {
      await quantityField(page, item.name).fill(String(quantity));
      await quantityField(page, item.name).press('Tab');
    }
    total += item.price * quantity;
    names.push(item.name);
  }
  await expect(page.getByTestId('cart-total')).toHaveText(money(total));
  return { total, names };
}

test.describe('booking from a browser in en-US, in New York', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the date reads dd/mm/yyyy, a partial date says so, cash ends on /success with the UK date and time, My orders shows the UK time', async ({ page }) => {
    const { api } = await customerSignedIn(page, 'newyork');
    const { total } = await chooseItems(page, [2]);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/placeorder$/);

    // The segments follow the hint, whatever the browser's language: day, month, year; 24 hours.
    const date = page.getByRole('group', { name: 'Date', exact: true });
    await expect(date.getByRole('spinbutton')).toHaveCount(3);
    await expect(date.getByRole('spinbutton').nth(0)).toHaveAccessibleName(/^day,/);
    await expect(date.getByRole('spinbutton').nth(1)).toHaveAccessibleName(/^month,/);
    await expect(date.getByRole('spinbutton').nth(2)).toHaveAccessibleName(/^year,/);
    await expect(page.getByText('dd/mm/yyyy, UK date, at least 24 hours ahead')).toBeVisible();
    await expect(page.getByText('UK time, 24-hour clock, e.g. 09:30')).toBeVisible();
    const time = page.getByRole('group', { name: 'Time', exact: true });
    await expect(time.getByRole('spinbutton')).toHaveCount(2);

    // Only the day typed: the form says the date is not whole.
    await date.getByRole('spinbutton').first().click();
    await page.keyboard.type('25');
    await page.getByRole('button', { name: 'Pay cash' }).click();
    await expect(page.getByText('Enter the whole date !')).toBeVisible();

    // Today is less than 24 hours away: the message names the earliest time allowed.
    await fillDeliveryDetails(page, ukDateIn(0));
    await page.getByRole('button', { name: 'Pay cash' }).click();
    await expect(page.getByText(/^Online bookings need 24 hours notice: choose \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(UK time\) or later !$/)).toBeVisible();

    const day = await fillDeliveryDetails(page);
    await page.getByRole('button', { name: 'Pay cash' }).click();
    await expectToast(page, 'Payment was successfully !');
    await expect(page).toHaveURL(/\/success$/);
    const booking = page.getByRole('definition');
    const [mine] = await ok(api.GET('/services/order/get'));
    await expect(booking.filter({ hasText: `#${mine!.reference}` })).toHaveCount(1);
    await expect(booking.filter({ hasText: `${day} ${deliveryDetails.time} (UK time)` })).toHaveCount(1);
    await expect(booking.filter({ hasText: money(total) })).toHaveCount(1);
    // Booked for 09:30 UK time: stored as that instant, whatever New York's clock says.
    expect(new Date(mine!.due!).toLocaleString('sv-SE', { timeZone: 'Europe/London' }).slice(0, 16)).toBe(`${day} 09:30`);
    await page.getByRole('link', { name: 'See my orders' }).click();
    await expect(page).toHaveURL(/\/profile-services$/);
    await expect(orderCard(page, mine!.id)).toContainText(`${day} ${deliveryDetails.time}`);
  });

  test('an administrator in New York sees the UK time of a job on the order page', async ({ page }) => {
    const { api } = await customerSignedIn(page, 'admin-view');
    const { items } = await serviceItems();
    const order = await ok(api.POST('/services/order/new', { body: { service: BOOKED_SERVICE_ID, items: [{ id: items[0]!.id, quantity: 1 }] } }));
    const { due_date: day } = await checkoutAtFreeTime(api, order, {
      serviceId: BOOKED_SERVICE_ID, from: ukDateIn(5), time: '10:30', idempotencyKey: `ny-admin-${order.id}`,
      address: '1 High Street', phone: '020 7946 0000', city: 'London', code_postal: 'NW1 6XE', client_note: '', payment: 'cash',
    });
    await page.evaluate(() => localStorage.clear());
    const user = await ok(createApiClient().POST('/auth/login', { body: { username: adminAccount.email, password: adminAccount.password } }));
    await signInAdmin(page, user);
    await page.goto(`/order/${order.id}`);
    await expect(page.getByText(`${day} 10:30`, { exact: true })).toBeVisible();
  });
});

test.describe('a booking is a draft until checkout', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the cart and the form survive Back, Forward, reload and the in-page Back; the draft is in nobody\'s list', async ({ page }) => {
    const { api } = await customerSignedIn(page, 'draft');
    const { names } = await chooseItems(page, [3, 1]);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/placeorder$/);
    await page.getByLabel('Address', { exact: true }).fill(deliveryDetails.address);
    await page.getByLabel('City', { exact: true }).fill(deliveryDetails.city);
    // Not a booking yet: My orders does not list it.
    expect(await ok(api.GET('/services/order/get'))).toEqual([]);

    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/properties/${BOOKED_SERVICE_ID}$`));
    await expect(itemCheckbox(page, names[0]!)).toBeChecked();
    await expect(quantityField(page, names[0]!)).toHaveValue('3');
    await expect(itemCheckbox(page, names[1]!)).toBeChecked();
    await page.reload();
    await expect(quantityField(page, names[0]!)).toHaveValue('3');

    await page.goForward();
    await expect(page).toHaveURL(/\/placeorder$/);
    await expect(page.getByLabel('Address', { exact: true })).toHaveValue(deliveryDetails.address);
    await page.reload();
    await expect(page.getByLabel('City', { exact: true })).toHaveValue(deliveryDetails.city);
    await expect(page.getByRole('region', { name: 'Your order' })).toContainText(`${names[0]}× 3`);

    // The page's own Back returns to the items of this booking, still ticked.
    await page.getByRole('main').getByRole('link', { name: 'Back' }).click();
    await expect(page).toHaveURL(new RegExp(`/properties/${BOOKED_SERVICE_ID}$`));
    await expect(quantityField(page, names[0]!)).toHaveValue('3');
  });

  test('user A presses Next and logs out; user B on the same browser sees neither the order nor the form', async ({ page }) => {
    const a = await customerSignedIn(page, 'phone-a');
    await page.goto('/home');
    await chooseItems(page, [1]);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/placeorder$/);
    await page.getByLabel('Phone', { exact: true }).fill('07700 900123');
    await logoutThroughMenu(page, a.customer.name);
    await expect(page).toHaveURL(/\/$/);
    expect(await storedOrder(page)).toBeNull();
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('draft:')))).toEqual([]);

    const b = await registerCustomer(createApiClient(), 'phone-b');
    await page.goto('/login');
    await submitLogin(page, b);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto('/placeorder');
    await expect(page.getByText('There is no order to place yet.')).toBeVisible();
    await expect(page.getByText('07700 900123')).toHaveCount(0);
  });
});

test.describe('a session that ends kindly', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the token expires with /placeorder filled: Pay says so, and after logging in the form is as it was', async ({ page }) => {
    const { customer } = await customerSignedIn(page, 'expiry');
    await chooseItems(page, [1]);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/placeorder$/);
    const day = await fillDeliveryDetails(page);
    await page.getByLabel('Note', { exact: true }).fill('The cat hides under the bed');
    await endSessionOnServer(customer);

    await page.getByRole('button', { name: 'Pay cash' }).click();
    await expectToast(page, expiredMessage);
    await expect(page).toHaveURL(/\/login\?redirect=%2Fplaceorder$/);
    await submitLogin(page, customer);
    await expect(page).toHaveURL(/\/placeorder$/);
    await expect(page.getByLabel('Address', { exact: true })).toHaveValue(deliveryDetails.address);
    await expect(page.getByLabel('Note', { exact: true })).toHaveValue('The cat hides under the bed');
    await expect(page.getByRole('group', { name: 'Date', exact: true })).toContainText(day.split('-').reverse().join('/'));
    await page.getByRole('button', { name: 'Pay cash' }).click();
    await expect(page).toHaveURL(/\/success$/);
    await expect(page.getByRole('definition').filter({ hasText: `${day} ${deliveryDetails.time} (UK time)` })).toHaveCount(1);
  });

  test('the token expires with a cancellation reason typed: Send says so, and after logging in the dialog has it again', async ({ page }) => {
    const { customer, api } = await customerSignedIn(page, 'expiry-cancel');
    const { items } = await serviceItems();
    const order = await ok(api.POST('/services/order/new', { body: { service: BOOKED_SERVICE_ID, items: [{ id: items[0]!.id, quantity: 1 }] } }));
    await checkoutAtFreeTime(api, order, {
      serviceId: BOOKED_SERVICE_ID, from: ukDateIn(5), idempotencyKey: `expiry-cancel-${order.id}`,
      address: '1 High Street', phone: '020 7946 0000', city: 'London', code_postal: 'NW1 6XE', client_note: '', payment: 'cash',
    });
    await page.goto('/profile-services');
    await orderCard(page, order.id).getByRole('button', { name: /^Cancel order/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Do you want to cancel the order ? tell us why!' });
    await dialog.getByLabel('Type here your reason').fill('We are moving abroad');
    await endSessionOnServer(customer);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expectToast(page, expiredMessage);
    await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile-services$/);
    await submitLogin(page, customer);
    await expect(page).toHaveURL(/\/profile-services$/);
    await expect(dialog.getByLabel('Type here your reason')).toHaveValue('We are moving abroad');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expectToast(page, 'Order refund sent successfully, we will contact you asap !');
  });

  test('the token expires with the profile form filled: Update says so, and after logging in the name is kept', async ({ page }) => {
    const { customer } = await customerSignedIn(page, 'expiry-profile');
    await page.goto('/profile');
    await page.getByLabel('Full name').fill('Jane Renamed Person');
    await endSessionOnServer(customer);
    await page.getByRole('button', { name: 'Update' }).click();
    await expectToast(page, expiredMessage);
    await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);
    await submitLogin(page, customer);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByLabel('Full name')).toHaveValue('Jane Renamed Person');
  });
});
