import { devices, type Page } from '@playwright/test';
import { TEST_ADMIN } from '../api/support/test-config';
import { waitForMail } from '../api/support/mail-wait';
import { expectNoAxeViolations, settled } from './support/a11y';
import { deliveryDetails, ukDateIn } from './support/booking-ui';
import type { ApiClient } from './support/api-client';
import { expect as baseExpect, ok, test, uniqueCustomer } from './support/fixtures';
import { checkoutAtFreeTime } from './support/free-slots';
import { startOwnServer, type OwnServer } from './support/own-server';
import { PNG_BASE64, TEXT_NAMED_JPG } from '../support/photos';

/**
 * The check-out photo (issue 26 item 2, decision 061) in Chromium against the real server: a cleaner
 * on a phone checks in, attaches a photo by keyboard (the phone's file chooser), first a text file
 * named .jpg, which the server refuses by its bytes (still checked in, the message shown), then a
 * PNG, and checks out; staff see it on the order page as an image with words saying what it is. axe
 * clean on both. A server of its own: the job of today is moved in the database (checkouts need 24
 * hours' notice), as time passing would.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
let server: OwnServer;
let job: number;
let cleaner: { email: string; password: string };

test.beforeAll(async () => {
  test.setTimeout(300_000);
  server = await startOwnServer();
  const [team] = await server.db.query<{ id: number }>(`SELECT id FROM teams WHERE name = 'Team A'`);
  job = await jobToday(team!.id);
  cleaner = await cleanerOf('Pia Photo', `pia-${Date.now()}@cleaners.example`, team!.id);
});
test.afterAll(async () => server?.close());
test.describe.configure({ timeout: 180_000 });

/** A customer's booking, moved to start now (today, UK) and given to `team`. */
async function jobToday(team: number): Promise<number> {
  const customer = { ...uniqueCustomer('photographed'), name: 'Olive Customer' };
  await ok(server.api().POST('/auth/register', { body: customer }));
  await server.confirm(customer.email);
  const user = await ok(server.api().POST('/auth/login', { body: { username: customer.email, password: customer.password } }));
  const api: ApiClient = server.api(user.token);
  const { items } = await ok(api.GET('/services/get-items/{id}', { params: { path: { id: 1 } } }));
  const order = await ok(api.POST('/services/order/new', { body: { service: 1, items: [{ id: items[0]!.id, quantity: 2 }] } }));
  await checkoutAtFreeTime(api, order, {
    serviceId: 1, from: ukDateIn(3), onThatDay: false, address: deliveryDetails.address, phone: deliveryDetails.phone,
    city: deliveryDetails.city, code_postal: deliveryDetails.postcode, client_note: 'Dog in the garden', payment: 'cash',
  });
  await server.db.query('UPDATE orders SET due_at = now(), team_id = $2 WHERE id = $1', [order.id, team]);
  return order.id;
}

/** A cleaner added by staff who chose a password from the mailed link. */
async function cleanerOf(name: string, email: string, team: number) {
  const admin = await ok(server.api().POST('/auth/login', { body: { username: TEST_ADMIN.email, password: TEST_ADMIN.password } }));
  await ok(server.api(admin.token).POST('/admin/cleaners', { body: { name, email, team } }));
  const mail = await waitForMail(server.outboxDir, email);
  const token = new URL(mail.links.find((href) => href.includes('/reset-password/'))!).pathname.split('/reset-password/')[1]!;
  const password = 'pia-takes-photos';
  await ok(server.api().PUT('/auth/reset-password/{id}', { params: { path: { id: token } }, body: { token, password } }));
  return { email, password };
}

async function signIn(page: Page, username: string, password: string): Promise<void> {
  const user = await ok(server.api().POST('/auth/login', { body: { username, password } }));
  await page.goto(`${server.baseUrl}/robots.txt`);
  await page.evaluate((value) => localStorage.setItem('userInfo', JSON.stringify(value)), user);
}

/** Presses the button by keyboard and gives the phone's file chooser this file. */
async function chooseByKeyboard(page: Page, button: ReturnType<Page['getByRole']>, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await button.press('Enter');
  await (await chooser).setFiles(file);
}

test('a cleaner checks out with a photo by keyboard on a phone; a text file named .jpg is refused; staff see the photo on the order page', async ({ browser, page }) => {
  const { defaultBrowserType: _chromiumAnyway, ...pixel } = devices['Pixel 7'];
  const phone = await (await browser.newContext(pixel)).newPage();
  await signIn(phone, cleaner.email, cleaner.password);
  await phone.goto(`${server.baseUrl}/my-jobs`);
  const card = phone.locator('li.my-jobs__job', { has: phone.getByText('Dog in the garden') });
  await expect(card).toHaveAttribute('data-state', 'assigned');
  await expect(card.getByRole('button', { name: /^Add a photo/ })).toHaveCount(0);
  await card.getByRole('button', { name: /^Check in:/ }).press('Enter');
  await expect(card).toHaveAttribute('data-state', 'checkedIn');

  // A shopping list saved as photo.jpg: the phone calls it a JPEG, its bytes say otherwise.
  await chooseByKeyboard(phone, card.getByRole('button', { name: `Add a photo (optional): job ${job}` }), { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: TEXT_NAMED_JPG });
  await expect(card).toContainText('Photo: photo.jpg');
  await card.getByRole('button', { name: /^Check out:/ }).press('Enter');
  await expect(card.getByRole('alert')).toContainText('The photo must be a JPEG, PNG or WebP image');
  await expect(card).toHaveAttribute('data-state', 'checkedIn');
  expect(await server.db.query('SELECT 1 FROM job_photos WHERE order_id = $1', [job])).toHaveLength(0);

  await chooseByKeyboard(phone, card.getByRole('button', { name: `Change the photo: job ${job}` }), { name: 'kitchen.png', mimeType: 'image/png', buffer: Buffer.from(PNG_BASE64, 'base64') });
  await expect(card).toContainText('Photo: kitchen.png');
  await card.getByRole('checkbox', { name: 'Bins emptied' }).press('Space');
  await expectNoAxeViolations(phone, '/my-jobs with a photo attached');
  await card.getByRole('button', { name: /^Check out:/ }).press('Enter');
  await expect(card).toHaveAttribute('data-state', 'done');
  await expect(card).toContainText('Done: Bins emptied · photo sent');

  // Staff: the order page shows it, described.
  await signIn(page, TEST_ADMIN.email, TEST_ADMIN.password);
  await page.goto(`${server.baseUrl}/order/${job}`);
  await settled(page);
  const photo = page.getByRole('img', { name: /^Check-out photo of the job taken by Pia Photo on \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/ });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  await expectNoAxeViolations(page, '/order/:id with the check-out photo');
});
