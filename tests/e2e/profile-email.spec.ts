import { confirmInBrowser, expect, newestMailTo, test } from './support/fixtures';
import { linkIn } from './support/mailbox';
import { expectLoggedOut, submitLogin } from './support/session-ui';

/**
 * Issue 12 row 16 on the profile page: a new email needs the current password (the server's
 * message shows in the form's alert), and once changed the old address is told by mail.
 */
test('changing the email asks for the current password, logs out, is confirmed only after logging in to the account, and then tells the old one', async ({ page, loginAs, newCustomer }) => {
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
  // The address moves only once the link mailed to the new address is followed (decision 029), and
  // only in a session of the account that asked (decision 074): whoever opens the mail signed out
  // is asked to log in to that account first, and comes back to the link.
  // Issue 34 row 1's second shape: had this been someone else's address, its owner opening the link
  // signed out (with a password of their own) is not signed in to this account, and is told whose it is.
  const link = new URL(linkIn(await newestMailTo(newEmail), '/confirm-email/'));
  await confirmInBrowser(page, link, 'the-address-owners-pw');
  await expect(page.getByRole('alert').filter({ hasText: 'Log in to the account that asked for this email change, then follow the link again' })).toBeVisible();
  await expectLoggedOut(page);
  await page.getByRole('link', { name: 'Log in to that account' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fconfirm-email%2F/);
  await submitLogin(page, newCustomer);
  await expect(page.getByText('Your email is confirmed: you are logged in').first()).toBeVisible();
  await expect.poll(async () => (await newestMailTo(newCustomer.email)).subject).toBe('The email of your Sparkle Cleaning account was changed');
  expect((await newestMailTo(newCustomer.email)).text).toContain(`to ${newEmail}`);
});
