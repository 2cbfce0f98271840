import { checkoutAtFreeTime, dayFreeAt } from './free-slots';
import { expect, type Page } from '@playwright/test';
import type { Item, OrderSummary, ServiceItems } from '../../../openapi/schema';
import { signInByApi } from './a11y';
import { createApiClient, ok, type ApiClient } from './api-client';
import { registerCustomer } from './fixtures';
import { CLOSED_BY_DEFAULT, openDay } from '../../support/default-closures';

/**
 * What the booking and cancellation tests do in the browser: sign a new customer in, read the real
 * items, fill the place-order form, and set up orders through the API when a test is not about
 * creating them. Server data (names, prices) is read from the server, never hard-coded.
 */
export type RealItem = Item;

export const BOOKED_SERVICE_ID = 1;

export async function signedInCustomer(page: Page, label = 'booking'): Promise<{ api: ApiClient; name: string }> {
  const customer = await registerCustomer(createApiClient(), label);
  const { api } = await signInByApi(page, customer);
  return { api, name: customer.name };
}

export async function serviceItems(serviceId = BOOKED_SERVICE_ID): Promise<ServiceItems> {
  const { api } = await anyCustomerApi();
  return ok(api.GET('/services/get-items/{id}', { params: { path: { id: serviceId } } }));
}

async function anyCustomerApi(): Promise<{ api: ApiClient }> {
  const customer = await registerCustomer(createApiClient(), 'reader');
  const user = await ok(createApiClient().POST('/auth/login', { body: { username: customer.email, password: customer.password } }));
  return { api: createApiClient(user.token) };
}

/** The UK date `days` from now (or the first open day after it), as the date input wants it (YYYY-MM-DD). */
export function ukDateIn(days: number): string {
  return openDay(new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date(Date.now() + days * 86_400_000)), 0);
}

