import type { Page } from '@playwright/test';
import type { BookingContext } from '../../machines/booking.machine';
import type { CheckoutContext } from '../../machines/checkout.machine';
import { bookingModel, checkoutModel, coveringPaths } from '../support/booking-models';
import { coverageOf, describePath, formatCoverage, type AnyPath } from '../support/replay-paths';
import {
  BOOKED_SERVICE_ID,
  cartLine,
  createOrderByApi,
  expectToast,
  fillDeliveryDetails,
  itemCheckbox,
  keepOrderInBrowser,
  quantityField,
  serviceItems,
  signedInCustomer,
  storedOrder,
  type RealItem,
} from './support/booking-ui';
import { expect as baseExpect, test } from './support/fixtures';

/**
 * The booking and checkout machines' generated paths (tests/support/booking-models.ts, the same
 * the unit replay walks), replayed in Chromium against the real server. Each model event becomes
 * what a customer does (tick, +, type, Next, Pay, Try again); a done event is the server answering,
 * an error event is a failure provoked for real (a service that does not exist, or the browser
 * offline). After every step the page must show what the model's state says.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
const money = (amount: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(amount);
type Step = AnyPath['steps'][number];

// The real server answers with its own payment page, so the "untrusted page" answer cannot happen
// here (it is covered by the unit replay); and the server answers as the form asked (cash or card).
const checkoutPaths = coveringPaths(checkoutModel, (path) =>
  path.steps.every((step, i) => {
    const output = step.event.output as { payment?: string; shippingInfo?: string } | undefined;
    if (step.event.type !== 'xstate.done.actor.checkout' || !output) return true;
    const form = (path.steps[i - 1]?.state.context as CheckoutContext).form;
    return output.payment === form.payment && !output.shippingInfo?.startsWith('https://evil');
  }),
);
const bookingPaths = coveringPaths(bookingModel);

test.describe('booking machine paths in the browser', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the browser paths take every transition of both machines', () => {
    const booking = coverageOf(bookingModel.machine, bookingPaths.map(({ path }) => path));
    const checkout = coverageOf(checkoutModel.machine, checkoutPaths.map(({ path }) => path));
    console.log(`${formatCoverage('booking (browser)', booking)} by ${bookingPaths.length} paths`);
    console.log(`${formatCoverage('checkout (browser)', checkout)} by ${checkoutPaths.length} paths`);
    expect(booking.transitions.missing).toEqual([]);
    expect(checkout.states.missing).toEqual(['checkout.paymentBlocked']);
  });

  for (const [n, { path }] of bookingPaths.entries()) {
    test(`booking ${n + 1}: ${describePath(path)}`, async ({ page }) => {
      const { items } = await serviceItems();
      await signedInCustomer(page, 'booking-path');
      const uiItems = new Map([[3, items[0]!], [4, items[1]!]]);
      const failsAtOnce = path.steps[1]?.event.type === 'xstate.error.actor.loadItems';
      // A service that does not exist is a real "cannot load the items" answer (404).
      await page.goto(`/properties/${failsAtOnce ? 999_999 : BOOKED_SERVICE_ID}`);
      for (let i = 1; i < path.steps.length; i++) {
        const step = path.steps[i]!;
        await test.step(`${step.event.type} → ${JSON.stringify(step.state.value)}`, async () => {
          await doBookingEvent(page, step, path.steps[i - 1]!, path.steps[i + 1], uiItems);
          await expectBookingState(page, step, uiItems);
        });
      }
    });
  }

  for (const [n, { path, input }] of checkoutPaths.entries()) {
    test(`checkout ${n + 1}: ${describePath(path)}${(input as { order: unknown }).order ? '' : ' (no stored order)'}`, async ({ page }) => {
      const { items } = await serviceItems();
      const { api } = await signedInCustomer(page, 'checkout-path');
      if ((input as { order: unknown }).order) {
        const order = await createOrderByApi(api, [{ id: items[0]!.id, quantity: 2 }]);
        await keepOrderInBrowser(page, order);
      }
      await page.goto('/placeorder');
      await expectCheckoutState(page, path.steps[0]!);
      for (let i = 1; i < path.steps.length; i++) {
        const step = path.steps[i]!;
        await test.step(`${step.event.type} → ${JSON.stringify(step.state.value)}`, async () => {
          await doCheckoutEvent(page, step, path.steps[i - 1]!, path.steps[i + 1]);
          await expectCheckoutState(page, step);
        });
      }
    });
  }
});

/** When the next model step is a failure of the call this action starts, the browser goes offline first. */
async function offlineIfNextFails(page: Page, next: Step | undefined, actor: string): Promise<void> {
  if (next?.event.type === `xstate.error.actor.${actor}`) await page.context().setOffline(true);
}

