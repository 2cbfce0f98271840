import type { Page } from '@playwright/test';
import { SERIES_ACTION_BUTTONS, type SeriesContext, type SeriesMeta } from '../../machines/series.machine';
import { coveringPaths } from '../support/booking-models';
import { metaOf } from '../support/expected-walks';
import { describePath, missedByBrowserPaths } from '../support/replay-paths';
import { seriesModel } from '../support/series-model';
import { expectNoAxeViolations, settled } from './support/a11y';
import { ok, type ApiClient } from './support/api-client';
import { dayAfter, deliveryDetails, expectToast, fillDeliveryDetails, quoteWeeklyToPlaceOrder, orderCard, weeklyOpenFrom } from './support/booking-ui';
import { expect as baseExpect, test, uniqueCustomer } from './support/fixtures';
import { ownServerForFile } from './support/own-server-for-file';

/**
 * Issues 14 and 25, **Recurring**, in Chromium against the real server: a Weekly booking makes a series
 * whose 8 visits My orders groups under one heading; "Skip" (at once), "Undo" and "End the series"
 * (keyboard alone, axe clean); and the series machine's generated paths driving the real page. The
 * spec runs a server of its own (support/own-server.ts) to start a visit in the database, as time
 * passing would.
 */
const expect = baseExpect.configure({ timeout: 15_000 });

// About managing a series, not capacity: teams enough for every path's visits.
const { server } = ownServerForFile({ teams: 40 });

async function signedIn(page: Page, label: string): Promise<ApiClient> {
  const customer = uniqueCustomer(label);
  await ok(server.api().POST('/auth/register', { body: customer }));
  await server.confirm(customer);
  const user = await ok(server.api().POST('/auth/login', { body: { username: customer.email, password: customer.password } }));
  await page.goto(`${server.baseUrl}/robots.txt`);
  await page.evaluate((value) => localStorage.setItem('userInfo', JSON.stringify(value)), user);
  return server.api(user.token);
}

let bookings = 0;

/** A booking through the API (quote, order, cash checkout), Weekly by default, its 8 weeks clear of the bank holidays: answers its order id. */
async function bookByApi(api: ApiClient, frequency = 'weekly'): Promise<number> {
  const { items } = await ok(api.GET('/services/get-items/{id}', { params: { path: { id: 1 } } }));
  const chosen = [{ id: items[0]!.id, quantity: 1 }];
  const quote = await ok(api.POST('/quotes', { body: { service: 1, items: chosen, frequency, extras: [], postcode: deliveryDetails.postcode } }));
  const order = await ok(api.POST('/services/order/new', { body: { service: 1, items: chosen, quote: quote.id } }));
  const n = bookings++;
  await ok(api.POST('/services/order/checkout', {
    body: {
      order: order.id, due_date: weeklyOpenFrom(3 + (n % 4)), due_time: `${String(8 + Math.floor(n / 4) % 10).padStart(2, '0')}:00`,
      address: deliveryDetails.address, phone: deliveryDetails.phone, city: deliveryDetails.city, code_postal: deliveryDetails.postcode,
      client_note: '', payment: 'cash',
    },
  }));
  return order.id;
}

/** A Weekly booking through the API: answers its series. */
async function weekly(api: ApiClient) {
  const id = await bookByApi(api);
  const series = await ok(api.GET('/services/series'));
  return series.find((one) => one.visits[0]!.id === id)!;
}

const seriesSection = (page: Page, name: RegExp) => page.getByRole('region', { name });
const skipButton = (page: Page, id: number) => orderCard(page, id).getByRole('button', { name: /^Skip the visit/ });
const undoButton = (page: Page, id: number) => orderCard(page, id).getByRole('button', { name: /^Undo the skip/ });
const DONE = /^(Visit skipped|Visit booked again|Series ended)$/;
// Skip and End the series cannot be undone: alert dialogs (WAI-ARIA), focus on the safe Close.
const dialog = (page: Page) => page.getByRole('alertdialog');

async function openMyOrders(page: Page) {
  await page.goto(`${server.baseUrl}/profile-services`);
  await settled(page);
}

