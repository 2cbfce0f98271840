import type { Page } from '@playwright/test';
import { readOutbox } from '../../server/services/outbox';
import { SLOT_TAKEN_MESSAGE } from '../../domain/capacity/availability-text';
import { admin as adminAccount } from './support/accounts';
import { adminApi } from './support/admin-data';
import { expectNoAxeViolations } from './support/a11y';
import { BOOKED_SERVICE_ID, bookedCashOrder, bookElsewhere, createOrderByApi, deliveryDetails, serviceItems, ukDateIn } from './support/booking-ui';
import { createApiClient, expect, ok, registerCustomer, test } from './support/fixtures';
import { checkoutAtFreeTime, emptyDay } from './support/free-slots';
import { e2eOutboxDir } from './support/server-env';
import { orderNumberOf } from './support/order-number';

/**
 * Staff edit a booked job (issue 26 item 1, decision 055), in Chromium against the real server:
 * the job edit machine's main paths (editing → previewing → confirming → saving → saved, and a time
 * taken meanwhile → taken → editing) with the keyboard alone, each panel axe clean, the heading of
 * each new panel focused; the customer's mail and My orders show the new total.
 */
const ddmmyyyy = (date: string) => date.split('-').reverse().join('');
/** An item's name inside a pattern: "Ironing (per hour)" has brackets. */
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function panel(page: Page, name: string): Promise<void> {
  const heading = page.getByRole('heading', { level: 3, name, exact: true });
  await expect(heading).toBeVisible({ timeout: 15_000 });
  if (name !== 'Edit the job') await expect(heading).toBeFocused();
  await expectNoAxeViolations(page, `Job edit, ${name}`);
}

/** A customer's cash booking of one item, and the customer's API client. */
async function bookedJob(label: string) {
  const customer = await registerCustomer(createApiClient(), label);
  const { token } = await ok(createApiClient().POST('/auth/login', { body: { username: customer.email, password: customer.password } }));
  const api = createApiClient(token);
  const { items } = await serviceItems();
  // An hour's ironing: a job longer than the shortest, so its own length decides the last free time.
  const item = items.find((one) => one.name.startsWith('Ironing')) ?? items[0]!;
  const id = await bookedCashOrder(api, item.id, 20 + Math.floor(Math.random() * 200));
  return { customer, api, id, item };
}

/** Types a new day into the editor's Date and focuses its first free time. */
async function chooseDay(page: Page, day: string) {
  await page.getByRole('group', { name: 'Date', exact: true }).getByRole('spinbutton').first().focus();
  await page.keyboard.type(ddmmyyyy(day));
  const first = page.getByRole('listbox', { name: /^Free times/ }).getByRole('option').first();
  await expect(first).toBeVisible();
  return first;
}

test('staff add an item and move the job by keyboard; the difference is saved with the reason, the customer is mailed and sees the new total', async ({ page, loginAs }) => {
  test.setTimeout(120_000);
  const { customer, api, id, item } = await bookedJob('jobedit');
  const day = await emptyDay(Math.floor(Math.random() * 280));
  await loginAs(page, adminAccount, { path: `/order/${id}` });
  const number = await orderNumberOf(id);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible();
  await panel(page, 'Edit the job');

  const quantity = page.getByRole('spinbutton', { name: new RegExp(`^${literally(item.name)} \\(`) });
  await quantity.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('2');
  const first = await chooseDay(page, day);
  // The times offered are this job's (issue 36 row 1): asked for its length and postcode, so the
  // last start leaves it time to finish by closing (20:00).
  const { api: office } = await adminApi();
  const { duration_minutes: minutes } = await ok(office.GET('/admin/order/{id}/job', { params: { path: { id } } }));
  expect(minutes).toBeGreaterThan(30);
  const lastStart = (await page.getByRole('listbox', { name: /^Free times/ }).getByRole('option').last().textContent())!.slice(0, 5);
  const [hours, mins] = lastStart.split(':').map(Number);
  expect(hours! * 60 + mins! + minutes, `the last start offered, ${lastStart}, for a job of ${minutes} minutes`).toBeLessThanOrEqual(20 * 60);
  await first.focus();
  await page.keyboard.press('Enter');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'Show the price difference' }).focus();
  await page.keyboard.press('Enter');

  await panel(page, 'Check the difference');
  const difference = page.getByRole('table', { name: 'Price difference' });
  await expect(difference.getByRole('row', { name: new RegExp(`^${literally(item.name)} 1 £`) })).toBeVisible();
  // The adjustment form above has a Reason of its own: this one is the confirmation's.
  await page.getByRole('form', { name: 'Confirm the change' }).getByRole('textbox', { name: 'Reason' }).focus();
  await page.keyboard.type('Customer asked for a second room and another day');
  await page.keyboard.press('Enter');

  await panel(page, 'Job changed');
  const saved = page.getByText(/^Saved: the order's total is now (£[\d,]+\.\d\d)\./);
  await expect(saved).toBeVisible();
  const [, total] = /now (£[\d,]+\.\d\d)/.exec((await saved.textContent()) ?? '')!;
  // The order page shows the new line, total and history entry.
  await expect(page.getByRole('region', { name: 'Items' }).getByText(total!).first()).toBeVisible();
  await expect(page.getByText('Job edited')).toBeVisible();

  // One truth: My orders shows the same total, the mail says it with the new calendar entry.
  const mine = await ok(api.GET('/services/order/get', { params: { query: { limit: 100 } } }));
  expect(new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(mine.find((order) => order.id === id)!.total)).toBe(total);
  await expect.poll(async () => {
    const mail = (await readOutbox(e2eOutboxDir)).find((candidate) => candidate.to === customer.email && candidate.subject.startsWith('Booking changed:'));
    return mail ? { total: mail.text.includes(`The order's total is now ${total}.`), ics: mail.attachments.some((file) => file.filename === `booking-${number.slice(1)}.ics`) } : null;
  }, { timeout: 10_000 }).toEqual({ total: true, ics: true });
});

