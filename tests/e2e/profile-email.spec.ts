import { expect, newestMailTo, test } from './support/fixtures';
import { expectLoggedOut } from './support/session-ui';

/**
 * Issue 12 row 16 on the profile page: a new email needs the current password (the server's
 * message shows in the form's alert), and once changed the old address is told by mail.
 */
test('changing the email asks for the current password, then logs out and tells the old address', async ({ page, loginAs, newCustomer }) => {
  await loginAs(page, newCustomer, { path: '/login?redirect=/profile' });
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  const newEmail = `moved-${Date.now()}@example.co.uk`;
  await page.getByLabel('Email').fill(newEmail);
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Enter your current password to change your email' })).toBeVisible();

  const oldPassword = page.getByLabel('Old Password');
  await expect(oldPassword).toHaveAccessibleDescription('Needed to change your email or password.');
  await oldPassword.fill(newCustomer.password);
  await page.getByRole('button', { name: 'Update' }).click();
  await expectLoggedOut(page);
  const notice = await newestMailTo(newCustomer.email);
  expect(notice.subject).toBe('The email of your Sparkle Cleaning account was changed');
  expect(notice.text).toContain(`to ${newEmail}`);
});