test('a Weekly booking shows its 8 visits under one heading; skip one, undo it, skip it again and end the series with the keyboard alone, axe clean', async ({ page }) => {
  await signedIn(page, 'series');
  // Booked through the page like any customer: Weekly on the quote, cash at checkout.
  await quoteWeeklyToPlaceOrder(page, server.baseUrl);
  // Eight weekly visits clear of the bank holidays (a closed day is passed over: decision 087).
  const date = weeklyOpenFrom(3);
  await fillDeliveryDetails(page, date);
  await page.getByRole('button', { name: 'Pay cash' }).click();
  await expect(page.getByText('Payment was successfully !').first()).toBeVisible();
  // Beside the spec's toast, the page says what is paid and how (issue 36 row 8, decision 087).
  await expect(page.getByText(/^Nothing has been paid yet\. You pay £[\d,.]+ in cash to the cleaners on the day of the visit\.$/)).toBeVisible();

  await openMyOrders(page);
  const section = seriesSection(page, new RegExp(`^Weekly .*, ${deliveryDetails.time} \\(UK time\\)$`));
  await expect(section).toBeVisible();
  const visits = section.getByRole('list', { name: /^Visits of Weekly/ }).getByRole('article');
  await expect(visits).toHaveCount(8);
  await expect(visits.first()).toContainText(`${date} ${deliveryDetails.time}`);
  await expect(visits.nth(1)).toContainText(`${dayAfter(date, 7)} ${deliveryDetails.time}`);
  await expect(visits.nth(1)).toContainText(/Nothing paid yet: you pay £[\d,.]+ in cash on the day of the visit\./);
  await expect(section.getByText('Payment not completed')).toHaveCount(0);
  // Not listed again among the single orders.
  await expect(page.getByRole('list', { name: 'Orders' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'My orders with a series');

  const second = visits.nth(1);
  await second.getByRole('button', { name: /^Skip the visit/ }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog(page)).toHaveAccessibleName('Skip this visit?');
  await expect(dialog(page)).toContainText('Free cancellation');
  await expect(dialog(page)).toContainText(`The visit of ${dayAfter(date, 7)} ${deliveryDetails.time} (UK time)`);
  await expectNoAxeViolations(page, 'the skip dialog');
  // Focus starts on the safe choice: a stray Enter closes the dialog and skips nothing.
  await expect(dialog(page).getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog(page)).toHaveCount(0);
  await expect(second.getByRole('button', { name: /^Skip the visit/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(dialog(page).getByRole('button', { name: 'Skip the visit' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expectToast(page, 'Visit skipped');
  // The success toast itself is readable (WCAG contrast), not just the page behind it.
  await expectNoAxeViolations(page, 'My orders with the success toast');
  await expect(dialog(page)).toHaveCount(0);
  // Skipped at once: one sentence and Undo, no request waiting for the office, no greyed button.
  await expect(second).toContainText('Skipped: this visit will not happen. You can bring it back while its time is still free.');
  await expect(second).not.toContainText('Cancellation pending');
  await expect(second.getByRole('button')).toHaveCount(1);
  await second.getByRole('button', { name: /^Undo the skip/ }).focus();
  await page.keyboard.press('Enter');
  await expectToast(page, 'Visit booked again');
  await expect(second.getByRole('button', { name: /^Skip the visit/ })).toBeVisible();
  await expect(second).not.toContainText('Skipped');

  await second.getByRole('button', { name: /^Skip the visit/ }).focus();
  await page.keyboard.press('Enter');
  await dialog(page).getByRole('button', { name: 'Skip the visit' }).press('Enter');
  await expect(second).toContainText('Skipped: this visit will not happen.');

  await section.getByRole('button', { name: /^End the series/ }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog(page)).toHaveAccessibleName('End the series?');
  await expect(dialog(page)).toContainText('7 visits of Weekly');
  await expectNoAxeViolations(page, 'the end the series dialog');
  await expect(dialog(page).getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog(page).getByRole('button', { name: 'End the series' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expectToast(page, 'Series ended');
  await expect(section).toContainText('Ended: no more visits are planned');
  await expect(section.getByRole('button', { name: /^End the series/ }).first()).toHaveCount(0);
  // Each visit says one thing: 7 cancelled, the skipped one skipped (no Undo once the series has ended).
  await expect(visits.filter({ hasText: 'This order is already cancelled' })).toHaveCount(7);
  await expect(second).toContainText('Skipped: this visit will not happen.');
  await expect(section.getByRole('button')).toHaveCount(0);
  // Toasts fading in or out are half transparent to axe: checked once they have gone.
  await expect(page.locator('.notistack-Snackbar')).toHaveCount(0, { timeout: 30_000 });
  await expectNoAxeViolations(page, 'My orders with an ended series');
});

test('ending a series whose discount is not earned yet says what it charges before its button is pressed, and charges that', async ({ page }) => {
  const api = await signedIn(page, 'series-ending-cost');
  const series = await weekly(api);
  const first = series.visits[0]!.id;
  // The first visit has taken place (its time has come), as a day passing would make it.
  await server.db.query("UPDATE orders SET due_at = now() - interval '2 hours' WHERE id = $1", [first]);
  const endingCost = (await ok(api.GET('/services/series'))).find((one) => one.id === series.id)!.endingCost!;
  expect(endingCost).toBeGreaterThan(0);
  const before = (await ok(api.GET('/services/order/get', { params: { query: { page: 1, limit: 100 } } }))).find((order) => order.id === first)!.total;

  await openMyOrders(page);
  const section = seriesSection(page, /^Weekly /);
  await section.getByRole('button', { name: /^End the series/ }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog(page)).toHaveAccessibleName('End the series?');
  const pounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(endingCost);
  await expect(dialog(page)).toContainText(`Ending the series now also charges ${pounds}: the frequency discount of the visits already done`);
  await expectNoAxeViolations(page, 'the end the series dialog with its cost');
  await dialog(page).getByRole('button', { name: 'End the series' }).press('Enter');
  await expectToast(page, 'Series ended');
  const after = (await ok(api.GET('/services/order/get', { params: { query: { page: 1, limit: 100 } } }))).find((order) => order.id === first)!.total;
  expect(Math.round((after - before) * 100)).toBe(Math.round(endingCost * 100));
});

test('skipping every visit still to come: the last skip says it ends the series and what it charges before its button is pressed, and charges that (keyboard, axe)', async ({ page }) => {
  const api = await signedIn(page, 'series-skip-all');
  const series = await weekly(api);
  const [first, ...rest] = series.visits.map((visit) => visit.id);
  // The first visit has taken place (its time has come), as a day passing would make it.
  await server.db.query("UPDATE orders SET due_at = now() - interval '2 hours' WHERE id = $1", [first!]);
  // All but the last visit to come are skipped one by one (the dialog of those is the other tests').
  for (const id of rest.slice(0, -1)) await ok(api.POST('/services/order/{id}/skip', { params: { path: { id } } }));
  const last = rest.at(-1)!;
  const endingCost = (await ok(api.GET('/services/series'))).find((one) => one.id === series.id)!.endingCost!;
  expect(endingCost).toBeGreaterThan(0);
  const totalOf = async () => (await ok(api.GET('/services/order/get', { params: { query: { page: 1, limit: 100 } } }))).find((order) => order.id === first)!.total;
  const before = await totalOf();

  await openMyOrders(page);
  await skipButton(page, last).focus();
  await page.keyboard.press('Enter');
  await expect(dialog(page)).toHaveAccessibleName('Skip this visit?');
  await expect(dialog(page)).toContainText('It is the last visit still to come, so skipping it ends the series: no more will be planned.');
  const pounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(endingCost);
  await expect(dialog(page)).toContainText(`Ending the series now also charges ${pounds}: the frequency discount of the visits already done`);
  await expectNoAxeViolations(page, 'the skip dialog of the last visit to come, with the cost of ending');
  await dialog(page).getByRole('button', { name: 'Skip the visit' }).press('Enter');
  await expectToast(page, 'Visit skipped. It was the last visit to come, so the series has ended');
  expect(Math.round((await totalOf() - before) * 100)).toBe(Math.round(endingCost * 100));
  await expect(seriesSection(page, /^Weekly /).getByRole('button', { name: /^End the series/ })).toHaveCount(0);
});

test('single orders stay reachable page by page when a page holds only series visits', async ({ page }) => {
  const api = await signedIn(page, 'series-pages');
  await weekly(api);
  for (let i = 0; i < 3; i += 1) await bookByApi(api, 'one_off');
  // 11 orders, newest first, 10 a page: page 2 holds only the series's first visit.
  await openMyOrders(page);
  await expect(page.getByRole('list', { name: 'Orders' }).getByRole('article')).toHaveCount(3);
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Orders' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: /^Weekly / })).toBeVisible();
  await page.getByRole('button', { name: 'Previous page' }).click();
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Orders' }).getByRole('article')).toHaveCount(3);
});

/**
 * The series machine's generated paths (the same the unit replay walks) in the browser. The model's
 * refused visit is one that has started; the ended series is one cancelled before; a failed
 * confirm is the browser offline. After each step the page must show the `meta` of the path's state.
 */
test.describe('series machine paths in the browser', () => {
  const paths = coveringPaths(seriesModel);

  test('the browser paths take every transition', () => {
    expect(missedByBrowserPaths('series', seriesModel.machine, paths).transitions).toEqual([]);
  });

  for (const [n, { path }] of paths.entries()) {
    test(`series ${n + 1}: ${describePath(path)}`, async ({ page }) => {
      const api = await signedIn(page, 'series-path');
      const ended = await weekly(api);
      await ok(api.POST('/services/series/{id}/cancel', { params: { path: { id: ended.id } } }));
      // Listed newest first: End the series takes active[1], then active[0]; the oldest, with the
      // visits skipped before for Undo to bring back one at a time, is never ended.
      const withSkips = await weekly(api);
      const active = [await weekly(api), await weekly(api)];
      // The first visit of the first series has started.
      await server.db.query(`UPDATE orders SET due_at = now() - interval '1 hour' WHERE id = $1`, [active[0]!.visits[0]!.id]);
      const undoable = withSkips.visits.slice(1, 4);
      for (const visit of undoable) await ok(api.POST('/services/order/{id}/skip', { params: { path: { id: visit.id } } }));
      await openMyOrders(page);
      const skippable = active.flatMap((one) => one.visits.slice(1));
      let skipped = 0;
      let undone = 0;
      let cancelled = 0;
      const steps = path.steps.filter((step) => step.event.type !== 'xstate.init');
      for (const [i, step] of steps.entries()) {
        const next = steps[i + 1];
        await test.step(`${step.event.type} → ${JSON.stringify(step.state.value)}`, async () => {
          const event = step.event as { type: string; visit?: { cancellation: { allowed: boolean } }; series?: { active: boolean } };
          const context = step.state.context as SeriesContext;
          switch (event.type) {
            case 'visit.skip':
              if (!event.visit!.cancellation.allowed) {
                // A started visit says why, once, and offers no Skip at all (no greyed button).
                await expect(orderCard(page, active[0]!.visits[0]!.id)).toContainText('The service cannot be cancelled once it has started');
                await expect(skipButton(page, active[0]!.visits[0]!.id)).toHaveCount(0);
                break;
              }
              // Each skip takes a visit not skipped yet (one asked for already is disabled).
              if (context.action === 'skip') await skipButton(page, skippable[skipped++]!.id).click();
              break;
            case 'visit.undo':
              if (!(event as { visit?: { skipped: boolean } }).visit!.skipped) {
                await expect(undoButton(page, skippable[skipped]!.id)).toHaveCount(0);
                break;
              }
              if (next?.event.type === 'xstate.error.actor.manageSeries') await page.context().setOffline(true);
              await undoButton(page, undoable[undone++]!.id).click();
              break;
            case 'series.cancel': {
              if (!event.series!.active) {
                await expect(page.getByRole('button', { name: `End the series Weekly ${ended.service}` })).toHaveCount(0);
                break;
              }
              // Each cancellation takes a series still running, in the order they are shown.
              const target = page.getByRole('button', { name: /^End the series/ }).nth(0);
              cancelled += 1;
              await target.click();
              break;
            }
            case 'action.confirm':
              if (next?.event.type === 'xstate.error.actor.manageSeries') await page.context().setOffline(true);
              await dialog(page).getByRole('button', { name: SERIES_ACTION_BUTTONS[context.action ?? 'skip'] }).click();
              break;
            case 'retry':
              if (next?.event.type === 'xstate.error.actor.manageSeries') await page.context().setOffline(true);
              await dialog(page).getByRole('button', { name: 'Try again' }).click();
              break;
            case 'dialog.close':
              await dialog(page).getByRole('button', { name: 'Close' }).click();
              break;
            case 'xstate.error.actor.manageSeries':
              await expect(dialog(page).getByRole('alert')).toContainText('Network Error');
              if (context.action === 'undo') {
                await expect(dialog(page)).toHaveAccessibleName('Bring this visit back');
                await expectNoAxeViolations(page, 'the dialog of an Undo that failed');
              }
              await page.context().setOffline(false);
              break;
            case 'xstate.done.actor.manageSeries':
              await expect(page.getByText(DONE).last()).toBeVisible();
              break;
          }
          const meta = metaOf<SeriesMeta>(seriesModel.machine, '', String(step.state.value))!;
          // A request in flight may already have answered (offline fails at once): its state is the next step's to check.
          if (meta.busy) return;
          if (!meta.dialog) return expect(dialog(page)).toHaveCount(0);
          await expect(dialog(page)).toBeVisible();
          const submit = meta.submit === 'the action' ? SERIES_ACTION_BUTTONS[(step.state.context as SeriesContext).action ?? 'skip'] : meta.submit;
          await expect(dialog(page).getByRole('button', { name: submit, exact: true })).toBeVisible();
          await expect(dialog(page).getByRole('alert')).toHaveCount(meta.alert ? 1 : 0);
        });
      }
      expect(cancelled).toBeLessThanOrEqual(2);
      expect(undone).toBeLessThanOrEqual(undoable.length);
      const last = String(path.state.value);
      if (last === 'saving' || last === 'undoing') await expect(page.getByText(DONE).last()).toBeVisible();
    });
  }
});
