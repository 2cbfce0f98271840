import type { Page } from '@playwright/test';
import type { RescheduleContext, RescheduleMeta } from '../../machines/reschedule.machine';
import { coveringPaths } from '../support/booking-models';
import { expectedSteps, metaOf, untakenTableTransitions, type ModelEvent } from '../support/expected-walks';
import { expectedReschedule } from '../support/expected/reschedule';
import { missedByBrowserPaths } from '../support/replay-paths';
import { rescheduleModel } from '../support/reschedule-model';
import { expectNoAxeViolations, settled } from './support/a11y';
import { ok, type ApiClient } from './support/api-client';
import { deliveryDetails, expectToast, orderCard, orderNameOf, ukDateIn } from './support/booking-ui';
import { expect as baseExpect, test, uniqueCustomer } from './support/fixtures';
import { checkoutAtFreeTime } from './support/free-slots';
import { ownServerForFile } from './support/own-server-for-file';

/**
 * Issue 14 section 3 in Chromium against the real server: Reschedule on My orders (free, with the
 * 30% fee within 24 hours, disabled once the job has started), the reschedule machine's generated
 * paths driving the real dialog, and the VAT receipt page. The spec runs a server of its own
 * (support/own-server.ts) so it can move a job's time in the database, as time passing would.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
const dialogTitle = 'Reschedule the booking';
const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

// This spec is about the terms of moving a booking, not about capacity (availability.spec and the
// API suite are): the company here has teams enough for every path to move to the same time.
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

/** A cash booking `days` ahead, at a free time; answers its id and total. */
async function booked(api: ApiClient, days = 3): Promise<{ id: number; total: number }> {
  const { items } = await ok(api.GET('/services/get-items/{id}', { params: { path: { id: 1 } } }));
  const order = await ok(api.POST('/services/order/new', { body: { service: 1, items: [{ id: items[0]!.id, quantity: 2 }] } }));
  await checkoutAtFreeTime(api, order, {
    serviceId: 1, from: ukDateIn(days), onThatDay: true, address: deliveryDetails.address, phone: deliveryDetails.phone,
    city: deliveryDetails.city, code_postal: deliveryDetails.postcode, client_note: '', payment: 'cash',
  });
  return { id: order.id, total: order.total };
}

/** Time passing: the job now starts `hours` from now (negative: it has started). */
const moveJob = (id: number, hours: number) =>
  server.db.query(`UPDATE orders SET due_at = now() + make_interval(mins => $2) WHERE id = $1`, [id, Math.round(hours * 60)]);

const dialog = (page: Page) => page.getByRole('dialog', { name: dialogTitle });
const rescheduleButton = (page: Page, id: number) => orderCard(page, id).getByRole('button', { name: /^Reschedule order/ });

/** The segmented fields: focus the first segment and type the digits, as a keyboard user does. */
async function typeSegments(page: Page, label: string, digits: string) {
  await dialog(page).getByRole('group', { name: label, exact: true }).getByRole('spinbutton').first().focus();
  await page.keyboard.type(digits);
}
const typeDate = (page: Page, date: string) => {
  const [year, month, day] = date.split('-');
  return typeSegments(page, 'Date', `${day}${month}${year}`);
};
const typeTime = (page: Page, time: string) => typeSegments(page, 'Time', time.replace(':', ''));

async function openMyOrders(page: Page) {
  await page.goto(`${server.baseUrl}/profile-services`);
  await settled(page);
}

