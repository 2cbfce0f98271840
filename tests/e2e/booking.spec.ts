import { checkoutAtFreeTime } from './support/free-slots';
import { confirmInBrowser, expect as baseExpect, linkIn, newestMailTo, test, uniqueCustomer } from './support/fixtures';
import {
  bookOneItemByCard,
  BOOKED_SERVICE_ID,
  createOrderByApi,
  deliveryDetails,
  expectToast,
  fillDeliveryDetails,
  itemCheckbox,
  keepOrderInBrowser,
  quantityField,
  serviceItems,
  signedInCustomer,
  storedOrder,
  typeIntoSegments,
  ukDateIn,
} from './support/booking-ui';
import { logoutThroughMenu, submitLogin, submitRegistration } from './support/session-ui';
import { expectFits, expectNoAxeViolations } from './support/a11y';

// Two shared cores: lazily loaded screens can take a few seconds under load.
const expect = baseExpect.configure({ timeout: 15_000 });
const money = (amount: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(amount);

test.describe('booking as a customer', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a new customer registers, logs in, books two items with quantities, pays cash, sees and cancels the order', async ({ page }) => {
    test.setTimeout(150_000);
    const { serviceName, items } = await serviceItems();
    const [first, second] = items;
    if (!first || !second) throw new Error('the booked service needs two items');
    const customer = uniqueCustomer('journey');

    await page.goto('/register');
    await submitRegistration(page, customer);
    await expect(page).toHaveURL(/\/login/);
    // The mailed link, with the password chosen, proves the address and logs in (decisions 029, 074).
    const link = new URL(linkIn(await newestMailTo(customer.email), '/confirm-email/'));
    await confirmInBrowser(page, link, customer.password);
    await expect(page).toHaveURL(/\/home$/);

    await page.getByRole('link', { name: `Book now: ${serviceName}` }).click();
    await expect(page).toHaveURL(new RegExp(`/properties/${BOOKED_SERVICE_ID}$`));
    await expect(page.getByRole('heading', { level: 1, name: serviceName })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    await itemCheckbox(page, first.name).check();
    await itemCheckbox(page, second.name).check();
    await expect(quantityField(page, first.name)).toHaveValue('1');
    await page.getByRole('button', { name: `More ${first.name}` }).click();
    await page.getByRole('button', { name: `More ${first.name}` }).click();
    await quantityField(page, second.name).fill('2');
    await quantityField(page, second.name).press('Tab');
    const total = first.price * 3 + second.price * 2;
    await expect(page.getByTestId('cart-total')).toHaveText(money(total));
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page).toHaveURL(/\/placeorder$/);
    const summary = page.getByRole('region', { name: 'Your order' });
    await expect(summary).toContainText(serviceName);
    await expect(summary.getByRole('listitem').filter({ hasText: first.name })).toContainText('× 3');
    await expect(summary.getByRole('listitem').filter({ hasText: second.name })).toContainText('× 2');
    await expect(page.getByTestId('order-total')).toHaveText(money(total));
    const day = await fillDeliveryDetails(page);
    await page.getByRole('button', { name: 'Pay cash' }).click();
    await expectToast(page, 'Payment was successfully !');
    await expect(page).toHaveURL(/\/success$/);
    expect(await storedOrder(page)).toBeNull();

    await page.goto('/profile-services');
    await expect(page.getByRole('heading', { level: 1, name: 'My orders' })).toBeVisible();
    await expect(page.getByText('Note: The service cannot be canceled after 24 hours')).toBeVisible();
    const card = page.getByRole('article').first();
    await expect(card).toContainText(serviceName);
    await expect(card).toContainText(money(total));
    await expect(card).toContainText('Awaiting validation');
    await expect(card).toContainText(`${day} ${deliveryDetails.time}`);

    await card.getByRole('button', { name: /^Cancel order/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Do you want to cancel the order ? tell us why!' });
    await expect(dialog).toContainText('Free cancellation');
    await expect(dialog.getByRole('button', { name: 'Send' })).toBeDisabled();
    await dialog.getByLabel('Type here your reason').fill('My landlord moved the inspection');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expectToast(page, 'Order refund sent successfully, we will contact you asap !');
    await expect(dialog).toHaveCount(0);
    // Nothing was paid (cash): a cancellation, not a refund.
    await expect(card).toContainText('Cancellation pending');
    await expect(card).not.toContainText('Refund');
    await expect(card.getByRole('button', { name: /^Cancel order/ })).toBeDisabled();
    await expect(card).toContainText('A cancellation was already requested for this order');
  });

  test('paying by card goes through the payment page to /success, and the order then shows as paid', async ({ page }) => {
    const { items } = await serviceItems();
    const item = items[0]!;
    await signedInCustomer(page, 'card');
    await bookOneItemByCard(page, item.name);
    expect(new URL(page.url()).origin).toBe(new URL(test.info().project.use.baseURL!).origin);
    await page.getByRole('button', { name: `Pay ${money(item.price)}` }).click();
    await expect(page).toHaveURL(/\/success\?order=\d+$/);
    await expect(page.getByRole('link', { name: 'Go to Home' })).toBeVisible();

    await page.goto('/profile-services');
    const card = page.getByRole('article').first();
    await expect(card).toContainText('Paid');
    await expect(card).toContainText(money(item.price));
  });

  test('a first-time visitor pressing Book now sees the price without an account, then registers or logs in as they like and comes back with their choices; someone coming back is welcomed back', async ({ page, newCustomer }) => {
    // Issue 39 row 5, decision 080: no login page saying "Welcome back!" to someone who never came.
    const { items } = await serviceItems();
    await page.goto('/home');
    await page.locator(`a[href="/properties/${BOOKED_SERVICE_ID}"]`).first().click();
    await expect(page).toHaveURL(new RegExp(`/properties/${BOOKED_SERVICE_ID}$`));
    await itemCheckbox(page, items[0]!.name).locator('xpath=ancestor::label').click();
    await expect(page.getByTestId('quote-total')).toContainText('Total £');
    const choice = page.getByRole('region', { name: 'Create an account or log in to book' });
    const after = new RegExp(`\\?redirect=%2Fproperties%2F${BOOKED_SERVICE_ID}%3Fquote%3D[\\w-]+$`);
    await expect(choice.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', new RegExp(`^/register${after.source}`));
    await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);
    await expectNoAxeViolations(page, 'a first-time visitor\'s booking page, priced');
    await expectFits(page, 'a first-time visitor\'s booking page');
    await choice.getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(new RegExp(`/login${after.source}`));
    await expect(page.getByText('Log in to book and manage your cleaning.')).toBeVisible();
    await expect(page.getByText('Welcome back!')).toHaveCount(0);
    await submitLogin(page, newCustomer);
    await expect(page).toHaveURL(new RegExp(`/properties/${BOOKED_SERVICE_ID}$`));
    await expect(itemCheckbox(page, items[0]!.name)).toBeChecked();
    await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();

    // Signed in here before: the booking page sends them to log in, and the login page welcomes them back.
    await logoutThroughMenu(page, newCustomer.name);
    await page.goto(`/properties/${BOOKED_SERVICE_ID}`);
    await expect(page).toHaveURL(new RegExp(`/login\\?redirect=%2Fproperties%2F${BOOKED_SERVICE_ID}$`));
    await expect(page.getByText('Welcome back! Log in to book and manage your cleaning.')).toBeVisible();
  });

  test('a reload of /placeorder resumes the stored order; without one it says so and links to /home', async ({ page }) => {
    const { items } = await serviceItems();
    const { api } = await signedInCustomer(page, 'resume');
    const order = await createOrderByApi(api, [{ id: items[0]!.id, quantity: 4 }]);
    await keepOrderInBrowser(page, order);
    await page.goto('/placeorder');
    await page.reload();
    await expect(page.getByRole('region', { name: 'Your order' })).toContainText(`${items[0]!.name}× 4`);
    await expect(page.getByTestId('order-total')).toHaveText(money(order.total));

    await page.evaluate(() => localStorage.setItem('myService', '{"not":"an order"}'));
    await page.reload();
    await expect(page.getByText('There is no order to place yet.')).toBeVisible();
    await page.getByRole('link', { name: 'Choose a service' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('the form says what is missing or wrong, and keeps what was typed', async ({ page }) => {
    const { items } = await serviceItems();
    const { api } = await signedInCustomer(page, 'checks');
    const order = await createOrderByApi(api, [{ id: items[0]!.id, quantity: 1 }]);
    await keepOrderInBrowser(page, order);
    await page.goto('/placeorder');
    await page.getByRole('button', { name: 'Pay cash' }).click();
    for (const message of ['Address is required !', 'City is required !', 'Postcode is required !', 'Phone is required !', 'Date is required !', 'Time is required !']) {
      await expect(page.getByText(message)).toBeVisible();
    }
    await expect(page.getByLabel('Address', { exact: true })).toBeFocused();
    // The Date is typed day first whatever the browser speaks (an en-US phone too), and the day is
    // written out under it: 01/02 is 1 February, never 2 January (decision 088).
    const nextYear = Number(ukDateIn(0).slice(0, 4)) + 1;
    await typeIntoSegments(page, 'Date', `0102${nextYear}`);
    await expect(page.getByText(new RegExp(`^(Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day 1 February ${nextYear}$`))).toBeVisible();
    await fillDeliveryDetails(page, ukDateIn(0));
    await page.getByLabel('Postcode', { exact: true }).fill('75008');
    await page.getByRole('button', { name: 'Pay cash' }).click();
    await expect(page.getByText('Enter a UK postcode, like SW1A 1AA !')).toBeVisible();
    await expect(page.getByText(/^Online bookings need 24 hours notice: choose \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(UK time\) or later !$/)).toBeVisible();
    await expect(page.getByLabel('Address', { exact: true })).toHaveValue(deliveryDetails.address);
    await expect(page).toHaveURL(/\/placeorder$/);
  });

  test('the postcode is answered as it is typed: a district not served before Pay and gone at the first edit; the price with the Congestion Charge, which Pay pays', async ({ page }) => {
    // Issue 36 row 4, decision 086. On the booking page, the quote's postcode: refused by the field as
    // typed; Next fails on it, and that failure goes at the first edit of the postcode.
    const { items } = await serviceItems();
    const item = items[0]!;
    await signedInCustomer(page, 'postcode');
    await page.goto(`/properties/${BOOKED_SERVICE_ID}`);
    await itemCheckbox(page, item.name).check();
    const quotePostcode = page.getByLabel('Postcode of the property');
    const refusal = page.getByText("We don't cover M1 yet", { exact: true });
    await quotePostcode.fill('M1 3HE');
    await expect(refusal).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('alert').filter({ hasText: "We don't cover M1 yet" })).toBeVisible();
    await quotePostcode.fill('M1 3H');
    await expect(page.getByText("We don't cover M1 yet")).toHaveCount(0);
    await page.getByRole('button', { name: 'Next' }).click();

    // On /placeorder, the address's postcode, answered as typed.
    await expect(page).toHaveURL(/\/placeorder$/);
    const order = { total: item.price };
    await fillDeliveryDetails(page);
    const postcode = page.getByLabel('Postcode', { exact: true });
    await postcode.fill('M1 3HE');
    await expect(refusal).toBeVisible();
    await expect(postcode).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('textbox', { name: 'Email me when you cover M1' })).toBeVisible();
    await expectNoAxeViolations(page, '/placeorder, a postcode not served, before Pay');
    await postcode.press('Backspace');
    await expect(refusal).toHaveCount(0);
    await expect(postcode).not.toHaveAttribute('aria-invalid', 'true');
    await postcode.fill('WC2N 5DU');
    const withCharge = money(order.total + 11.5);
    await expect(page.getByTestId('address-price')).toHaveText(`The price for WC2N 5DU is ${withCharge}, Congestion Charge £11.50 included.`);
    await expect(page.getByTestId('order-total')).toHaveText(withCharge);
    await expect(page.getByRole('region', { name: 'Your order' }).getByRole('list', { name: 'Price lines' })).toContainText('Congestion Charge£11.50');
    await expectNoAxeViolations(page, '/placeorder priced for the address');
    await expectFits(page, '/placeorder priced for the address');
    // No "confirm the new total" step: Pay pays the price shown.
    await page.getByRole('button', { name: 'Pay cash' }).click();
    await expectToast(page, 'Payment was successfully !');
    await expect(page).toHaveURL(/\/success$/);
    await expect(page.getByText(`${withCharge}, to pay in cash on the day`)).toBeVisible();
  });

  test('an order checked out elsewhere is refused by the server, and the form keeps its values', async ({ page }) => {
    const { items } = await serviceItems();
    const { api } = await signedInCustomer(page, 'conflict');
    const order = await createOrderByApi(api, [{ id: items[0]!.id, quantity: 1 }]);
    await keepOrderInBrowser(page, order);
    await page.goto('/placeorder');
    await fillDeliveryDetails(page);
    // The same order is checked out in another tab.
    await checkoutAtFreeTime(api, order, {
      serviceId: BOOKED_SERVICE_ID, from: ukDateIn(5), address: 'Elsewhere 1', phone: '020 7946 0001', city: 'London', code_postal: 'NW1 6XE', client_note: '', payment: 'cash',
    });
    await page.getByRole('button', { name: 'Pay cash' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'This order has already been checked out' })).toBeVisible();
    // Sending the same again cannot help (decision 032): no Try again for a refusal.
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await expect(page.getByLabel('City', { exact: true })).toHaveValue(deliveryDetails.city);
  });
});
