import { readFile } from 'node:fs/promises';
import { admin as adminAccount } from './support/accounts';
import { expectNoAxeViolations, settled } from './support/a11y';
import { adminApi, customerWithOrder } from './support/admin-data';
import { openBackOfficePage } from './support/admin-ui';
import { createApiClient, expect, loginAs, newestMailTo, ok, registerCustomer, test } from './support/fixtures';
import { orderNumberOf } from './support/order-number';

/**
 * Customer records, staff notes, contact messages and the customer's own data rights (issue 15
 * §3, §5, §7), in Chromium against the real server; every screen is checked with axe.
 */
test.describe.configure({ timeout: 180_000 });

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

test('an administrator finds a customer, adds a note and sees it on the order page', async ({ page }) => {
  const order = await customerWithOrder('record');
  await loginAs(page, adminAccount);
  await openBackOfficePage(page, 'Customers');
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  await page.getByLabel('Search by name or email').fill(order.customer.email);
  const link = page.getByRole('link', { name: order.customer.name, exact: true });
  await expect(link).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);
  await settled(page);
  await expectNoAxeViolations(page, '/customers searched');
  await link.click();

  await expect(page.getByRole('heading', { level: 1, name: order.customer.name })).toBeVisible();
  await expect(page.getByRole('link', { name: order.customer.email })).toHaveAttribute('href', `mailto:${order.customer.email}`);
  await expect(page.getByRole('link', { name: '020 7946 0000' })).toHaveAttribute('href', 'tel:02079460000');
  await expect(page.getByText('221B Baker Street, London NW1 6XE')).toBeVisible();
  const orders = page.getByRole('region', { name: /^Orders/ });
  await expect(orders.getByRole('row', { name: new RegExp(`${await orderNumberOf(order.id)}\\b`) })).toContainText(gbp.format(order.total));
  await expect(orders.getByRole('row', { name: new RegExp(`${await orderNumberOf(order.id)}\\b`) })).toContainText('Awaiting validation');
  // Cash not yet paid: no revenue yet.
  await expect(page.getByRole('region', { name: 'Lifetime value' })).toContainText('£0.00');

  await page.getByLabel('New note').fill('Key in safe 1234');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.locator('.customer__note').filter({ hasText: 'Key in safe 1234' })).toBeVisible();
  await expect(page.getByLabel('New note')).toHaveValue('');
  await settled(page);
  await expectNoAxeViolations(page, '/customers/:id with a note');

  await orders.getByRole('link', { name: await orderNumberOf(order.id), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${await orderNumberOf(order.id)}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Staff notes' })).toContainText('Key in safe 1234');
  await page.getByRole('link', { name: order.customer.name }).click();
  await expect(page).toHaveURL(/\/customers\/\d+$/);

  // The spec's /users stays, its names open the record.
  await openBackOfficePage(page, 'Users');
  await expect(page.getByRole('heading', { level: 1, name: 'User' })).toBeVisible();
});