/** The UK day `days` after the UK day `date` (both YYYY-MM-DD). */
export function dayAfter(date: string, days: number): string {
  return new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The first UK date `days` or more ahead whose next `visits` weekly visits fall on no default closure: a Weekly series there has all of them. */
export function weeklyOpenFrom(days: number, visits = 8): string {
  for (let date = ukDateIn(days); ; date = ukDateIn(days += 1)) {
    if (Array.from({ length: visits }, (_, week) => dayAfter(date, 7 * week)).every((day) => !CLOSED_BY_DEFAULT.has(day))) return date;
  }
}

export const deliveryDetails = {
  address: '10 Downing Street',
  city: 'London',
  postcode: 'NW1 6XE',
  phone: '020 7946 0000',
  time: '09:30',
};

/**
 * Fills the place-order form. Without a date: the first day from three days ahead on with a team
 * free at 09:30 for the stored order (the shared server fills up as the suite books).
 */
export async function fillDeliveryDetails(page: Page, chosenDate?: string): Promise<string> {
  // From 3 to 23 days ahead, at random: walks on two workers that both looked from 3 days took the
  // last team at the same time from each other while one was still on the form (December's closed
  // days leave few open days near the start).
  const date = chosenDate ?? (await dayFreeAt(BOOKED_SERVICE_ID, ukDateIn(3 + Math.floor(Math.random() * 21)), deliveryDetails.time, (await storedOrder(page))?.duration_minutes));
  await fillContactDetails(page);
  const [year, month, day] = date.split('-');
  await typeIntoSegments(page, 'Date', `${day}${month}${year}`);
  await typeIntoSegments(page, 'Time', deliveryDetails.time.replace(':', ''));
  return date;
}

/** Address, city, postcode and phone of the place-order form (deliveryDetails). */
export async function fillContactDetails(page: Page): Promise<void> {
  await page.getByLabel('Address', { exact: true }).fill(deliveryDetails.address);
  await page.getByLabel('City', { exact: true }).fill(deliveryDetails.city);
  await page.getByLabel('Postcode', { exact: true }).fill(deliveryDetails.postcode);
  await page.getByLabel('Phone', { exact: true }).fill(deliveryDetails.phone);
}

/** The date and time are segmented fields (dd/mm/yyyy, hh:mm): a customer clicks in and types digits. */
export async function typeIntoSegments(page: Page, label: string, digits: string): Promise<void> {
  await page.getByRole('group', { name: label, exact: true }).getByRole('spinbutton').first().click();
  await page.keyboard.type(digits);
}

/** "25122026" for 2026-12-25: a date as a person types it into a date field, day first (decision 088). */
export const dayFirst = (date: string) => date.split('-').reverse().join('');

/** A Weekly series of one bedroom, quoted on /properties/1 with its postcode, taken on to the place-order form. */
export async function quoteWeeklyToPlaceOrder(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/properties/1`);
  await itemCheckbox(page, 'Bedroom').check();
  await page.getByRole('radio', { name: /^Weekly/ }).check();
  await page.getByLabel('Postcode of the property').fill(deliveryDetails.postcode);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/placeorder$/);
}

/** The checkbox of a service item on /properties/:id (its name includes the price). */
export function itemCheckbox(page: Page, itemName: string) {
  return page.getByRole('main').getByRole('checkbox', { name: new RegExp(`^${escapeRegExp(itemName)}\\b`) });
}

export function cartLine(page: Page, itemName: string) {
  return page.getByRole('list', { name: 'Chosen items' }).getByRole('listitem').filter({ hasText: itemName });
}

export function quantityField(page: Page, itemName: string) {
  return page.getByRole('textbox', { name: `Quantity of ${itemName}` });
}

export async function storedOrder(page: Page): Promise<OrderSummary | null> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('myService') ?? 'null'));
}

/**
 * Keeps `order` in the browser as Next does: its summary under `myService` and the signed-in
 * user's cart draft naming it (a stored order is payable only by the person who made it).
 */
export async function keepOrderInBrowser(page: Page, order: OrderSummary, serviceId = BOOKED_SERVICE_ID): Promise<void> {
  await page.evaluate(
    ({ order, serviceId }) => {
      const owner = (JSON.parse(localStorage.getItem('userInfo') ?? 'null') as { id: number } | null)?.id;
      localStorage.setItem('myService', JSON.stringify(order));
      localStorage.setItem('draft:booking.cart', JSON.stringify({ owner, value: { serviceId, cart: [], orderId: order.id } }));
    },
    { order, serviceId },
  );
}

export async function expectToast(page: Page, text: string): Promise<void> {
  // A toast follows the request it reports (a checkout under the suite's load can take longer than
  // the default 7 s): the deadline is the request's, not a timing claim.
  await expect(page.getByText(text, { exact: true })).toBeVisible({ timeout: 20_000 });
}

/** Creates an order through the API (for tests about what comes after). */
export async function createOrderByApi(api: ApiClient, items: { id: number; quantity: number }[]) {
  return ok(api.POST('/services/order/new', { body: { service: BOOKED_SERVICE_ID, items } }));
}

/** Creates and checks out a cash order at a free time from `daysAhead` days on; answers its id. */
export async function bookedCashOrder(api: ApiClient, itemId: number, daysAhead = 3): Promise<number> {
  const order = await createOrderByApi(api, [{ id: itemId, quantity: 1 }]);
  await checkoutAtFreeTime(api, order, {
    serviceId: BOOKED_SERVICE_ID, from: ukDateIn(daysAhead), idempotencyKey: `e2e-booking-${order.id}`,
    address: deliveryDetails.address, phone: deliveryDetails.phone, city: deliveryDetails.city,
    code_postal: deliveryDetails.postcode, client_note: '', payment: 'cash',
  });
  return order.id;
}

/**
 * An order's card on My orders, by the order's id: the card's own anchor (`#order-<id>`, where the
 * mails' links land), since the card shows the customer's reference, not the id (decision 043).
 */
export function orderCard(page: Page, orderId: number) {
  return page.getByRole('article').filter({ has: page.locator(`[id="order-${orderId}"]`) });
}

/** What the customer calls the order: "order #<reference>" (decision 043), read from My orders through the API. */
export async function orderNameOf(api: ApiClient, orderId: number): Promise<string> {
  for (let page = 1; ; page += 1) {
    const rows = await ok(api.GET('/services/order/get', { params: { query: { page, limit: 100 } } }));
    const found = rows.find((row) => row.id === orderId);
    if (found?.reference) return `order #${found.reference}`;
    if (rows.length < 100) throw new Error(`order ${orderId} has no reference on My orders`);
  }
}

/** The same for the customer signed in on `page` (their session's token). */
export async function orderNameOnPage(page: Page, orderId: number): Promise<string> {
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { token?: string }).token);
  if (!token) throw new Error('nobody is signed in on this page');
  return orderNameOf(createApiClient(token), orderId);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A signed-in customer books one item of the booked service and pays by card: ends on the payment page. */
export async function bookOneItemByCard(page: Page, itemName: string): Promise<void> {
  await page.goto(`/properties/${BOOKED_SERVICE_ID}`);
  await itemCheckbox(page, itemName).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/placeorder$/);
  await fillDeliveryDetails(page);
  await page.getByRole('radio', { name: /Pay now/ }).check();
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(/\/test-payments\/[^/]+$/);
}

/** Another customer books a 30-minute job (one unit of the first item) at `date` `time` UK through the API. */
export async function bookElsewhere(date: string, time: string): Promise<void> {
  const customer = await registerCustomer(createApiClient(), 'other-team');
  const { token } = await ok(createApiClient().POST('/auth/login', { body: { username: customer.email, password: customer.password } }));
  const api = createApiClient(token);
  const { items } = await serviceItems();
  const order = await createOrderByApi(api, [{ id: items[0]!.id, quantity: 1 }]);
  await ok(
    api.POST('/services/order/checkout', {
      body: { order: order.id, due_date: date, due_time: time, address: '1 Other Street', phone: '020 7946 0002', city: 'London', code_postal: 'NW1 6XE', client_note: '', payment: 'cash' },
    }),
  );
}
