import { devices, type Page } from '@playwright/test';
import { TEST_ADMIN } from '../api/support/test-config';
import { expectNoAxeViolations, settled } from './support/a11y';
import { invitedCleaner, jobToday } from './support/cleaner-day';
import { expect as baseExpect, test, type Credentials } from './support/fixtures';
import { ownServerForFile } from './support/own-server-for-file';
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
const { server } = ownServerForFile({ testTimeout: 180_000 });
let job: number;
let number: string;
let cleaner: Credentials;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const [team] = await server.db.query<{ id: number }>(`SELECT id FROM teams WHERE name = 'Team A'`);
  job = await jobToday(server, { customer: 'Olive Customer', team: team!.id, note: 'Dog in the garden' });
  const [placed] = await server.db.query<{ reference: number }>('SELECT reference FROM orders WHERE id = $1', [job]);
  number = `#${placed!.reference}`;
  cleaner = await invitedCleaner(server, { name: 'Pia Photo', email: `pia-${Date.now()}@cleaners.example`, team: team!.id, password: 'pia-takes-photos' });
});

/** Presses the button by keyboard and gives the phone's file chooser this file. */
async function chooseByKeyboard(page: Page, button: ReturnType<Page['getByRole']>, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await button.press('Enter');
  await (await chooser).setFiles(file);
}

test('a cleaner checks out with a photo by keyboard on a phone; a text file named .jpg is refused; staff see the photo on the order page', async ({ browser, page }) => {
  const { defaultBrowserType: _chromiumAnyway, ...pixel } = devices['Pixel 7'];
  const phone = await (await browser.newContext(pixel)).newPage();
  await server.signIn(phone, cleaner);
  await phone.goto(`${server.baseUrl}/my-jobs`);
  const card = phone.locator('li.my-jobs__job', { has: phone.getByText('Dog in the garden') });
  await expect(card).toHaveAttribute('data-state', 'assigned');
  await expect(card.getByRole('button', { name: /^Add a photo/ })).toHaveCount(0);
  await card.getByRole('button', { name: /^Check in:/ }).press('Enter');
  await expect(card).toHaveAttribute('data-state', 'checkedIn');

  // A shopping list saved as photo.jpg: the phone calls it a JPEG, its bytes say otherwise.
  await chooseByKeyboard(phone, card.getByRole('button', { name: `Add a photo (optional): job ${number}` }), { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: TEXT_NAMED_JPG });
  await expect(card).toContainText('Photo: photo.jpg');
  await card.getByRole('button', { name: /^Check out:/ }).press('Enter');
  await expect(card.getByRole('alert')).toContainText('The photo must be a JPEG, PNG or WebP image');
  await expect(card).toHaveAttribute('data-state', 'checkedIn');
  expect(await server.db.query('SELECT 1 FROM job_photos WHERE order_id = $1', [job])).toHaveLength(0);

  await chooseByKeyboard(phone, card.getByRole('button', { name: `Change the photo: job ${number}` }), { name: 'kitchen.png', mimeType: 'image/png', buffer: Buffer.from(PNG_BASE64, 'base64') });
  await expect(card).toContainText('Photo: kitchen.png');
  await card.getByRole('checkbox', { name: 'Bins emptied' }).press('Space');
  // Read from the top, as the cleaner opens it: scrolled down to this card, the first card's buttons
  // pass under the sticky navbar, and axe counts a button half under it as a target too small.
  await phone.evaluate(() => window.scrollTo(0, 0));
  await expectNoAxeViolations(phone, '/my-jobs with a photo attached');
  await card.getByRole('button', { name: /^Check out:/ }).press('Enter');
  await expect(card).toHaveAttribute('data-state', 'done');
  await expect(card).toContainText('Done: Bins emptied · photo sent');

  // Staff: the order page shows it, described.
  await server.signIn(page, TEST_ADMIN);
  await page.goto(`${server.baseUrl}/order/${job}`);
  await settled(page);
  const photo = page.getByRole('img', { name: /^Check-out photo of the job taken by Pia Photo on \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/ });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  await expectNoAxeViolations(page, '/order/:id with the check-out photo');
});
