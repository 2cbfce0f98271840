import { admin } from './support/accounts';
import { expect, ok, test } from './support/fixtures';
import { expectLoggedInAs, navbar } from './support/session-ui';

test.describe('public shell', () => {
  test('the landing page shows every service the API returns', async ({ page, api }) => {
    const services = await ok(api.GET('/home/services'));
    expect(services.length).toBeGreaterThan(0);
    await page.goto('/');
    for (const service of services) {
      await expect(page.getByRole('main').getByText(service.name, { exact: true }).first()).toBeVisible();
    }
  });

  test('the navbar links to About, Services, Contact and FAQs, and offers Log in and Register', async ({ page }) => {
    await page.goto('/');
    const nav = navbar(page).getByRole('navigation', { name: 'Main' });
    for (const [name, href] of [['About', '/about'], ['Services', '/home'], ['Contact', '/contact'], ['FAQs', '/faqs']]) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href!);
    }
    await expect(navbar(page).getByRole('link', { name: 'Log in' })).toBeVisible();
    await expect(navbar(page).getByRole('link', { name: 'Register' })).toBeVisible();
  });

  test('a route change names the document and moves focus to the new page heading', async ({ page }) => {
    await page.goto('/');
    await navbar(page).getByRole('link', { name: 'Contact', exact: true }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page).toHaveTitle(/^Contact us \| Sparkle Cleaning$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();

    await navbar(page).getByRole('link', { name: 'FAQs', exact: true }).click();
    await expect(page).toHaveTitle(/ \| Sparkle Cleaning$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  });

  test('the footer shows its address, phones, social links, page links and copyright', async ({ page }) => {
    await page.goto('/contact');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText(`© ${new Date().getFullYear()} Sparkle Cleaning. All rights reserved.`)).toBeVisible();
    await expect(footer.locator('a[href^="tel:"]')).toHaveCount(3);
    for (const network of ['Facebook', 'Instagram', 'X']) {
      await expect(footer.getByRole('link', { name: `Sparkle Cleaning on ${network}` })).toBeVisible();
    }
    for (const href of ['/about', '/contact', '/faqs']) await expect(footer.locator(`a[href="${href}"]`)).toHaveCount(1);
    await expect(footer.locator('address')).toContainText('London');
  });

  for (const path of ['/login', '/register', '/no-such-page']) {
    test(`${path} shows the footer`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('contentinfo')).toBeVisible();
    });
  }

  for (const path of ['/', '/about', '/home', '/faqs', '/success']) {
    test(`${path} has no common footer (R-SITE-6)`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeAttached();
      await expect(page.getByRole('contentinfo')).toHaveCount(0);
    });
  }

  test('an unknown path shows the not-found page', async ({ page }) => {
    await page.goto('/this/does/not/exist');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });

  test('on a phone the navbar folds into a menu button', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/contact');
    const about = navbar(page).getByRole('link', { name: 'About', exact: true });
    await expect(about).toBeHidden();
    const toggle = navbar(page).getByRole('button', { name: 'Menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await about.click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(about).toBeHidden();
  });
});

test.describe('roles', () => {
  test('a customer opening an admin-only path gets the public not-found page, and never downloads the back office', async ({ page, loginAs, newCustomer }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await loginAs(page, newCustomer);
    for (const path of ['/users', '/orders', '/refund-orders', '/settings', '/order/1']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' }), path).toBeVisible();
      await expectLoggedInAs(page, newCustomer.name);
    }
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((script) => /admin/i.test(script))).toEqual([]);
  });

  test('a visitor never downloads the back office either', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    for (const path of ['/', '/users', '/login']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeAttached();
    }
    expect(scripts.filter((script) => /admin/i.test(script))).toEqual([]);
  });

  test('an administrator sees only the back office, whatever the path', async ({ page, loginAs }) => {
    await loginAs(page, admin);
    await page.goto('/about');
    await expect(page.getByRole('banner').getByRole('link', { name: 'About', exact: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Register' })).toHaveCount(0);
  });
});
