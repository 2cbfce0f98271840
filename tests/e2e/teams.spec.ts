import type { Browser, Page } from '@playwright/test';
import { TEST_ADMIN } from '../api/support/test-config';
import { expectNoAxeViolations, settled } from './support/a11y';
import { dayFirst, deliveryDetails, keepOrderInBrowser, ukDateIn } from './support/booking-ui';
import { expect as baseExpect, ok, test, uniqueCustomer } from './support/fixtures';
import { ownServerForFile } from './support/own-server-for-file';
import { formatUkDay as ukDayText } from '../../src/lib/dates';
import { formatMoney } from '../../domain/money/money';
import { dayInWords } from '../../domain/time/london-days';
import { checkoutAtFreeTime } from './support/free-slots';

/**
 * Issue 15, teams and closures, in a real browser against the real server: the administrator marks
 * a team off on /teams and closes 25 December on /settings, by keyboard, and a customer's booking
 * form reads "2 of 3 teams free" that day and "Closed" on 25 December. The spec runs a server of its
 * own (support/own-server.ts): a team off or a closed day on the shared server would change what
 * the availability specs running beside it read.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
const { server } = ownServerForFile();

/** The next 25 December at least two days ahead (UK): inside the customers' booking window. */
function nextChristmas(): string {
  const soon = ukDateIn(2);
  const year = Number(soon.slice(0, 4));
  return soon <= `${year}-12-25` ? `${year}-12-25` : `${year + 1}-12-25`;
}

async function adminAt(page: Page, path: string): Promise<void> {
  await server.signIn(page, TEST_ADMIN);
  await page.goto(`${server.baseUrl}${path}`);
  await settled(page);
}

/** A customer of their own browser on /placeorder with a 30-minute order, the date typed. */
async function customerTimesOn(browser: Browser, date: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const customer = uniqueCustomer('teams');
  await ok(server.api().POST('/auth/register', { body: customer }));
  await server.confirm(customer);
  const api = await server.signIn(page, customer);
  const { items } = await ok(api.GET('/services/get-items/{id}', { params: { path: { id: 1 } } }));
  const order = await ok(api.POST('/services/order/new', { body: { service: 1, items: [{ id: items[0]!.id, quantity: 1 }] } }));
  await keepOrderInBrowser(page, order, 1);
  await page.goto(`${server.baseUrl}/placeorder`);
  await expect(page.getByRole('heading', { name: 'Place your order' })).toBeVisible();
  await page.getByLabel('Address', { exact: true }).fill(deliveryDetails.address);
  const [year, month, day] = date.split('-');
  await page.getByRole('group', { name: 'Date', exact: true }).getByRole('spinbutton').first().click();
  await page.keyboard.type(`${day}${month}${year}`);
  await expect(page.getByRole('heading', { name: `Free times on ${ukDayText(date)} (UK time)` })).toBeVisible();
  return page;
}

/** A customer's visit booked at `time` on `day` (cash), as staff see it. */
async function visitOn(day: string, time: string): Promise<{ id: number; customer: string; total: number }> {
  const customer = uniqueCustomer('teams-visit');
  await ok(server.api().POST('/auth/register', { body: customer }));
  await server.confirm(customer);
  const user = await ok(server.api().POST('/auth/login', { body: { username: customer.email, password: customer.password } }));
  const api = server.api(user.token);
  const { items } = await ok(api.GET('/services/get-items/{id}', { params: { path: { id: 1 } } }));
  const order = await ok(api.POST('/services/order/new', { body: { service: 1, items: [{ id: items[0]!.id, quantity: 1 }] } }));
  await checkoutAtFreeTime(api, order, {
    serviceId: 1, from: day, onThatDay: true, time, address: deliveryDetails.address, phone: deliveryDetails.phone,
    city: deliveryDetails.city, code_postal: deliveryDetails.postcode, client_note: '', payment: 'cash',
  });
  const mine = (await ok(api.GET('/services/order/get', { params: { query: { page: 1, limit: 100 } } }))).find((row) => row.id === order.id)!;
  return { id: order.id, customer: customer.name, total: mine.total };
}

/** The segments (dd/mm/yyyy) of /settings' Day to close. */
const closeDay = (page: Page) => page.getByRole('group', { name: 'Day to close', exact: true }).getByRole('spinbutton');
const freeTimes = (page: Page) => page.getByRole('listbox', { name: /^Free times/ });

