import { admin } from './support/accounts';
import { expect, loginAs, test } from './support/fixtures';
import { expectLoggedOut } from './support/session-ui';

test('an administrator who logs out returns to the public landing page', async ({ page }) => {
  await loginAs(page, admin);
  await expect(page.getByRole('heading', { level: 1, name: 'Hi, Welcome back' })).toBeVisible();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('navigation', { name: 'Back office' })).toHaveCount(0);
  await expectLoggedOut(page);
});
