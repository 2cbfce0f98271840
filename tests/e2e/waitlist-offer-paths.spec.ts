import type { Page } from '@playwright/test';
import type { WaitlistOfferMeta } from '../../machines/waitlist-offer.machine';
import type { WaitlistOffer } from '../../openapi/schema';
import { formatMoney } from '../../domain/money/money';
import { formatLondon } from '../../domain/time/london-time';
import { waitForMail } from '../api/support/mail-wait';
import { TEST_ADMIN } from '../api/support/test-config';
import { coveringPaths } from '../support/booking-models';
import { expectedSteps, type ModelEvent, type Step } from '../support/expected-walks';
import { expectedWaitlistOffer, waitlistOfferEvents } from '../support/expected/waitlist-offer';
import { describePath, missedByBrowserPaths } from '../support/replay-paths';
import { waitlistOfferModel } from '../support/waitlist-offer-model';
import { expectNoAxeViolations, settled } from './support/a11y';
import { ok, type ApiClient } from './support/api-client';
import { deliveryDetails, orderCard, serviceItems, ukDateIn, BOOKED_SERVICE_ID } from './support/booking-ui';
import { expect as baseExpect, test, uniqueCustomer } from './support/fixtures';
import { ownServerForFile } from './support/own-server-for-file';
import { wakingClock } from './support/waking-clock';
import { PAYMENT_NOT_COMPLETED } from '../../src/features/orders/order-labels';

/**
 * The waiting list offer machine's generated paths (tests/support/waitlist-offer-model.ts, the same
 * the unit walk takes) on My orders in Chromium against the real server, by keyboard. Each path has
 * an offer of its own: a day made full, the customer waiting for it with a draft, another customer's
 * visit that day cancelled by staff, and the link of the mail that follows. An offer that cannot be
 * used, and a booking refused, are the offer expired on the server (its hold ended); a booking that
 * fails is the browser offline. After each step the page must show the `meta` of the state the
 * hand-written table (tests/support/expected/waitlist-offer.ts) expects — not the state the machine
 * went to — and a booking made must be the customer's confirmation mail and the order at the held
 * time on My orders.
 *
 * Card (decision 067) is the payment choice of /placeorder in the dialog: booked by card, the
 * browser goes to the test provider's payment page, pays the offer's price there, and comes back to
 * /success; the order is then at the held time on My orders, paid.
 * Its own server: full days are made in the database (opening hours, teams off).
 */
const expect = baseExpect.configure({ timeout: 15_000 });
const paths = coveringPaths(waitlistOfferModel);

const { server } = ownServerForFile({ testTimeout: 150_000, now: wakingClock() });

test('the browser paths take every state and transition of the machine', () => {
  expect(missedByBrowserPaths('waiting list offer', waitlistOfferModel.machine, paths)).toEqual({ states: [], transitions: [] });
});

for (const [n, { path }] of paths.entries()) {
  test(`waiting list offer ${n + 1}: ${describePath(path)}`, async ({ page }) => {
    await walk(page, 11 + n, path.steps.map((s) => s.event as ModelEvent).filter((e) => e.type !== 'xstate.init'));
  });
}

// What the covering paths, which count the machine's transitions, do not take of the table: Book
// this time before the details are complete, a booking refused by the server (not a network error),
// and no Try again after it.
const { open, loaded, typeAddress, typeCity, typePostcode, typePhone, book, refused, retry, close } = waitlistOfferEvents;
test('waiting list offer: Book this time before the details are complete, then refused by the server with no Try again', async ({ page }) => {
  await walk(page, 11 + paths.length, [open, loaded, typeAddress, book, typeCity, typePostcode, typePhone, book, refused, retry, close]);
});

async function walk(page: Page, daysAhead: number, events: ModelEvent[]) {
  const world = await offerOnFullDay(page, daysAhead);
  await page.goto(`${server.baseUrl}${world.link.pathname}`);
  await expectShown(world, 'closed', false);
  const steps = expectedSteps(expectedWaitlistOffer, events);
  for (const [i, step] of steps.entries()) {
    const at = step.from['']!;
    const expected = step.expected['']!;
    await test.step(`${at} --${step.eventName}--> ${expected}`, async () => {
      await doEvent(world, step, steps[i + 1]?.eventName);
      await expectShown(world, expected, i === steps.length - 1);
    });
  }
}

interface World {
  page: Page;
  link: URL;
  date: string;
  email: string;
  customer: ApiClient;
  /** The draft booked at the held time when the offer is taken. */
  orderId: number;
  /** The last error the dialog was given (the server's words, or the browser's offline). */
  error: string | null;
  booked: boolean;
  payment: 'cash' | 'card';
  offer: WaitlistOffer | null;
}

const dialog = (page: Page) => page.getByRole('dialog', { name: 'A time held for you' });
const FIELDS = { typeAddress: ['Address', deliveryDetails.address], typeCity: ['City', deliveryDetails.city], typePostcode: ['Postcode', deliveryDetails.postcode], typePhone: ['Phone', deliveryDetails.phone] } as const;

