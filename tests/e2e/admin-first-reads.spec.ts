import { adminApi } from './support/admin-data';
import { signIn } from './support/admin-ui';
import { expect, test } from './support/fixtures';

/**
 * An administrator opening a back-office page cold (a bookmark, a reload) does not wait for the app
 * to render the page before its data is asked for: the page's first reads start as soon as the back
 * office's code has loaded (src/features/admin/first-reads.ts), and the page takes them — each asked
 * once. Checked by what the page itself saw when the call was made: no table on screen yet.
 */
const adminLists = [
  { path: '/orders', api: '/api/admin/orders', table: /Orders/ },
  { path: '/users', api: '/api/admin/users', table: /Users/ },
];

for (const list of adminLists) {
  test(`a cold ${list.path} asks for its first page before the page has rendered, and only once`, async ({ page }) => {
    const { user } = await adminApi();
    await signIn(page, user);
    // Notes, for each API call the page makes, whether a table was on screen when it was made.
    await page.addInitScript(() => {
      const calls: { path: string; tableShown: boolean }[] = [];
      (window as unknown as { __apiCalls: typeof calls }).__apiCalls = calls;
      const original = window.fetch.bind(window);
      window.fetch = (input, init) => {
        const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
        if (url.pathname.startsWith('/api/')) calls.push({ path: url.pathname.replace(/\/$/, ''), tableShown: document.querySelector('table') !== null });
        return original(input, init);
      };
    });
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname.replace(/\/$/, '') === list.api);
    await page.goto(list.path);
    await expect((await answered).status()).toBe(200);
    const table = page.getByRole('table', { name: list.table });
    // A data row (not the "Loading …" placeholder): the demo data has users and orders.
    await expect(table.locator('tbody tr td:first-child').first()).not.toHaveText(/Loading/);
    await expect(table.locator('tbody tr')).not.toHaveCount(0);

    const calls = await page.evaluate(() => (window as unknown as { __apiCalls: { path: string; tableShown: boolean }[] }).__apiCalls);
    const listCalls = calls.filter((call) => call.path === list.api);
    expect(listCalls, JSON.stringify(calls)).toEqual([{ path: list.api, tableShown: false }]);
  });
}

test('a visitor never downloads the back office, not even on a back-office address', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/orders');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  expect(scripts.length).toBeGreaterThan(0);
  // The back office's own chunk is named after its module (vite: admin-app-<hash>.js).
  expect(scripts.filter((file) => /\/admin-app-[\w-]+\.js$/.test(file))).toEqual([]);
});
