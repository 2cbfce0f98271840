import type { Page } from '@playwright/test';
import { axeScan } from './support/a11y';
import { expect, test } from './support/fixtures';

/** WCAG 2.2 A/AA rules (axe) on the shell and the account screens, including their error states. */
async function violationsOf(page: Page) {
  const { violations } = await axeScan(page)
    // React Aria's live announcer keeps, for a few seconds, a role=img pointing at the label of a
    // pending button that has since left the page (Logging in…); it is not page content.
    .exclude('[data-live-announcer]')
    .analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const path of ['/login', '/register', '/forget-password', '/reset-password/some-token']) {
  test(`${path} passes axe, with its validation messages showing`, async ({ page }) => {
    await page.goto(path);
    await page.locator('form button[type="submit"]').click();
    await expect(page.locator('.field__error').first()).toBeVisible();
    expect(await violationsOf(page)).toEqual([]);
  });
}

test('/profile and the open user menu pass axe', async ({ page, loginAs, newCustomer }) => {
  await loginAs(page, newCustomer, { path: '/login?redirect=/profile' });
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  expect(await violationsOf(page)).toEqual([]);
  await page.getByRole('banner').getByRole('button', { name: newCustomer.name }).click();
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
  expect(await violationsOf(page)).toEqual([]);
});

test('the user menu works from the keyboard', async ({ page, loginAs, newCustomer }) => {
  await loginAs(page, newCustomer);
  const trigger = page.getByRole('banner').getByRole('button', { name: newCustomer.name });
  await trigger.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'My orders' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/profile-services$/);
});