async function staffApi(): Promise<ApiClient> {
  const admin = await ok(server.api().POST('/auth/login', { body: { username: TEST_ADMIN.email, password: TEST_ADMIN.password } }));
  return server.api(admin.token);
}

async function customerApi(label: string): Promise<{ api: ApiClient; email: string }> {
  const customer = uniqueCustomer(label);
  await ok(server.api().POST('/auth/register', { body: customer }));
  await server.confirm(customer);
  const user = await ok(server.api().POST('/auth/login', { body: { username: customer.email, password: customer.password } }));
  return { api: server.api(user.token), email: customer.email };
}

/**
 * A fresh offer for the customer signed in on `page`: `daysAhead`'s day made full by another
 * customer's 09:00 visit (one team working, the company open 09:00–10:30 that weekday), the customer
 * waiting for it with a draft, the visit cancelled by staff, and the mailed link.
 */
async function offerOnFullDay(page: Page, daysAhead: number): Promise<World> {
  const { items } = await serviceItems();
  const date = ukDateIn(daysAhead);
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  await server.db.query(`UPDATE opening_hours SET open = true, opens = '09:00', closes = '10:30' WHERE weekday = $1`, [weekday]);
  await server.db.query(`DELETE FROM team_hours WHERE weekday = $1`, [weekday]);
  await server.db.query(`INSERT INTO team_time_off (team_id, starts_on, ends_on) SELECT id, $1::date, $1::date FROM teams WHERE id <> (SELECT min(id) FROM teams WHERE active)`, [date]);
  const other = await customerApi('offer-path-other');
  const taken = await ok(other.api.POST('/services/order/new', { body: { service: BOOKED_SERVICE_ID, items: [{ id: items[0]!.id, quantity: 1 }] } }));
  await ok(other.api.POST('/services/order/checkout', { body: {
    order: taken.id, due_date: date, due_time: '09:00', address: '1 Other Street', phone: deliveryDetails.phone, city: 'London', code_postal: 'NW1 6XE', client_note: '', payment: 'cash',
  } }));

  const { api: customer, customer: { email } } = await server.signUp(page, 'offer-path');
  const draft = await ok(customer.POST('/services/order/new', { body: { service: BOOKED_SERVICE_ID, items: [{ id: items[0]!.id, quantity: 1 }] } }));
  await ok(customer.POST('/waitlist', { body: { order: draft.id, date } }));
  await ok((await staffApi()).PUT('/admin/order/update/{status}/{id}', { params: { path: { status: 'cancelled', id: taken.id } }, body: { status: 'cancelled' } }));
  const mail = await waitForMail(server.outboxDir, email, { where: (sent) => sent.subject.startsWith(`A time is free on ${date}`) });
  const link = new URL(mail.links.find((href) => href.includes('offer='))!);
  return { page, link, date, email, customer, orderId: draft.id, error: null, booked: false, payment: 'cash', offer: null };
}

/** Ends the offer's hold on the server: the link and Book this time then answer that it has expired. */
async function expireOffer(world: World) {
  await server.db.query(`UPDATE waitlist_entries SET held_until = now() - interval '1 minute' WHERE order_id = $1`, [world.orderId]);
}

async function press(page: Page, name: string) {
  await dialog(page).getByRole('button', { name, exact: true }).focus();
  await page.keyboard.press('Enter');
}

async function doEvent(world: World, step: Step, next: string | undefined) {
  const { page } = world;
  const name = step.eventName;
  switch (name) {
    case 'open':
      if (next === 'gone') await expireOffer(world);
      return page.goto(`${server.baseUrl}${world.link.pathname}${world.link.search}`);
    case 'typeAddress':
    case 'typeCity':
    case 'typePostcode':
    case 'typePhone': {
      const [label, value] = FIELDS[name];
      await dialog(page).getByRole('textbox', { name: label }).focus();
      await page.keyboard.press('ControlOrMeta+a');
      return page.keyboard.type(value);
    }
    case 'payByCard':
      // As /placeorder: the Payment group's Pay now, chosen by keyboard.
      world.payment = 'card';
      await dialog(page).getByRole('radio', { name: /Pay now/ }).focus();
      return page.keyboard.press('Space');
    case 'book':
    case 'retry':
      if (step.expected[''] === step.from['']) {
        // Refused where it is: the button is disabled or absent, and Enter in a field sends nothing.
        await expect(dialog(page).getByRole('button', { name: 'Try again' })).toHaveCount(0);
        await expect(dialog(page).getByRole('button', { name: 'Book this time' })).toBeDisabled();
        await dialog(page).getByRole('textbox', { name: 'Address' }).focus();
        return page.keyboard.press('Enter');
      }
      if (next === 'notBooked') await page.context().setOffline(true);
      if (next === 'refused') await expireOffer(world);
      return press(page, name === 'retry' ? 'Try again' : 'Book this time');
    case 'close':
      return press(page, 'Close');
    case 'gone':
      world.error = 'This offer has expired';
      return undefined;
    case 'refused':
      world.error = 'This offer has expired';
      return expect(dialog(page).getByRole('alert')).toContainText(world.error);
    case 'notBooked':
      world.error = 'Network Error';
      await expect(dialog(page).getByRole('alert')).toContainText(world.error);
      return page.context().setOffline(false);
    case 'booked':
      world.booked = true;
      return undefined;
    case 'loaded':
      // The server's answer arrives by itself; what the dialog must show is the offer as the API gives it.
      world.offer = await ok(world.customer.GET('/waitlist/offers/{token}', { params: { path: { token: world.link.searchParams.get('offer')! } } }));
      return undefined;
    default:
      return undefined;
  }
}