async function doBookingEvent(page: Page, step: Step, before: Step, next: Step | undefined, uiItems: Map<number, RealItem>) {
  const event = step.event as { type: string; itemId?: number; quantity?: number };
  const item = event.itemId ? uiItems.get(event.itemId)! : undefined;
  const cartBefore = (before.state.context as BookingContext).cart;
  switch (event.type) {
    case 'items.toggle':
      await itemCheckbox(page, item!.name).click();
      return;
    case 'items.setQuantity': {
      const line = cartBefore.find((candidate) => candidate.id === event.itemId);
      // Not in the cart: there is no quantity control to use.
      if (!line) return expect(quantityField(page, item!.name)).toHaveCount(0);
      if (event.quantity === line.quantity + 1) return page.getByRole('button', { name: `More ${item!.name}` }).click();
      await quantityField(page, item!.name).fill(String(event.quantity));
      return quantityField(page, item!.name).press('Tab');
    }
    case 'order.next':
      if ((before.state.context as BookingContext).cart.length === 0) {
        return expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
      }
      await offlineIfNextFails(page, next, 'createOrder');
      return page.getByRole('button', { name: 'Next' }).click();
    case 'retry':
      // After the 404 the retry fails again for real; the model's path ends in loadingItems there.
      if (before.state.matches('orderFailed')) await offlineIfNextFails(page, next, 'createOrder');
      return page.getByRole('button', { name: 'Try again' }).click();
    case 'xstate.error.actor.createOrder':
      // The failure has shown (asserted next); the connection comes back for what follows.
      await expect(page.getByRole('alert').filter({ hasText: 'Network Error' })).toBeVisible();
      return page.context().setOffline(false);
    default:
      return; // The server answers: the next state's assertions wait for it.
  }
}

