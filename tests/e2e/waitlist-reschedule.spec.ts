import type { Page } from '@playwright/test';
import { waitForMail } from '../api/support/mail-wait';
import { TEST_ADMIN } from '../api/support/test-config';
import { expectNoAxeViolations, settled } from './support/a11y';
import { ok, type ApiClient } from './support/api-client';
import { bookedCashOrder, deliveryDetails, expectToast, orderCard, serviceItems, ukDateIn, BOOKED_SERVICE_ID } from './support/booking-ui';
import { expect as baseExpect, test, uniqueCustomer } from './support/fixtures';
import { ownServerForFile } from './support/own-server-for-file';
import { WAKING_HOURS_TEXT } from '../../domain/waitlist/waking-hours';
import { wakingClock } from './support/waking-clock';

/**
 * A waiting list joined from the reschedule dialog (decisions 062 and 067), in Chromium and abroad,
 * by keyboard, axe clean: a customer moving a booked visit finds the day they want full, joins its
 * list from the dialog; staff cancel another visit that day; the mail's link opens the reschedule
 * dialog at the held time, and Confirm moves the same order there (no new order). Issue 36: joining,
 * the customer ticks the times of day that suit (mornings), and the mail says when offers are sent.
 * Its own server, on a clock in waking hours: the full day is made in the database (opening hours, teams off).
 */
const expect = baseExpect.configure({ timeout: 15_000 });
const { server } = ownServerForFile({ testTimeout: 150_000, now: wakingClock() });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Reschedule the booking' });

async function pressKey(page: Page, name: string | RegExp, scope = dialog(page)) {
  await scope.getByRole('button', { name }).focus();
  await page.keyboard.press('Enter');
}

async function typeDate(page: Page, date: string) {
  const [year, month, day] = date.split('-');
  await dialog(page).getByRole('group', { name: 'Date', exact: true }).getByRole('spinbutton').first().focus();
  await page.keyboard.type(`${day}${month}${year}`);
}

async function staffApi(): Promise<ApiClient> {
  const admin = await ok(server.api().POST('/auth/login', { body: { username: TEST_ADMIN.email, password: TEST_ADMIN.password } }));
  return server.api(admin.token);
}

/**
 * `date` made full: one team working, open 09:00–10:30 that weekday, another customer's 09:00 visit
 * in another postcode area (the hour's travel gap either way, as the dialog's free times count it
 * without the visit's postcode); answers that visit.
 */
async function fullDay(date: string, itemId: number): Promise<number> {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  await server.db.query(`UPDATE opening_hours SET open = true, opens = '09:00', closes = '10:30' WHERE weekday = $1`, [weekday]);
  await server.db.query(`DELETE FROM team_hours WHERE weekday = $1`, [weekday]);
  await server.db.query(`INSERT INTO team_time_off (team_id, starts_on, ends_on) SELECT id, $1::date, $1::date FROM teams WHERE id <> (SELECT min(id) FROM teams WHERE active)`, [date]);
  const other = uniqueCustomer('held-other');
  await ok(server.api().POST('/auth/register', { body: other }));
  await server.confirm(other);
  const signIn = await ok(server.api().POST('/auth/login', { body: { username: other.email, password: other.password } }));
  const api = server.api(signIn.token);
  const taken = await ok(api.POST('/services/order/new', { body: { service: BOOKED_SERVICE_ID, items: [{ id: itemId, quantity: 1 }] } }));
  await ok(api.POST('/services/order/checkout', { body: {
    order: taken.id, due_date: date, due_time: '09:00', address: '1 Other Street', phone: deliveryDetails.phone, city: 'London', code_postal: 'E1 6AN', client_note: '', payment: 'cash',
  } }));
  return taken.id;
}

test('a full day joined from the reschedule dialog; the mailed link opens the dialog at the held time and Confirm moves the visit there', async ({ page }) => {
  const { items } = await serviceItems();
  const date = ukDateIn(12);
  const taken = await fullDay(date, items[0]!.id);
  const { api, customer } = await server.signUp(page, 'held-move');
  const visit = await bookedCashOrder(api, items[0]!.id, 14);
  const before = await ok(api.GET('/services/order/get', { params: { query: { page: 1, limit: 100 } } }));

  await page.goto(`${server.baseUrl}/profile-services`);
  await settled(page);
  await pressKey(page, /^Reschedule order/, orderCard(page, visit));
  await expect(dialog(page)).toBeVisible();
  await typeDate(page, date);
  // The day is full for this visit: the booking page's offer, in the dialog.
  await expect(dialog(page)).toContainText('is fully booked. Join its waiting list');
  const morning = dialog(page).getByRole('group', { name: 'Times that suit you' }).getByRole('checkbox', { name: /^Morning/ });
  await morning.focus();
  await page.keyboard.press('Space');
  await expect(morning).toBeChecked();
  await expectNoAxeViolations(page, 'the reschedule dialog on a full day');
  await pressKey(page, 'Join the waiting list');
  await expect(dialog(page).getByRole('alert')).toContainText('You are on the waiting list for');
  await pressKey(page, 'Close');
  await expect(dialog(page)).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Waiting lists' })).toContainText(`on ${date}, morning: waiting`);

  // Staff cancel the other visit: the time is held for this one and mailed.
  await ok((await staffApi()).PUT('/admin/order/update/{status}/{id}', { params: { path: { status: 'cancelled', id: taken } }, body: { status: 'cancelled' } }));
  const mail = await waitForMail(server.outboxDir, customer.email, { where: (sent) => sent.subject.startsWith(`A time is free on ${date}`) });
  expect(mail.text).toContain('Move your booking to it here');
  expect(mail.text).toContain(WAKING_HOURS_TEXT);
  const link = new URL(mail.links.find((href) => href.includes('held='))!);

  await page.goto(`${server.baseUrl}${link.pathname}${link.search}`);
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page).getByRole('alert')).toContainText(`${date} 09:00 (UK time) is held for you until`);
  await expect(dialog(page).getByRole('group', { name: 'Time', exact: true })).toContainText(/09\s*:\s*00/);
  await expectNoAxeViolations(page, 'the reschedule dialog at the held time');
  await pressKey(page, 'Confirm');
  await expectToast(page, 'Booking rescheduled');
  await expect(dialog(page)).toHaveCount(0);
  await expect(orderCard(page, visit)).toContainText(`${date} 09:00`);
  await expect(page.getByRole('list', { name: 'Waiting lists' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'My orders after the move');
  // The same order moved: no new one.
  const after = await ok(api.GET('/services/order/get', { params: { query: { page: 1, limit: 100 } } }));
  expect(after.map((order) => order.id).sort()).toEqual(before.map((order) => order.id).sort());
});
