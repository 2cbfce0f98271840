/**
 * Issue 11 rows 14 and 19, issue 12 row 14: deep links opened logged out lead to the login page and
 * back; pages that do not exist are the not-found page (HTTP 404 where the server can know it),
 * without raw validation text or a Retry that cannot help; the login's redirect never leaves the site.
 */
import type { Page } from '@playwright/test';
import { admin } from './support/accounts';
import { placeCashOrder, signInByApi } from './support/a11y';
import { createApiClient, expect, ok, test } from './support/fixtures';
import { submitLogin } from './support/session-ui';
import { orderNumberOf } from './support/order-number';

async function expectNotFoundPage(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByText(/params\/|must be integer|must be/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /retry|try again/i })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Go to Home' })).toBeVisible();
}

test.describe('a deep link opened logged out', () => {
  for (const [path, heading] of [
    ['/orders', 'Orders'],
    ['/users', 'User'],
    ['/refund-orders', 'Refunded orders'],
    ['/settings', 'Update Information'],
    ['/schedule', 'Schedule'],
    ['/teams', 'Teams'],
  ] as const) {
    test(`${path} goes to the login page, and there after logging in as the administrator`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(path)}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
      await submitLogin(page, admin);
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    });
  }

  test('/order/:id goes to the login page, and to that order after logging in', async ({ page, newCustomer }) => {
    const token = (await ok(createApiClient().POST('/auth/login', { body: { username: newCustomer.email, password: newCustomer.password } }))).token;
    const id = await placeCashOrder(createApiClient(token));
    const path = `/order/${id}?from=mail`;
    await page.goto(path);
    await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(path)}`);
    await submitLogin(page, admin);
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { level: 1, name: `Order ${await orderNumberOf(id)}` })).toBeVisible();
  });

  test('a customer page (/profile-services) goes to the login page and back', async ({ page, newCustomer }) => {
    await page.goto('/profile-services');
    await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent('/profile-services')}`);
    await submitLogin(page, newCustomer);
    await expect(page).toHaveURL('/profile-services');
  });
});

test.describe('pages that do not exist', () => {
  for (const path of ['/no-such-page', '/service/99', '/service/abc', '/order/abc', '/properties/abc', '/admin/does-not-exist']) {
    test(`${path} answers HTTP 404 with the not-found page`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response!.status()).toBe(404);
      await expectNotFoundPage(page);
      await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
    });
  }

  test('to the administrator: /order/abc and /order/999999 are the not-found page, an unknown path too', async ({ page }) => {
    await signInByApi(page, admin);
    const response = await page.goto('/order/abc');
    expect(response!.status()).toBe(404);
    await expectNotFoundPage(page);
    // The server cannot tell which orders exist from a page request: the app asks and says so.
    await page.goto('/order/999999');
    await expectNotFoundPage(page);
    await page.goto('/no-such-page');
    await expectNotFoundPage(page);
    // A public page is not the back office's: the dashboard.
    await page.goto('/faqs');
    await expect(page).toHaveURL('/');
  });
});

test.describe('the login redirect', () => {
  for (const target of ['/.//evil.example', '/..//evil.example', '/%2e//evil.example']) {
    test(`?redirect=${target} stays on the site`, async ({ page, newCustomer }) => {
      await page.goto(`/login?redirect=${encodeURIComponent(target)}`);
      await submitLogin(page, newCustomer);
      await expect(page).toHaveURL('/home');
      await expect(page.getByRole('heading', { level: 1, name: 'Our services' })).toBeVisible();
    });
  }
});