test('a time taken while staff edit shows "That time was just taken", and Choose another time returns to the edit', async ({ page, loginAs }) => {
  test.setTimeout(120_000);
  const { id } = await bookedJob('jobedittaken');
  const day = await emptyDay(Math.floor(Math.random() * 280));
  await loginAs(page, adminAccount, { path: `/order/${id}` });
  await panel(page, 'Edit the job');
  const first = await chooseDay(page, day);
  const [, time, teams] = /^(\d\d:\d\d) — (\d+) of \d+ teams? free$/.exec((await first.textContent()) ?? '')!;
  await first.focus();
  await page.keyboard.press('Enter');

  // Meanwhile every team is booked at that time by other customers.
  for (let team = 0; team < Number(teams); team += 1) await bookElsewhere(day, time!);
  await page.getByRole('button', { name: 'Show the price difference' }).focus();
  await page.keyboard.press('Enter');
  await panel(page, 'Time taken');
  await expect(page.getByRole('alert').filter({ hasText: SLOT_TAKEN_MESSAGE })).toBeVisible();
  await page.getByRole('button', { name: 'Choose another time' }).focus();
  await page.keyboard.press('Enter');
  await panel(page, 'Edit the job');
});

test('staff give the job its own length with a reason by keyboard: too long for the day is refused with why; the page and its history show the length set', async ({ page, loginAs }) => {
  test.setTimeout(90_000);
  const customer = await registerCustomer(createApiClient(), 'joblength');
  const { token } = await ok(createApiClient().POST('/auth/login', { body: { username: customer.email, password: customer.password } }));
  const api = createApiClient(token);
  const { items } = await serviceItems();
  const item = items.find((one) => one.name.startsWith('Ironing')) ?? items[0]!;
  const order = await createOrderByApi(api, [{ id: item.id, quantity: 1 }]);
  // At 18:00 an hour's job ends at 19:00: 3 hours would pass the day's last finish (20:00), 2 hours fit.
  await checkoutAtFreeTime(api, order, {
    serviceId: BOOKED_SERVICE_ID, from: ukDateIn(20 + Math.floor(Math.random() * 250)), time: '18:00',
    address: deliveryDetails.address, phone: deliveryDetails.phone, city: deliveryDetails.city, code_postal: deliveryDetails.postcode, client_note: '', payment: 'cash',
  });
  await loginAs(page, adminAccount, { path: `/order/${order.id}` });
  const length = page.getByRole('region', { name: 'Order', exact: true }).locator('dt:text-is("Length") + dd');
  await expect(length).toHaveText('1 h');

  // One step (decision 084): a length from the contract's choices, why, then Set the length.
  const form = page.getByRole('form', { name: 'Set the length' });
  const choose = async (label: string) => {
    await form.getByRole('button', { name: /New length/ }).focus();
    await page.keyboard.press('Enter');
    const choice = page.getByRole('option', { name: label, exact: true });
    await choice.focus();
    await page.keyboard.press('Enter');
    await expect(form.getByRole('button', { name: /New length/ })).toContainText(label);
  };
  await choose('3 h');
  await form.getByRole('textbox', { name: 'Why this length' }).focus();
  await page.keyboard.type('Big house, first deep clean');
  await page.keyboard.press('Enter');
  await expect(form.getByRole('alert')).toContainText("A job of 3 h from 18:00 would finish at 21:00, after the day's last finish (20:00)");
  await expectNoAxeViolations(page, 'Set the length, refused');
  await expect(length).toHaveText('1 h');

  await choose('2 h');
  await form.getByRole('button', { name: 'Set the length' }).focus();
  await page.keyboard.press('Enter');
  await expect(length).toHaveText('2 h');
  const entry = page.getByRole('listitem').filter({ hasText: 'Length set' });
  await expect(entry).toContainText('1 h');
  await expect(entry).toContainText('2 h: Big house, first deep clean');
  // The job editor starts again from the job as it now is (its new version), asking for times of 2 hours.
  const { api: office } = await adminApi();
  expect((await ok(office.GET('/admin/order/{id}/job', { params: { path: { id: order.id } } }))).duration_minutes).toBe(120);
});
