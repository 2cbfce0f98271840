import type { Page } from '@playwright/test';
import { waitForMail } from '../api/support/mail-wait';
import { TEST_ADMIN } from '../api/support/test-config';
import { expectNoAxeViolations, settled } from './support/a11y';
import { ok, type ApiClient } from './support/api-client';
import { deliveryDetails, fillContactDetails, itemCheckbox, orderCard, serviceItems, typeIntoSegments, ukDateIn, BOOKED_SERVICE_ID } from './support/booking-ui';
import { expect as baseExpect, test } from './support/fixtures';
import { ownServerForFile } from './support/own-server-for-file';
import { wakingClock } from './support/waking-clock';
import { WAKING_HOURS_TEXT } from '../../domain/waitlist/waking-hours';

/**
 * Waiting lists for full days (issue 26 §5, decision 056) in Chromium against the real server: a
 * customer finds a day full on /placeorder and joins its waiting list with the booking; another
 * customer's visit that day is cancelled by staff; the first gets the mail, whose link opens My
 * orders with the held time and its price, and books it by keyboard. Issue 36 (decision 085): the
 * customer joins saying mornings suit them, and the offer's dialog has the address and phone typed on
 * /placeorder filled in, so Book this time needs nothing typed. Its own server, so the day can be made
 * full in the database (one team working, short hours) and the outbox read, on a clock in waking hours.
 */
const expect = baseExpect.configure({ timeout: 15_000 });

const { server } = ownServerForFile({ testTimeout: 150_000, now: wakingClock() });

async function signedIn(page: Page, label: string): Promise<{ api: ApiClient; email: string; name: string }> {
  const { api, customer } = await server.signUp(page, label);
  return { api, email: customer.email, name: customer.name };
}

/** A day made full by one 09:00 visit: one team works, and the company's hours that weekday are 09:00–10:30. */
async function fullDay(other: ApiClient, itemId: number): Promise<{ date: string; orderId: number }> {
  const date = ukDateIn(9 + (test.info().project.name === 'abroad' ? 7 : 0));
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  await server.db.query(`UPDATE opening_hours SET open = true, opens = '09:00', closes = '10:30' WHERE weekday = $1`, [weekday]);
  await server.db.query(`DELETE FROM team_hours WHERE weekday = $1`, [weekday]);
  await server.db.query(`INSERT INTO team_time_off (team_id, starts_on, ends_on) SELECT id, $1::date, $1::date FROM teams WHERE id <> (SELECT min(id) FROM teams WHERE active)`, [date]);
  const order = await ok(other.POST('/services/order/new', { body: { service: BOOKED_SERVICE_ID, items: [{ id: itemId, quantity: 1 }] } }));
  await ok(other.POST('/services/order/checkout', { body: {
    order: order.id, due_date: date, due_time: '09:00', address: '1 Other Street', phone: deliveryDetails.phone, city: 'London', code_postal: 'NW1 6XE', client_note: '', payment: 'cash',
  } }));
  return { date, orderId: order.id };
}

test('a customer joins a full day\'s waiting list, another\'s visit is cancelled, and the first books the held time from the mail', async ({ page, browser }) => {
  const { items } = await serviceItems();
  const other = await signedIn(page, 'waitlist-other');
  const { date, orderId } = await fullDay(other.api, items[0]!.id);
  const { email, name } = await signedIn(page, 'waitlist-first');

  await page.goto(`${server.baseUrl}/properties/${BOOKED_SERVICE_ID}`);
  await itemCheckbox(page, items[0]!.name).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/placeorder$/);
  await fillContactDetails(page);
  const [year, month, day] = date.split('-');
  await typeIntoSegments(page, 'Date', `${day}${month}${year}`);
  const join = page.getByRole('button', { name: 'Join the waiting list' });
  await expect(join).toBeVisible();
  await expectNoAxeViolations(page, '/placeorder on a full day');
  // The times that suit: mornings, ticked by keyboard.
  const morning = page.getByRole('group', { name: 'Times that suit you' }).getByRole('checkbox', { name: /^Morning/ });
  await morning.focus();
  await page.keyboard.press('Space');
  await expect(morning).toBeChecked();
  await join.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`You are on the waiting list for ${day}/${month}/${year}.`, { exact: false })).toBeVisible();

  const admin = await ok(server.api().POST('/auth/login', { body: { username: TEST_ADMIN.email, password: TEST_ADMIN.password } }));
  const staff = server.api(admin.token);
  if (test.info().project.name === 'chromium') {
    // Staff see who waits for the day under the board's day view (a desk screen: the desktop project).
    const context = await browser.newContext();
    const board = await context.newPage();
    await board.goto(`${server.baseUrl}/robots.txt`);
    await board.evaluate((value) => localStorage.setItem('userInfo', JSON.stringify(value)), admin);
    await board.goto(`${server.baseUrl}/schedule?view=day&day=${date}`);
    await expect(board.getByRole('list', { name: 'Waiting list' })).toContainText(`${name}, `);
    // The times that suit the customer are the office's to see too.
    await expect(board.getByRole('list', { name: 'Waiting list' }).getByRole('listitem').filter({ hasText: name })).toContainText('(morning only): waiting since');
    await expectNoAxeViolations(board, 'the schedule board with a waiting list');
    await context.close();
  }
  await ok(staff.PUT('/admin/order/update/{status}/{id}', { params: { path: { status: 'cancelled', id: orderId } }, body: { status: 'cancelled' } }));

  const mail = await waitForMail(server.outboxDir, email, { where: (sent) => sent.subject.startsWith(`A time is free on ${date}`) });
  expect(mail.text).toContain(`on ${date} 09:00 (UK time), £`);
  expect(mail.text).toContain(WAKING_HOURS_TEXT);
  const link = new URL(mail.links.find((href) => href.includes('offer='))!);
  await page.goto(`${server.baseUrl}${link.pathname}${link.search}`);
  await settled(page);
  const dialog = page.getByRole('dialog', { name: 'A time held for you' });
  await expect(dialog).toContainText(`on ${date} 09:00 (UK time), £`);
  await expect(page.getByRole('list', { name: 'Waiting lists' })).toContainText(`on ${date}, morning: a time is held for you`);
  await expectNoAxeViolations(page, 'the waiting list offer on My orders');
  // Not asked again: the address and phone given on /placeorder are filled in.
  await expect(dialog).toContainText('Filled in with the address and phone you gave before');
  for (const [label, value] of [['Address', deliveryDetails.address], ['City', deliveryDetails.city], ['Postcode', deliveryDetails.postcode], ['Phone', deliveryDetails.phone]] as const) {
    await expect(dialog.getByLabel(label, { exact: true })).toHaveValue(value);
  }
  await dialog.getByRole('button', { name: 'Book this time' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Booked: your booking is in My orders.')).toBeVisible();
  await page.keyboard.press('Escape');
  const [draft] = await server.db.query<{ order_id: number }>(`SELECT order_id FROM waitlist_entries WHERE status = 'booked' ORDER BY id DESC LIMIT 1`);
  await expect(orderCard(page, draft!.order_id)).toContainText(`${date} 09:00`);
  await expect(page.getByRole('list', { name: 'Waiting lists' })).toHaveCount(0);

  // The same link again says in plain words that it was used.
  await page.goto(`${server.baseUrl}${link.pathname}${link.search}`);
  await expect(page.getByRole('dialog', { name: 'A time held for you' })).toContainText('This offer was used already');
});
