import type { Page, TestInfo } from '@playwright/test';
import { expectNoAxeViolations } from './support/a11y';
import {
  BOOKED_SERVICE_ID,
  bookElsewhere,
  createOrderByApi,
  deliveryDetails,
  expectToast,
  fillContactDetails,
  keepOrderInBrowser,
  serviceItems,
  signedInCustomer,
  typeIntoSegments,
  ukDateIn,
} from './support/booking-ui';
import { emptyDay } from './support/free-slots';
import { formatUkDay as ukDayText } from '../../src/lib/dates';
import { adminApi } from './support/admin-data';
import { createApiClient, expect, ok, registerCustomer, test } from './support/fixtures';

/**
 * Real availability in the browser (issue 14 §2): the calendar, the free times with the number of
 * free teams, "Fully booked", the race for the last team (409), the DST week, and a browser in New
 * York (the `abroad` project) seeing UK times. The tests that count free teams book on a day that
 * holds no job yet (recurring series plan visits weeks ahead), so the counts are theirs alone.
 */
/** An empty day (emptyDay) picked at random, so the two projects and a retry each find their own. */
const quietDay = () => emptyDay(Math.floor(Math.random() * 280));
/** A day of each project's own for tests that only need some team free (each project 30 days apart). */
const dayFor = (testInfo: TestInfo, base: number) => ukDateIn(base + (testInfo.project.name === 'abroad' ? 30 : 0));

/** A signed-in customer with a 30-minute order kept for /placeorder, on that page. */
async function atPlaceOrder(page: Page): Promise<void> {
  const { api } = await signedInCustomer(page, 'availability');
  const { items } = await serviceItems();
  const order = await createOrderByApi(api, [{ id: items[0]!.id, quantity: 1 }]);
  await keepOrderInBrowser(page, order, BOOKED_SERVICE_ID);
  await page.goto('/placeorder');
  await expect(page.getByRole('heading', { name: 'Place your order' })).toBeVisible({ timeout: 20_000 });
}

const ddmmyyyy = (date: string) => date.split('-').reverse().join('');
const freeTimes = (page: Page) => page.getByRole('listbox', { name: /^Free times/ });