async function expectBookingState(page: Page, step: Step, uiItems: Map<number, RealItem>) {
  const state = step.state;
  const { cart } = state.context as BookingContext;
  if (state.matches('loadFailed')) {
    await expect(page.getByRole('alert')).toContainText('Service not found');
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    return;
  }
  if (state.matches('ordered')) {
    await expect(page).toHaveURL(/\/placeorder$/);
    const stored = await storedOrder(page);
    expect(stored?.items).toEqual(cart.map((line) => ({ name: uiItems.get(line.id)!.name, quantity: line.quantity })));
    // The cart is kept as the customer's draft, naming the order Next created (Back finds it ticked).
    const draft = await page.evaluate(() => JSON.parse(localStorage.getItem('draft:booking.cart') ?? 'null'));
    expect(draft?.value).toEqual({ serviceId: BOOKED_SERVICE_ID, cart: cart.map(({ id, quantity }) => ({ id: uiItems.get(id)!.id, quantity })), orderId: stored?.id });
    return;
  }
  if (!state.matches('selecting') && !state.matches('orderFailed')) return; // loading / creating: in flight
  for (const [id, item] of uiItems) {
    const line = cart.find((candidate) => candidate.id === id);
    await expect(itemCheckbox(page, item.name)).toBeChecked({ checked: Boolean(line) });
    if (line) await expect(quantityField(page, item.name)).toHaveValue(String(line.quantity));
    else await expect(cartLine(page, item.name)).toHaveCount(0);
  }
  const total = cart.reduce((sum, line) => sum + uiItems.get(line.id)!.price * line.quantity, 0);
  await expect(page.getByTestId('cart-total')).toHaveText(money(total));
  if (state.matches('orderFailed')) {
    await expect(page.getByRole('alert').filter({ hasText: 'Network Error' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  } else {
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled({ enabled: cart.length > 0 });
  }
}

/** The UK date the form was last given (fillDeliveryDetails picks a day with the time free). */
let typedDate: string | undefined;

async function doCheckoutEvent(page: Page, step: Step, before: Step, next: Step | undefined) {
  const event = step.event as { type: string; values?: Record<string, string> };
  const form = (before.state.context as CheckoutContext).form;
  switch (event.type) {
    case 'form.change':
      if (event.values?.payment === 'card') return page.getByRole('radio', { name: /Pay now/ }).check();
      if (event.values?.postcode === 'nope') return page.getByLabel('Postcode', { exact: true }).fill('nope');
      typedDate = await fillDeliveryDetails(page);
      return;
    case 'order.submit':
      await offlineIfNextFails(page, next, 'checkout');
      return page.getByRole('button', { name: form.payment === 'card' ? 'Pay now' : 'Pay cash' }).click();
    case 'retry':
      await offlineIfNextFails(page, next, 'checkout');
      return page.getByRole('button', { name: 'Try again' }).click();
    case 'xstate.error.actor.checkout':
      await expect(page.getByRole('alert').filter({ hasText: 'Network Error' })).toBeVisible();
      return page.context().setOffline(false);
    default:
      return;
  }
}

async function expectCheckoutState(page: Page, step: Step) {
  const state = step.state;
  const { form, errors } = state.context as CheckoutContext;
  if (state.matches('noOrder')) {
    await expect(page.getByText('There is no order to place yet.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Choose a service' })).toHaveAttribute('href', '/home');
    return;
  }
  if (state.matches('paid')) {
    // Cash ends on the confirmation page: the order's reference, UK date and time, total.
    await expectToast(page, 'Payment was successfully !');
    await expect(page).toHaveURL(/\/success$/);
    const booking = page.getByRole('definition');
    await expect(booking.filter({ hasText: /^#\d+$/ })).toHaveCount(1);
    // The UI typed the date fillDeliveryDetails chose (a day with that time free), the model's time.
    await expect(booking.filter({ hasText: `${typedDate} ${form.time} (UK time)` })).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'See my orders' })).toBeVisible();
    expect(await storedOrder(page)).toBeNull();
    return;
  }
  if (state.matches('redirecting')) {
    // The card round trip: the provider's page, Pay, and back to /success.
    await expect(page).toHaveURL(/\/test-payments\/[^/]+$/);
    expect(await storedOrder(page)).toBeNull();
    await page.getByRole('button', { name: /^Pay £/ }).click();
    await expect(page).toHaveURL(/\/success\?order=\d+$/);
    return;
  }
  if (state.matches('submitting')) return; // in flight
  await expect(page.getByLabel('Postcode', { exact: true })).toHaveValue(form.postcode === 'nope' ? 'nope' : form.postcode ? 'SW1A 2AA' : '');
  await expect(page.getByLabel('Address', { exact: true })).toHaveValue(form.address ? '10 Downing Street' : '');
  await expect(page.getByRole('radio', { name: form.payment === 'card' ? /Pay now/ : /Pay cash/ })).toBeChecked();
  await expect(page.getByRole('button', { name: form.payment === 'card' ? 'Pay now' : 'Pay cash' })).toBeVisible();
  for (const message of Object.values(errors)) await expect(page.getByText(message!, { exact: true })).toBeVisible();
  if (Object.keys(errors).length === 0) await expect(page.locator('.field__error:visible')).toHaveCount(0);
  if (state.matches('submitFailed')) {
    await expect(page.getByRole('alert').filter({ hasText: 'Network Error' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  }
}