test('an administrator answers a contact message: it goes out by mail and stays with the message', async ({ page }) => {
  const sender = `sender-${Date.now()}@example.test`;
  const text = `Do you clean ovens? ${Date.now()}`;
  await ok(createApiClient().POST('/contact', { body: { name: 'Olive Oven', email: sender, message: text } }));
  await loginAs(page, adminAccount);
  await openBackOfficePage(page, 'Messages');
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: text });
  await expect(row).toContainText('Unread');
  await settled(page);
  await expectNoAxeViolations(page, '/messages');

  await row.getByRole('button', { name: 'Open the message from Olive Oven' }).click();
  const dialog = page.getByRole('dialog', { name: 'Message from Olive Oven' });
  await expect(dialog).toContainText(text);
  await expect(row).toContainText('Read');
  await expectNoAxeViolations(page, '/messages with a message open');
  await dialog.getByLabel('Your reply').fill('Yes, we do: add it as an extra.');
  await dialog.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText(`Reply sent to ${sender}`)).toBeVisible();
  await expect(dialog.getByRole('listitem').filter({ hasText: 'Yes, we do: add it as an extra.' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(row).toContainText('Answered');

  const mail = await newestMailTo(sender);
  expect(mail.subject).toBe('Re: your message to Sparkle Cleaning');
  expect(mail.text).toContain('Yes, we do: add it as an extra.');
});

test('a customer downloads their data, deletes their account and can no longer sign in', async ({ page }) => {
  const order = await customerWithOrder('leaving');
  await loginAs(page, order.customer);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Your data' })).toBeVisible();
  await settled(page);
  await expectNoAxeViolations(page, '/profile with Your data');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('my-data.json');
  const data = JSON.parse(await readFile((await file.path())!, 'utf8'));
  expect(data.account).toMatchObject({ name: order.customer.name, email: order.customer.email });
  expect(data.orders.map((row: { id: number }) => row.id)).toEqual([order.id]);
  expect(data.orders[0]).toMatchObject({ address: '221B Baker Street', phone: '020 7946 0000' });

  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await expect(dialog).toContainText('Your orders and what was paid are kept');
  await expectNoAxeViolations(page, '/profile delete: confirm');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByLabel('Your password').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Your password is not correct');
  await expectNoAxeViolations(page, '/profile delete: wrong password');
  await dialog.getByRole('button', { name: 'Try again' }).click();
  await dialog.getByLabel('Your password').fill(order.customer.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();

  await expect(page.getByText('Your account was deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' }).first()).toBeAttached();
  expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();

  await page.goto('/login');
  await page.getByLabel('Email').fill(order.customer.email);
  await page.getByLabel('Password', { exact: true }).fill(order.customer.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toContainText('Wrong email or password');

  // The back office keeps the order, without the person.
  const { api } = await adminApi();
  const detail = await ok(api.GET('/admin/order/{id}', { params: { path: { id: order.id } } }));
  expect(detail).toMatchObject({ user: expect.stringMatching(/^Deleted user #\d+$/), email: '', phone: null, total: order.total });
});

test("an administrator honours a customer's request by mail: their data as JSON, then Anonymise", async ({ page }) => {
  const order = await customerWithOrder('request');
  const { api } = await adminApi();
  const [found] = await ok(api.GET('/admin/customers', { params: { query: { q: order.customer.email } } }));
  await ok(api.POST('/admin/customers/{id}/notes', { params: { path: { id: found!.id } }, body: { body: 'Asked by mail to be forgotten' } }));
  await loginAs(page, adminAccount);
  await page.goto(`/customers/${found!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: order.customer.name })).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export data (JSON)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`customer-${found!.id}.json`);
  const data = JSON.parse(await readFile((await file.path())!, 'utf8'));
  expect(data.account).toMatchObject({ name: order.customer.name, email: order.customer.email });
  expect(data.orders.map((row: { id: number }) => row.id)).toEqual([order.id]);

  await page.getByRole('button', { name: 'Anonymise' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Anonymise this customer?' });
  await expect(dialog).toContainText(`The customer becomes “Deleted user #${found!.id}”`);
  await expect(dialog).toContainText('their orders, totals and refunds are kept for the accounts');
  await settled(page);
  await expectNoAxeViolations(page, '/customers/:id anonymise: confirm');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('The customer was anonymised')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `Deleted user #${found!.id}` })).toBeVisible();
  await expect(page.getByText('This customer was anonymised: no contact details are kept.')).toBeVisible();
  await expect(page.getByRole('link', { name: order.customer.email })).toHaveCount(0);
  await expect(page.getByText('Asked by mail to be forgotten')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Anonymise' })).toHaveCount(0);
  // The order and its total stay for the accounts.
  const orders = page.getByRole('region', { name: /^Orders/ });
  await expect(orders.getByRole('row', { name: new RegExp(`${await orderNumberOf(order.id)}\\b`) })).toContainText(gbp.format(order.total));
  await settled(page);
  await expectNoAxeViolations(page, '/customers/:id anonymised');

  // The person can no longer sign in.
  const refused = await createApiClient().POST('/auth/login', { body: { username: order.customer.email, password: order.customer.password } });
  expect(refused.response.status).toBe(401);
});

test('keyboard only: a note, a reply and the deletion dialog', async ({ page }) => {
  const order = await customerWithOrder('keys');
  const { api } = await adminApi();
  const [found] = await ok(api.GET('/admin/customers', { params: { query: { q: order.customer.email } } }));
  await loginAs(page, adminAccount);
  await page.goto(`/customers/${found!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: order.customer.name })).toBeVisible();
  const note = page.getByLabel('New note');
  // Tab until the note field has focus (no mouse anywhere in this test).
  for (let i = 0; i < 40 && !(await note.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(note).toBeFocused();
  await page.keyboard.type('Ring twice');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Add note' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('.customer__note').filter({ hasText: 'Ring twice' })).toBeVisible();

  // The customer's deletion dialog: Escape closes it, nothing is deleted.
  const customer = await registerCustomer(createApiClient(), 'keys-customer');
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await loginAs(page, customer);
  await page.goto('/profile');
  const remove = page.getByRole('button', { name: 'Delete my account' });
  await remove.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await expect(dialog.getByRole('button', { name: 'Continue' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Your password')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(remove).toBeFocused();
});