test.describe('rescheduling a booking from My orders', () => {
  test('is free at least 24 hours before the job: by keyboard, "Booking rescheduled", the new time on the card, axe clean', async ({ page }) => {
    const api = await signedIn(page, 'move-free');
    const order = await booked(api);
    await openMyOrders(page);
    await expect(orderCard(page, order.id)).toContainText('Free rescheduling until');
    await rescheduleButton(page, order.id).focus();
    await page.keyboard.press('Enter');
    await expect(dialog(page)).toBeVisible();
    // The terms' deadline in the one display style of every screen, not dd/mm/yyyy (issue 39 row 4).
    await expect(dialog(page)).toContainText(/Free rescheduling until \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(UK time\)/);
    await expect(dialog(page)).not.toContainText('rescheduling fee');
    const confirm = dialog(page).getByRole('button', { name: 'Confirm' });
    await expect(confirm).toBeDisabled();
    const date = ukDateIn(5);
    await typeDate(page, date);
    await typeTime(page, '11:00');
    await expect(confirm).toBeEnabled();
    await expectNoAxeViolations(page, 'the reschedule dialog');
    await confirm.focus();
    await page.keyboard.press('Enter');
    await expectToast(page, 'Booking rescheduled');
    await expect(dialog(page)).toHaveCount(0);
    await expect(orderCard(page, order.id)).toContainText(`${date} 11:00`);
    await expect(orderCard(page, order.id)).toContainText(gbp.format(order.total));
  });

  test('lists the chosen day\'s free times as booking does; choosing one fills Time; losing the last team says "That time was just taken" and the times reload (issue 25)', async ({ page }) => {
    const api = await signedIn(page, 'move-free-times');
    const order = await booked(api);
    await openMyOrders(page);
    await rescheduleButton(page, order.id).click();
    const freeTimes = dialog(page).getByRole('region', { name: /^Free times/ });
    await expect(freeTimes).toContainText('Choose a date to see the free times.');
    const date = ukDateIn(6);
    await typeDate(page, date);
    const eleven = freeTimes.getByRole('option', { name: /^11:00 — \d+ of \d+ teams free$/ });
    await expect(eleven).toBeVisible();
    await expectNoAxeViolations(page, 'the reschedule dialog with the free times');
    await eleven.click();
    // The fee is stated before Confirm, and Time now holds the chosen time.
    await expect(dialog(page)).toContainText('Free rescheduling until');
    const confirm = dialog(page).getByRole('button', { name: 'Confirm' });
    await expect(confirm).toBeEnabled();
    // Someone else takes the last team meanwhile: here, every team stops working.
    const teams = await server.db.query<{ id: number }>('UPDATE teams SET active = false WHERE active RETURNING id');
    try {
      await confirm.click();
      await expect(dialog(page).getByRole('alert')).toContainText('That time was just taken — please choose another');
      // Sending the same time again cannot help: no Try again, Confirm waits for another time.
      await expect(dialog(page).getByRole('button', { name: 'Try again' })).toHaveCount(0);
      await expect(dialog(page).getByRole('button', { name: 'Confirm' })).toBeDisabled();
      await expectNoAxeViolations(page, 'the reschedule dialog refusing a taken time');
      await expect(freeTimes.getByRole('option', { name: '11:00 — Fully booked' })).toBeVisible();
    } finally {
      await server.db.query('UPDATE teams SET active = true WHERE id = ANY($1::int[])', [teams.map((team) => team.id)]);
    }
  });

  test('within 24 hours the dialog states "Rescheduling now costs £X (30% …)" and the fee is added', async ({ page }) => {
    const api = await signedIn(page, 'move-fee');
    const order = await booked(api);
    await moveJob(order.id, 20);
    const fee = Math.round(order.total * 100 * 0.3) / 100;
    await openMyOrders(page);
    await rescheduleButton(page, order.id).click();
    await expect(dialog(page)).toContainText(`Rescheduling now costs ${gbp.format(fee)} (30% of the price, within 24 hours of the job)`);
    const date = ukDateIn(4);
    await typeDate(page, date);
    await typeTime(page, '12:00');
    await dialog(page).getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, 'Booking rescheduled');
    await expect(orderCard(page, order.id)).toContainText(`${date} 12:00`);
    await expect(orderCard(page, order.id)).toContainText(gbp.format((Math.round(order.total * 100) + Math.round(fee * 100)) / 100));
  });

  test('is impossible once the job has started: the button is disabled and says why', async ({ page }) => {
    const api = await signedIn(page, 'move-started');
    const order = await booked(api);
    await moveJob(order.id, -1);
    await openMyOrders(page);
    const button = rescheduleButton(page, order.id);
    await expect(button).toBeDisabled();
    await expect(orderCard(page, order.id)).toContainText('The booking cannot be rescheduled once the job has started');
    await expect(button).toHaveAccessibleDescription('The booking cannot be rescheduled once the job has started');
  });

  test('a time the checkout would refuse is refused with its reason, and what was typed is kept', async ({ page }) => {
    const api = await signedIn(page, 'move-too-soon');
    const order = await booked(api);
    await openMyOrders(page);
    await rescheduleButton(page, order.id).click();
    await typeDate(page, ukDateIn(0));
    await typeTime(page, '23:59');
    await dialog(page).getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog(page).getByRole('alert')).toContainText("Online bookings need 24 hours' notice");
    // A refusal (400): sending the same again cannot help, so no Try again; another time can.
    await expect(dialog(page).getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await expect(dialog(page).getByRole('button', { name: 'Confirm' })).toBeDisabled();
    await typeDate(page, ukDateIn(5));
    await typeTime(page, '10:00');
    await expect(dialog(page).getByRole('button', { name: 'Confirm' })).toBeEnabled();
  });

  test('a network failure offers Try again, which moves the booking once the network is back (issue 25 §5)', async ({ page }) => {
    const api = await signedIn(page, 'move-offline');
    const order = await booked(api);
    await openMyOrders(page);
    await rescheduleButton(page, order.id).click();
    const date = ukDateIn(5);
    await typeDate(page, date);
    await typeTime(page, '10:00');
    await page.context().setOffline(true);
    await dialog(page).getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog(page).getByRole('alert')).toContainText('Network Error');
    await expect(dialog(page).getByRole('button', { name: 'Try again' })).toBeEnabled();
    await expectNoAxeViolations(page, 'the reschedule dialog after a network failure');
    await page.context().setOffline(false);
    await dialog(page).getByRole('button', { name: 'Try again' }).click();
    await expectToast(page, 'Booking rescheduled');
    await expect(orderCard(page, order.id)).toContainText(`${date} 10:00`);
  });
});

