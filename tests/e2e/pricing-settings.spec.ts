import type { Page } from '@playwright/test';
import { TEST_ADMIN } from '../api/support/test-config';
import { expectNoAxeViolations, settled } from './support/a11y';
import { expectToast, itemCheckbox } from './support/booking-ui';
import { expect as baseExpect, test } from './support/fixtures';
import { ownServerForFile } from './support/own-server-for-file';

/**
 * Issue 15, /settings/pricing (decision 023): the administrator changes an item's price with the
 * keyboard, the change is in the audit trail (who, when in UK time), and a visitor's quote on
 * /service/:id uses the new price at once. The spec runs a server of its own
 * (support/own-server.ts): the other specs' quotes keep the seeded prices.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
const { server } = ownServerForFile();

async function openPricingAsAdmin(page: Page): Promise<void> {
  await server.signIn(page, TEST_ADMIN);
  await page.goto(`${server.baseUrl}/settings/pricing`);
  await settled(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Prices and hours' })).toBeVisible();
}

const quoteTotal = (page: Page) => page.getByTestId('quote-total');

test('the administrator changes an item price and a visitor\'s quote on /service/:id shows the new total; axe clean', async ({ page, browser }) => {
  await openPricingAsAdmin(page);
  await expectNoAxeViolations(page, '/settings/pricing');
  const bedroom = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Bedroom', exact: true }) }).filter({ hasText: 'House Keeping' });
  await expect(bedroom.getByRole('cell', { name: '£25.00', exact: true })).toBeVisible();

  // Keyboard only: focus the field, type the new price, Enter saves.
  const field = page.getByRole('textbox', { name: 'Price of Bedroom (House Keeping)' });
  await field.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('27.35');
  await page.keyboard.press('Enter');
  await expectToast(page, 'Price of Bedroom (House Keeping) saved');
  await expect(bedroom.getByRole('cell', { name: '£27.35', exact: true })).toBeVisible();

  // The trail: when (UK time, YYYY-MM-DD HH:mm), who, what, before and after.
  const trail = page.getByRole('region', { name: 'Changes to prices and hours' });
  const change = trail.getByRole('row').filter({ hasText: 'House Keeping — Bedroom' });
  await expect(change.getByRole('cell')).toHaveText([/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/, TEST_ADMIN.name, 'Item price: House Keeping — Bedroom', '£25.00', '£27.35']);
  // With its toast: the toasts' colours are the site's own, readable ones (src/shared/toast-host.css).
  await expectNoAxeViolations(page, '/settings/pricing after a change');

  // A visitor (no sign-in) gets the new price in the next quote.
  const visitor = await browser.newPage();
  try {
    await visitor.goto(`${server.baseUrl}/service/1`);
    await settled(visitor);
    await itemCheckbox(visitor, 'Bedroom').check();
    // £27.35 of which VAT (20%) is £4.56.
    await expect(quoteTotal(visitor)).toHaveText('Total £27.35 (includes VAT £4.56)');
  } finally {
    await visitor.close();
  }
});

test('a price or hours that cannot be saved say why, beside the field', async ({ page }) => {
  await openPricingAsAdmin(page);
  const weekly = page.getByRole('textbox', { name: 'Discount of Weekly' });
  await weekly.fill('120');
  await page.getByRole('button', { name: 'Save Discount of Weekly' }).click();
  await expect(weekly).toHaveAccessibleDescription('Enter a percentage from 0 to 100, such as 15 or 12.5');
  await expect(weekly).toHaveAttribute('aria-invalid', 'true');

  const closes = page.getByRole('textbox', { name: 'Tuesday closes' });
  await closes.fill('06:00');
  await page.getByRole('button', { name: 'Save Tuesday' }).click();
  await expect(closes).toHaveAccessibleDescription('Tuesday must close after it opens (07:00)');
  await expectNoAxeViolations(page, '/settings/pricing with errors');
});

test('/settings links to the page, and so does the side navigation', async ({ page }) => {
  await openPricingAsAdmin(page);
  await expect(page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Prices and hours' })).toHaveAttribute('aria-current', 'page');
  await page.goto(`${server.baseUrl}/settings`);
  await settled(page);
  await page.getByRole('link', { name: 'Edit prices and hours' }).click();
  await expect(page).toHaveURL(/\/settings\/pricing$/);
});

test('the administrator sets End of Tenancy\'s base time and the travel gap with the keyboard; the trail shows both (decision 041)', async ({ page }) => {
  await openPricingAsAdmin(page);
  const lengths = page.getByRole('region', { name: 'Service base times' });
  const tenancy = lengths.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'End of Tenancy', exact: true }) });
  await expect(tenancy.getByRole('cell', { name: '120 min', exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Base time of End of Tenancy' }).focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('150');
  await page.keyboard.press('Enter');
  await expectToast(page, 'Base time of End of Tenancy saved');
  await expect(tenancy.getByRole('cell', { name: '150 min', exact: true })).toBeVisible();

  const travel = page.getByRole('textbox', { name: 'Travel between postcode areas' });
  await travel.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('7.5');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Enter whole minutes, such as 30 or 90')).toBeVisible();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('75');
  await page.keyboard.press('Enter');
  await expectToast(page, 'Travel between postcode areas saved');

  const trail = page.getByRole('region', { name: 'Changes to prices and hours' });
  await expect(trail.getByRole('row').filter({ hasText: 'Service base time: End of Tenancy' }).getByRole('cell').nth(3)).toHaveText('120 min');
  await expect(trail.getByRole('row').filter({ hasText: 'Travel between jobs' }).getByRole('cell').nth(4))
    .toHaveText('30 min within an area, 75 min between areas');
  await expectNoAxeViolations(page, '/settings/pricing job lengths');
});

test('the administrator sets how long a waiting list offer is held, with the keyboard; the trail shows it (decision 056)', async ({ page }) => {
  await openPricingAsAdmin(page);
  const hold = page.getByRole('textbox', { name: 'Offer held for' });
  await expect(hold).toHaveValue('120');
  const trail = page.getByRole('region', { name: 'Changes to prices and hours' });
  const newestHold = trail.getByRole('row').filter({ hasText: 'Waiting list hold' }).first().getByRole('cell');
  for (const [before, minutes] of [['120', '90'], ['90', '120']] as const) {
    await hold.focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(minutes);
    await page.keyboard.press('Enter');
    // The first save's toast may still show during the second: each save is told by its trail line.
    if (before === '120') await expectToast(page, 'Offer held for saved');
    await expect(newestHold.nth(3)).toHaveText(`${before} min`);
    await expect(newestHold.nth(4)).toHaveText(`${minutes} min`);
  }
  await expectNoAxeViolations(page, '/settings/pricing waiting list hold');
});

test('the administrator covers a new district and stops covering it (decision 041)', async ({ page }) => {
  await openPricingAsAdmin(page);
  const covered = page.getByRole('list', { name: 'Districts we cover' });
  await expect(covered.getByRole('listitem').filter({ hasText: /^SE22/ })).toBeVisible();
  await expect(covered.getByRole('listitem').filter({ hasText: /^M1$/ })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'District to cover' }).focus();
  await page.keyboard.type('m1');
  await page.keyboard.press('Enter');
  await expectToast(page, 'We now cover M1');
  await expect(covered.getByRole('listitem').filter({ hasText: /^M1/ })).toBeVisible();
  await page.getByRole('button', { name: 'Stop covering M1' }).click();
  await expectToast(page, 'We no longer cover M1');
  await expect(page.getByRole('button', { name: 'Stop covering M1' })).toHaveCount(0);
});