test.describe('real availability', () => {
  test.describe.configure({ timeout: 120_000 });
  test('a time with no team free reads "Fully booked", cannot be chosen, and a typed one is refused', async ({ page }) => {
    const day = await quietDay();
    for (let team = 0; team < 3; team += 1) await bookElsewhere(day, '10:30');
    await atPlaceOrder(page);
    await fillContactDetails(page);
    await typeIntoSegments(page, 'Date', ddmmyyyy(day));
    const full = freeTimes(page).getByRole('option', { name: '10:30 — Fully booked' });
    await expect(full).toBeVisible();
    await expect(full).toHaveAttribute('aria-disabled', 'true');
    await expect(freeTimes(page).getByRole('option', { name: '12:00 — 3 of 3 teams free' })).toBeVisible();

    await typeIntoSegments(page, 'Time', '1030');
    await expect(page.getByText('Fully booked', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Pay cash' }).click();
    await expect(page).toHaveURL(/\/placeorder$/);

    await freeTimes(page).getByRole('option', { name: '12:00 — 3 of 3 teams free' }).click();
    await expect(page.getByText('Fully booked', { exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Pay cash' }).click();
    await expectToast(page, 'Payment was successfully !');
    await expect(page).toHaveURL(/\/success$/);
  });

  test('the customer who loses the last team sees "That time was just taken — please choose another", the times reloaded and the form kept', async ({ page }) => {
    const day = await quietDay();
    await bookElsewhere(day, '14:00');
    await bookElsewhere(day, '14:00');
    await atPlaceOrder(page);
    await fillContactDetails(page);
    await typeIntoSegments(page, 'Date', ddmmyyyy(day));
    await freeTimes(page).getByRole('option', { name: '14:00 — 1 of 3 teams free' }).click();
    // The other customer pays first for the last team.
    await bookElsewhere(day, '14:00');
    await page.getByRole('button', { name: 'Pay cash' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'That time was just taken — please choose another' })).toBeVisible();
    await expect(freeTimes(page).getByRole('option', { name: '14:00 — Fully booked' })).toBeVisible();
    await expect(page.getByLabel('Address', { exact: true })).toHaveValue(deliveryDetails.address);
    await expect(page.getByLabel('Phone', { exact: true })).toHaveValue(deliveryDetails.phone);
    await freeTimes(page).getByRole('option', { name: '15:30 — 3 of 3 teams free' }).click();
    await page.getByRole('button', { name: 'Pay cash' }).click();
    await expect(page).toHaveURL(/\/success$/);
  });

  test('the week the clocks change (2027-03-28) offers and books UK times, whatever the browser\'s zone', async ({ page }) => {
    await atPlaceOrder(page);
    await fillContactDetails(page);
    // The days are fixed and other journeys book on them too: the first time is 07:00 UK (opening),
    // free or not; a zone slip would show 06:00 or 08:00 on one side of the change.
    // (29 March 2027 is Easter Monday, a closure: the day after it reads BST.)
    for (const day of ['2027-03-27', '2027-03-28', '2027-03-30']) {
      await typeIntoSegments(page, 'Date', ddmmyyyy(day));
      await expect(page.getByRole('heading', { name: `Free times on ${ukDayText(day)} (UK time)` })).toBeVisible();
      await expect(freeTimes(page).getByRole('option').first()).toHaveText(/^07:00 — ([1-3] of 3 teams free|Fully booked)$/);
    }
    await typeIntoSegments(page, 'Date', ddmmyyyy('2027-03-28'));
    await expect(page.getByRole('heading', { name: `Free times on ${ukDayText('2027-03-28')} (UK time)` })).toBeVisible();
    const free = freeTimes(page).getByRole('option', { name: / of 3 teams free$/ }).first();
    const time = (await free.textContent())!.slice(0, 5);
    await free.click();
    await page.getByRole('button', { name: 'Pay cash' }).click();
    await expect(page).toHaveURL(/\/success$/);
    await page.goto('/profile-services');
    await expect(page.getByText(`2027-03-28 ${time}`).first()).toBeVisible();
  });

  test('the calendar and the free times work by keyboard alone and pass axe', async ({ page }, testInfo) => {
    const day = dayFor(testInfo, 22);
    await atPlaceOrder(page);
    await fillContactDetails(page);
    await typeIntoSegments(page, 'Date', ddmmyyyy(day));
    await expect(freeTimes(page)).toBeVisible();
    await expectNoAxeViolations(page, '/placeorder with the free times');

    // Open the calendar from the keyboard, move a day on, choose it.
    await page.getByRole('button', { name: 'Open the calendar' }).focus();
    await page.keyboard.press('Enter');
    const calendar = page.getByRole('dialog', { name: 'Choose a date' });
    await expect(calendar).toBeVisible();
    await expectNoAxeViolations(page, '/placeorder with the calendar open');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(calendar).toBeHidden();
    const next = ukDateIn(23 + (testInfo.project.name === 'abroad' ? 30 : 0));
    await expect(page.getByRole('heading', { name: `Free times on ${ukDayText(next)} (UK time)` })).toBeVisible();

    // Into the list of times, down one, choose it, then pay with Enter.
    await freeTimes(page).getByRole('option').first().focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(freeTimes(page).getByRole('option', { name: /^07:30 — / })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('group', { name: 'Time', exact: true }).getByRole('spinbutton').first()).toHaveText('07');
    await page.getByRole('button', { name: 'Pay cash' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/success$/);
  });

  test('an End of Tenancy studio blocks each team for its real length plus the travel gap either side; the checkout takes the first time after (decision 041)', async ({ page }) => {
    const day = await quietDay();
    const { api: staff } = await adminApi();
    const tenancy = (await ok(createApiClient().GET('/home/services'))).find((service) => service.name === 'End of Tenancy')!;
    const studio = (await serviceItems(tenancy.id)).items.find((item) => item.name === 'Studio flat')!;
    // Every team cleans a studio at 10:00 in NW (the form's postcode area too).
    for (let team = 0; team < 3; team += 1) {
      const customer = await registerCustomer(createApiClient(), 'tenancy');
      const api = createApiClient((await ok(createApiClient().POST('/auth/login', { body: { username: customer.email, password: customer.password } }))).token);
      const order = await ok(api.POST('/services/order/new', { body: { service: tenancy.id, items: [{ id: studio.id, quantity: 1 }] } }));
      await ok(api.POST('/services/order/checkout', {
        body: { order: order.id, due_date: day, due_time: '10:00', address: '1 Tenancy Street', phone: '020 7946 0003', city: 'London', code_postal: 'NW1 6XE', client_note: '', payment: 'cash' },
      }));
    }
    // The length each job was booked with, as the board has it: hours, not 30 minutes.
    const jobs = (await ok(staff.GET('/admin/schedule', { params: { query: { from: day } } }))).jobs.filter((job) => job.service === 'End of Tenancy');
    expect(jobs.map((job) => job.team_id === null)).toEqual([false, false, false]);
    const length = Math.max(...jobs.map((job) => job.duration_minutes));
    expect(length).toBeGreaterThanOrEqual(180);
    const { travel } = await ok(staff.GET('/admin/pricing'));
    // A 30-minute job fits when it ends a travel gap before 10:00 and starts a travel gap after the studio ends (times every 30 minutes).
    const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    const lastBefore = Math.floor((10 * 60 - travel.sameAreaMinutes - 30) / 30) * 30;
    const firstAfter = Math.ceil((10 * 60 + length + travel.sameAreaMinutes) / 30) * 30;

    await atPlaceOrder(page);
    await fillContactDetails(page);
    await typeIntoSegments(page, 'Date', ddmmyyyy(day));
    await expect(freeTimes(page).getByRole('option', { name: `${hhmm(lastBefore)} — 3 of 3 teams free` })).toBeVisible();
    for (let at = lastBefore + 30; at < firstAfter; at += 30) {
      await expect(freeTimes(page).getByRole('option', { name: `${hhmm(at)} — Fully booked` })).toHaveAttribute('aria-disabled', 'true');
    }
    const first = freeTimes(page).getByRole('option', { name: `${hhmm(firstAfter)} — 3 of 3 teams free` });
    await expect(first).toBeVisible();
    await expectNoAxeViolations(page, 'the free times around End of Tenancy jobs');
    // By keyboard: into the list, to that time, choose it, pay cash.
    await first.focus();
    await page.keyboard.press('Enter');
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('button', { name: 'Pay cash' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/success$/);
  });

  test('a date typed while the first weeks of times are still on their way (a slow phone) gets its own times', async ({ page }) => {
    // Past the first six weeks the calendar loads on opening, so that answer cannot hold it.
    const day = await emptyDay(60 + Math.floor(Math.random() * 200));
    // The first answer is held until the date is typed; every answer is the real server's.
    let release: () => void = () => {};
    const typed = new Promise<void>((resolve) => (release = resolve));
    let held = false;
    await page.route('**/api/availability?*', async (route) => {
      if (!held) {
        held = true;
        await typed;
      }
      await route.continue();
    });
    await atPlaceOrder(page);
    await typeIntoSegments(page, 'Date', ddmmyyyy(day));
    await expect(page.getByRole('heading', { name: `Free times on ${ukDayText(day)} (UK time)` })).toBeVisible();
    release();
    await expect(freeTimes(page).getByRole('option').first()).toHaveText(/ — 3 of 3 teams free$/);
    await expect(page.getByText('Choose a date to see the free times.')).toHaveCount(0);
  });

  test('the times are asked for the address\'s postcode: a time the travel gap of another area rules out is offered within the area, and the checkout takes it (decision 058)', async ({ page }) => {
    const day = await quietDay();
    // Every team has a 30-minute job at 10:00 in NW: free again at 11:00 within NW (30 minutes of
    // travel), at 11:30 from any other area or an address not known yet (60).
    for (let team = 0; team < 3; team += 1) await bookElsewhere(day, '10:00');
    await atPlaceOrder(page);
    await typeIntoSegments(page, 'Date', ddmmyyyy(day));
    await expect(freeTimes(page).getByRole('option', { name: '11:00 — Fully booked' })).toBeVisible();
    await expect(freeTimes(page).getByRole('option', { name: '11:30 — 3 of 3 teams free' })).toBeVisible();

    await page.getByLabel('Postcode', { exact: true }).fill('SW1A 1AA');
    await expect(freeTimes(page).getByRole('option', { name: '11:00 — Fully booked' })).toBeVisible();

    await fillContactDetails(page);
    await expect(page.getByLabel('Postcode', { exact: true })).toHaveValue('NW1 6XE');
    await freeTimes(page).getByRole('option', { name: '11:00 — 3 of 3 teams free' }).click();
    await page.getByRole('button', { name: 'Pay cash' }).click();
    await expect(page).toHaveURL(/\/success$/);
  });
});