test('an administrator marks Team A off on a day by keyboard: the customer\'s time list for that day reads "2 of 3 teams free"', async ({ page, browser }) => {
  const day = ukDateIn(12);
  const before = await customerTimesOn(browser, day);
  await expect(freeTimes(before).getByRole('option', { name: '10:00 — 3 of 3 teams free' })).toBeVisible();
  await before.context().close();
  // A visit of Team A at 15:00 that day, which the time off moves to another team free then (decision 057).
  const visit = await visitOn(day, '15:00');
  const staff = await server.signIn(await (await browser.newContext()).newPage(), TEST_ADMIN);
  const teamAId = (await ok(staff.GET('/admin/teams'))).find((team) => team.name === 'Team A')!.id;
  await ok(staff.PUT('/admin/schedule/jobs/{id}/team', { params: { path: { id: visit.id } }, body: { team: teamAId } }));

  await adminAt(page, '/teams');
  await expect(page.getByRole('heading', { level: 1, name: 'Teams' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Teams' })).toHaveAttribute('aria-current', 'page');
  const teamA = page.getByRole('row', { name: /^Team A/ });
  await expect(teamA.getByRole('cell').nth(1)).toHaveText('Mon–Sun 07:00–20:00');
  await expectNoAxeViolations(page, '/teams');

  await page.getByRole('button', { name: 'Add time off for Team A' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Time off for Team A' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('group', { name: 'First day off', exact: true }).getByRole('spinbutton').first()).toBeFocused();
  await expectNoAxeViolations(page, '/teams with the time off dialog open');
  // Typed day first, as the booking form's Date (decision 088); the day is written out under it.
  await page.keyboard.type(dayFirst(day));
  await expect(dialog.getByText(dayInWords(day), { exact: true })).toBeVisible();
  // Tab passes the Last day off's three segments (empty: one day) on to the Reason.
  for (let tab = 0; tab < 4; tab += 1) await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Reason (optional)')).toBeFocused();
  await page.keyboard.type('Training');
  await page.keyboard.press('Enter');
  // The team's visits then are listed first, with where each goes; Cancel has the focus, Tab reaches Confirm.
  const review = page.getByRole('dialog', { name: `Give Team A time off on ${day}?` });
  await expect(review.getByRole('row', { name: new RegExp(`^${visit.customer}`) }).getByRole('cell')).toHaveText([`${day} 15:00`, 'Team A', formatMoney(visit.total), 'Moves to Team B']);
  await expect(review).toContainText('Each moves to another team free then: no customer needs a mail.');
  await expectNoAxeViolations(page, '/teams with the time off listing its visits');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(review.getByRole('status')).toHaveText('Time off added for Team A. No customer needed a mail. 1 visit moved to another team.');
  await page.keyboard.press('Enter');
  await expect(review).toBeHidden();
  await expect(dialog).toBeHidden();
  await expect(teamA.getByRole('listitem')).toContainText(`${day} (Training)`);
  await expect(page.getByRole('button', { name: `Remove time off ${day} of Team A` })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Time off added for Team A' })).toBeVisible();
  await expectNoAxeViolations(page, '/teams with time off');

  const after = await customerTimesOn(browser, day);
  await expect(freeTimes(after).getByRole('option', { name: '10:00 — 2 of 3 teams free' })).toBeVisible();
  await expect(freeTimes(after).getByRole('option', { name: '10:00 — 3 of 3 teams free' })).toHaveCount(0);
  await after.context().close();
});

test('an administrator adds a team and edits its working days by keyboard', async ({ page }) => {
  await adminAt(page, '/teams');
  await page.getByRole('button', { name: 'Add a team' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add a team' });
  await expect(dialog.getByLabel('Team name')).toBeFocused();
  await page.keyboard.type('Team D');
  await expectNoAxeViolations(page, '/teams with the team dialog open');
  // Not on Sundays; Monday's hours end before they start: the server's message is shown.
  await dialog.getByRole('checkbox', { name: 'Works on Sunday' }).press('Space');
  await dialog.getByLabel('Monday to').fill('06:00');
  await dialog.getByRole('button', { name: 'Save team' }).press('Enter');
  await expect(dialog.getByRole('alert').filter({ hasText: 'Monday: the hours must end after they start' })).toBeVisible();
  // Past the company's closing time (20:00): the server's message is shown (issue 24).
  await dialog.getByLabel('Monday to').fill('21:00');
  await dialog.getByRole('button', { name: 'Save team' }).press('Enter');
  await expect(dialog.getByRole('alert').filter({ hasText: "Monday: the team's hours 07:00–21:00 must lie within the opening hours 07:00–20:00" })).toBeVisible();
  await dialog.getByLabel('Monday to').fill('17:00');
  await dialog.getByRole('button', { name: 'Save team' }).press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: /^Team D/ }).getByRole('cell').nth(1)).toHaveText('Mon 07:00–17:00, Tue–Sat 07:00–20:00, Sun off');

  await page.getByRole('button', { name: 'Edit Team D' }).press('Enter');
  const edit = page.getByRole('dialog', { name: 'Edit Team D' });
  await edit.getByRole('checkbox', { name: /^Active/ }).press('Space');
  await edit.getByRole('button', { name: 'Save team' }).press('Enter');
  await expect(edit).toBeHidden();
  await expect(page.getByRole('row', { name: /^Team D/ }).getByRole('cell').first()).toHaveText('Inactive');
});

test('the bank holidays are listed on /settings; an administrator opens 25 December and closes it again: the customer\'s calendar shows that day "Closed"', async ({ page, browser }) => {
  const christmas = nextChristmas();
  await adminAt(page, '/settings');
  const closures = page.getByRole('region', { name: 'Closures' }).first();
  await expect(page.getByRole('heading', { level: 2, name: 'Closures' })).toBeVisible();
  // A fresh database closes the bank holidays and 24, 25, 26 and 31 December (decision 087), as any closure.
  const year = christmas.slice(0, 4);
  await expect(closures.getByRole('row', { name: new RegExp(`^${year}-12-24`) })).toContainText('Christmas Eve');
  await expect(closures.getByRole('row', { name: new RegExp(`^${christmas}`) })).toContainText('Christmas Day');
  await expect(closures.getByRole('row', { name: new RegExp(`^${year}-12-31`) })).toContainText("New Year's Eve");
  await expectNoAxeViolations(page, '/settings');
  // The owner edits them as any other: 25 December opens again, then is closed with the owner's own reason.
  await closures.getByRole('button', { name: `Open again on ${christmas}` }).press('Enter');
  await expect(closures.getByRole('row', { name: new RegExp(`^${christmas}`) })).toHaveCount(0);

  // Day first, as on the booking form: 25/12, written out under the field (decision 088).
  await closeDay(page).first().focus();
  await page.keyboard.type(dayFirst(christmas));
  await expect(page.getByText(new RegExp(`^[A-Z][a-z]+day 25 December ${christmas.slice(0, 4)}$`))).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.type('Christmas Day');
  await page.keyboard.press('Enter');
  // The dialog lists the day's visits first (none here); Cancel has the focus, Tab reaches Confirm.
  const confirm = page.getByRole('dialog', { name: `Close the company on ${christmas}?` });
  await expect(confirm).toContainText('No visits are booked then.');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(confirm.getByRole('status')).toHaveText(`Closed on ${christmas}. No customer needed a mail.`);
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  const row = closures.getByRole('row', { name: new RegExp(`^${christmas}`) });
  await expect(row).toContainText('Christmas Day');
  await expect(page.getByRole('status').filter({ hasText: `Closed on ${christmas}` })).toBeVisible();
  await expectNoAxeViolations(page, '/settings with a closure');
  // The same day twice: the server's 409 in its words.
  await closeDay(page).first().click();
  await page.keyboard.type(dayFirst(christmas));
  await page.getByRole('button', { name: 'Close the company' }).press('Enter');
  await confirm.getByRole('button', { name: 'Close the company' }).press('Enter');
  await expect(confirm.getByRole('alert')).toContainText(`We are already closed on ${christmas}`);
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();

  const customer = await customerTimesOn(browser, christmas);
  await expect(customer.getByText(`${ukDayText(christmas)}: Closed (Christmas Day)`)).toBeVisible();
  await customer.getByRole('button', { name: 'Open the calendar' }).click();
  const calendar = customer.getByRole('dialog', { name: 'Choose a date' });
  await expect(calendar).toBeVisible();
  const cell = calendar.locator('.calendar__cell:not([data-outside-month])', { hasText: /^25/ });
  await expect(cell).toHaveText('25Closed');
  await customer.context().close();
});