test.describe('the VAT receipt', () => {
  test('a paid order has a "VAT invoice" page: number, VAT registration number, net, VAT and gross; axe clean', async ({ page }) => {
    const api = await signedIn(page, 'receipt');
    const order = await booked(api);
    await openMyOrders(page);
    await expect(orderCard(page, order.id).getByRole('link', { name: /VAT receipt/ })).toHaveCount(0);
    // Cash is paid on the day: the job done, the order is paid.
    await server.db.query(`UPDATE orders SET status = 'completed', completed_at = now() WHERE id = $1`, [order.id]);
    await openMyOrders(page);
    await orderCard(page, order.id).getByRole('link', { name: `VAT receipt for ${await orderNameOf(api, order.id)}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'VAT invoice' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Invoice number \d{6}$/ })).toBeVisible();
    const gross = Math.round(order.total * 100);
    const vat = Math.round(gross / 6);
    const main = page.getByRole('main');
    await expect(main).toContainText('GB 987 6543 21');
    await expect(main).toContainText(`Net${gbp.format((gross - vat) / 100)}`);
    await expect(main).toContainText(`VAT (20%)${gbp.format(vat / 100)}`);
    await expect(main).toContainText(`Gross${gbp.format(gross / 100)}`);
    // Every line of the invoice is printed with its rate, and the lines add up to the gross.
    const amounts = await page.getByRole('table').getByRole('row').locator('td:last-child').allInnerTexts();
    expect(amounts.reduce((sum, text) => sum + Math.round(Number(text.replace(/[£,]/g, '')) * 100), 0)).toBe(gross);
    await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText('20%');
    await expectNoAxeViolations(page, 'the VAT receipt page');
  });
});

/**
 * The reschedule machine's generated paths (the same the unit walks take) in the browser. The
 * model's refused order is a job that has started; a failed confirm is the browser offline. After
 * each step the page must show the `meta` of the state the hand-written table
 * (tests/support/expected/reschedule.ts) expects — not the state the machine went to.
 */
test.describe('reschedule machine paths in the browser', () => {
  const paths = coveringPaths(rescheduleModel);
  const walks = paths.map(({ path }) => expectedSteps(expectedReschedule, path.steps.map((s) => s.event as ModelEvent).filter((e) => e.type !== 'xstate.init')));

  test('the browser paths take every transition', () => {
    expect(missedByBrowserPaths('reschedule', rescheduleModel.machine, paths).transitions).toEqual([]);
    // And every transition of the written table (one the machine lost would not be in its paths).
    expect(untakenTableTransitions(expectedReschedule, walks.map((steps) => steps.map((step) => step.event)))).toEqual([]);
  });

  for (const [n, steps] of walks.entries()) {
    test(`reschedule ${n + 1}: ${steps.at(-1)?.expected[''] ?? 'closed'} via ${steps.map((step) => step.eventName).join(' → ')}`, async ({ page }) => {
      const api = await signedIn(page, 'move-path');
      const movable = await booked(api);
      const started = await booked(api);
      await moveJob(started.id, -1);
      await openMyOrders(page);
      // The model's date is far ahead; the browser types one the server accepts.
      const date = ukDateIn(6);
      for (const [i, step] of steps.entries()) {
        const next = steps[i + 1];
        const before = step.contextBefore as RescheduleContext;
        const state = step.expected['']!;
        await test.step(`${step.eventName} → ${state}`, async () => {
          const event = step.event as { type: string; value?: string; order?: { reschedule: { allowed: boolean } } };
          switch (event.type) {
            case 'dialog.open':
              if (!event.order!.reschedule.allowed) {
                await expect(rescheduleButton(page, started.id)).toBeDisabled();
                break;
              }
              await rescheduleButton(page, movable.id).click();
              break;
            case 'date.change':
              // Typing the date already there changes nothing: another one first, as a person retyping.
              if (before?.date === event.value) await typeDate(page, ukDateIn(7));
              await typeDate(page, date);
              break;
            case 'time.change':
              if (before?.time === event.value) await typeTime(page, '08:00');
              await typeTime(page, event.value!);
              break;
            case 'reschedule.confirm': {
              const confirm = dialog(page).getByRole('button', { name: 'Confirm' });
              if (state !== 'rescheduling') {
                await expect(confirm).toBeDisabled();
                break;
              }
              if (next?.event.type === 'xstate.error.actor.rescheduleOrder') await page.context().setOffline(true);
              await confirm.click();
              break;
            }
            case 'retry':
              if (next?.event.type === 'xstate.error.actor.rescheduleOrder') await page.context().setOffline(true);
              await dialog(page).getByRole('button', { name: 'Try again' }).click();
              break;
            case 'dialog.close':
              await dialog(page).getByRole('button', { name: 'Close' }).click();
              break;
            case 'xstate.error.actor.rescheduleOrder':
              await expect(dialog(page).getByRole('alert')).toContainText('Network Error');
              await page.context().setOffline(false);
              break;
            case 'xstate.done.actor.rescheduleOrder':
              await expectToast(page, 'Booking rescheduled');
              break;
          }
          const meta = metaOf<RescheduleMeta>(rescheduleModel.machine, '', state)!;
          if (!meta.dialog) return expect(dialog(page)).toHaveCount(0);
          // In flight the answer may already be there: the next step checks where it went.
          if (meta.busy) return;
          await expect(dialog(page)).toBeVisible();
          await expect(dialog(page).getByRole('button', { name: meta.submit })).toBeVisible();
          await expect(dialog(page).getByRole('alert')).toHaveCount(meta.alert ? 1 : 0);
        });
      }
      // A path ending mid-request: the real server (online) answers it.
      if (steps.at(-1)?.expected[''] === 'rescheduling') await expectToast(page, 'Booking rescheduled');
    });
  }
});