async function expectShown(world: World, state: string, last: boolean) {
  const { page } = world;
  const meta = waitlistOfferModel.machine.getStateNodeById(`waitlistOffer.${state}`).meta as WaitlistOfferMeta;
  // In flight the answer may already be in: the next step checks where it went.
  if (meta.busy) {
    if (!last) return undefined;
    return expect(dialog(page)).toBeVisible();
  }
  if (state === 'payingByCard') return paidByCard(world);
  if (!meta.dialog) {
    await settled(page);
    await expect(page.getByRole('heading', { level: 1, name: 'My orders' })).toBeVisible();
    await expect(dialog(page)).toHaveCount(0);
    if (world.booked) {
      // Booked by the real checkout: the draft is at the held time, and the waiting list is done.
      await expect(orderCard(page, world.orderId)).toContainText(`${world.date} 09:00`);
      await expect(page.getByRole('list', { name: 'Waiting lists' })).toHaveCount(0);
    }
    return expectNoAxeViolations(page, `My orders, ${state}`);
  }
  await expect(dialog(page)).toBeVisible();
  const alert = dialog(page).getByRole('alert');
  switch (state) {
    case 'unavailable':
      await expect(alert).toContainText(world.error!);
      await expect(dialog(page).getByRole('button', { name: 'Book this time' })).toHaveCount(0);
      await expect(dialog(page).getByRole('button', { name: 'Close' })).toBeVisible();
      break;
    case 'offered':
    case 'failed': {
      // The held time and its price are the server's offer, in UK time.
      const { offer } = world;
      await expect(dialog(page)).toContainText(`${offer!.service} on ${offer!.date} ${offer!.time} (UK time), ${formatMoney(offer!.total)}. Held for you until ${formatLondon(offer!.held_until)} (UK time).`);
      await expect(dialog(page).getByRole('radio', { name: world.payment === 'card' ? /Pay now/ : /Pay cash/ })).toBeChecked();
      const book = dialog(page).getByRole('button', { name: 'Book this time' });
      if (state === 'offered') {
        await expect(alert).toHaveCount(0);
        const complete = await Promise.all(Object.values(FIELDS).map(async ([label]) => (await dialog(page).getByRole('textbox', { name: label }).inputValue()) !== ''));
        await (complete.every(Boolean) ? expect(book).toBeEnabled() : expect(book).toBeDisabled());
      } else {
        await expect(alert).toContainText(world.error!);
        // The details typed are kept.
        await expect(dialog(page).getByRole('textbox', { name: 'Address' })).toHaveValue(deliveryDetails.address);
        if (world.error === 'Network Error') await expect(dialog(page).getByRole('button', { name: 'Try again' })).toBeEnabled();
        else await expect(book).toBeDisabled();
      }
      break;
    }
    case 'booked': {
      await expect(dialog(page).getByText('Booked: your booking is in My orders.')).toBeVisible();
      await expect(dialog(page).getByRole('textbox')).toHaveCount(0);
      await waitForMail(server.outboxDir, world.email, { where: (mail) => mail.subject.startsWith('Booking confirmed') });
      break;
    }
  }
  return expectNoAxeViolations(page, `the offer dialog, ${state}`);
}

/**
 * The card round trip, as /placeorder's: the test provider's page asks the offer's price, Pay, back
 * to /success; then My orders has the draft at the held time, paid, and the waiting list done.
 */
async function paidByCard(world: World) {
  const { page } = world;
  await expect(page).toHaveURL(/\/test-payments\/[^/]+$/);
  const pay = page.getByRole('button', { name: `Pay ${formatMoney(world.offer!.total)}` });
  await pay.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/success\\?order=\\d+$`));
  await page.goto(`${server.baseUrl}/profile-services`);
  await expect(orderCard(page, world.orderId)).toContainText(`${world.date} 09:00`);
  await expect(orderCard(page, world.orderId)).toContainText('Paid');
  await expect(orderCard(page, world.orderId)).not.toContainText(PAYMENT_NOT_COMPLETED);
  await expect(page.getByRole('list', { name: 'Waiting lists' })).toHaveCount(0);
  return expectNoAxeViolations(page, 'My orders after paying the offer by card');
}
