/**
 * Issue 6, goals 2 and 3, as a browser sees them: a public page arrives whole in its HTML and paints
 * before any script is even requested; the app then loads in one wave and takes the page over; a
 * form cannot be sent natively before that; the toasts' library comes with the first toast only.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

const prerendered: [string, string][] = [
  ['/', 'Sparkle'],
  ['/home', 'Our services'],
  ['/faqs', 'Frequently asked questions'],
  ['/login', 'Log in'],
  ['/register', 'Register'],
  ['/forget-password', 'Forgot password'],
  ['/contact', 'Contact'],
];

/** When the page painted its largest content, and when each script was requested (ms since start). */
async function paintAndScriptTimes(page: Page): Promise<{ fcp: number; lcp: number; scripts: { name: string; start: number }[] }> {
  return page.evaluate(async () => {
    const lcp = await new Promise<number>((resolve) => {
      new PerformanceObserver((list) => resolve(list.getEntries().at(-1)!.startTime)).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
    const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => /\.js(\?|$)/.test(entry.name))
      .map((entry) => ({ name: new URL(entry.name).pathname, start: entry.startTime }));
    return { fcp, lcp, scripts };
  });
}

test.describe('a prerendered page', () => {
  for (const [route, heading] of prerendered) {
    test(`${route} holds its content and requests no script of its own in its HTML`, async ({ page }) => {
      const html = await (await page.request.get(route)).text();
      expect(html).toContain(`data-prerendered="${route}"`);
      expect(html).toContain(heading);
      expect(html).not.toMatch(/<script[^>]+\bsrc=/);
      expect(html).not.toMatch(/<link[^>]+modulepreload/);
      // One inline script (the loader) besides the page's data, allowed by the policy's hash.
      expect(html.match(/<script(?![^>]*type="application\/json")[^>]*>/g)).toHaveLength(1);
    });
  }

  test('paints before any script is requested, then loads the app in one wave without a CSP violation', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    await page.goto('/login');
    // Hydrated: the form's fields are usable.
    await expect(page.getByLabel('Email')).toBeEnabled();
    const listed = (await page.locator('script[data-modules]').getAttribute('data-modules'))!.split(' ');
    // A resource is listed in the timeline when its answer has arrived: on a busy machine a chunk
    // the loader announced may still be on its way after the page has hydrated.
    await expect.poll(async () => {
      const loaded = new Set((await paintAndScriptTimes(page)).scripts.map((script) => script.name));
      return listed.filter((name) => !loaded.has(name));
    }, { timeout: 20_000 }).toEqual([]);
    const { fcp, lcp, scripts } = await paintAndScriptTimes(page);
    expect(scripts.length).toBeGreaterThan(1);
    for (const script of scripts) {
      expect(script.start, `${script.name} was requested after the first paint`).toBeGreaterThan(fcp);
      expect(script.start, `${script.name} was requested after the largest paint`).toBeGreaterThanOrEqual(lcp);
    }
    // One wave: the loader announced every chunk the page needed (no import discovered later).
    expect([...new Set(scripts.map((s) => s.name))].sort()).toEqual([...listed].sort());
    expect(violations).toEqual([]);
  });

  // Decision 009 (issue 11 row 7): the fields are usable before the app runs (what is typed is kept,
  // tests/e2e/before-start-up.spec.ts), but a submission never leaves the page natively.
  test('a form cannot be sent natively before the app runs: no password ever lands in the address', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(`${request.method()} ${request.url()}`);
    });
    await page.route('**/*.js', (route) => route.abort());
    await page.goto('/login');
    const email = page.getByLabel('Email');
    await expect(email).toBeEnabled();
    await email.fill('someone@example.test');
    await page.getByLabel('Password', { exact: true }).fill('not-in-the-address');
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.locator('form[data-submit-pending]')).toHaveCount(1);
    expect(page.url()).not.toContain('password');
    expect(documents).toEqual([`GET ${new URL('/login', page.url()).href}`]);
    expect(await page.locator('form').getAttribute('method')).toBe('post');
    await context.close();
  });
});

/**
 * Decision 068 (issue 27 item 4): on /home and /service/1 the largest paint is a service picture;
 * it comes inside the HTML (a `data:` URL), so it paints with the page and Lighthouse's LCP waits
 * for no second round trip. The app's scripts are stopped here, so what is seen is the HTML's own.
 */
for (const route of ['/home', '/service/1']) {
  test(`${route} paints its largest content without requesting a picture`, async ({ browser }) => {
    // A context of its own: the fixture's page.goto waits for the app, which never runs here.
    const context = await browser.newContext();
    const page = await context.newPage();
    const pictures: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'image' && /^https?:/.test(request.url())) pictures.push(new URL(request.url()).pathname);
    });
    await page.route('**/*.js', (route) => route.abort());
    await page.goto(route, { waitUntil: 'load' });
    const largest = await page.evaluate(() => new Promise<{ tag: string; url: string }>((resolve) => {
      new PerformanceObserver((list) => {
        const entry = list.getEntries().at(-1) as PerformanceEntry & { element: Element | null; url: string };
        resolve({ tag: entry.element?.tagName ?? '', url: entry.url });
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    }));
    expect(largest.tag).toBe('IMG');
    expect(largest.url.slice(0, 19)).toBe('data:image/svg+xml,');
    expect(pictures, 'no picture of the first screen is fetched').toEqual([]);
    await expect(page.locator('img.service-picture').first()).toHaveJSProperty('complete', true);
    await context.close();
  });
}

test('the toasts library comes with the first toast, not with the page', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/contact');
  await expect(page.getByLabel('Email')).toBeEnabled();
  expect(scripts.filter((s) => /toast-host/.test(s))).toEqual([]);

  await page.getByLabel('Full name').fill('Page Load Test');
  await page.getByLabel('Email').fill('page-load@example.test');
  await page.getByRole('textbox', { name: 'Message' }).fill('Checking that the toast arrives with its library.');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.locator('.notistack-SnackbarContainer').getByText('Contact was successfully, we will contact you asap !')).toBeVisible();
  expect(scripts.filter((s) => /toast-host/.test(s))).toHaveLength(1);
});
