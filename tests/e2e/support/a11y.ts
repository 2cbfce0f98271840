/**
 * Accessibility helpers of the end-to-end tests (issue 6, goal 6): axe-core with the WCAG 2.2 A/AA
 * tags, a page "settled" test, and sign-in through the API for pages behind login.
 */
import { checkoutAtFreeTime, ukDay } from './free-slots';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { createApiClient, ok, type ApiClient } from './api-client';
import type { Credentials } from './fixtures';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe with the WCAG 2.2 A/AA rules, in the page itself (legacy mode: the app has no frames, so the
 * blank page that the default mode opens to merge frames' results buys nothing) and keeping only
 * violations' nodes. Both find the same violations and take a third of the time (decision 126).
 */
export function axeScan(page: Page): AxeBuilder {
  // options() replaces runOnly, so it comes before withTags.
  return new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(WCAG_TAGS).setLegacyMode(true);
}

/** Runs axe on the page as it is now and expects no violation, listing each one's nodes if any. */
export async function expectNoAxeViolations(page: Page, state: string): Promise<void> {
  // A dialog or toast still fading in has half-transparent text, which axe reads as low contrast:
  // check the state as it comes to rest (finite animations finished; spinners loop forever).
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  // The live announcer is checked too: a pending button that went away must not leave an unnamed
  // image behind (issue 39 row 8, src/components/ui/stale-announcements.ts).
  const { violations } = await axeScan(page).analyze();
  const found = violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).slice(0, 5).join('\n    ')}`);
  // Soft: one test walks several states and reports every one that fails.
  expect.soft(found, `axe violations on ${state}`).toEqual([]);
}

/** The page has its heading and nothing is still loading (no spinner). */
export async function settled(page: Page): Promise<void> {
  await expect(page.locator('h1').first()).toBeAttached({ timeout: 15_000 });
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0, { timeout: 15_000 });
  // One frame for the data that just arrived to be painted.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
}

/** Signs in through the API and stores the session as the app does (localStorage userInfo). */
export async function signInByApi(page: Page, credentials: Credentials): Promise<{ token: string; api: ApiClient }> {
  const user = await ok(createApiClient().POST('/auth/login', { body: { username: credentials.email, password: credentials.password } }));
  await page.goto('/robots.txt');
  await page.evaluate((value) => localStorage.setItem('userInfo', JSON.stringify(value)), user);
  return { token: user.token, api: createApiClient(user.token) };
}

/** Places a cash order through the API for the signed-in customer, three days ahead. */
export async function placeCashOrder(api: ApiClient): Promise<number> {
  const services = await ok(createApiClient().GET('/home/services'));
  const serviceId = services[0]!.id;
  const { items } = await ok(api.GET('/services/get-items/{id}', { params: { path: { id: serviceId } } }));
  const order = await ok(api.POST('/services/order/new', { body: { service: serviceId, items: [{ id: items[0]!.id, quantity: 2 }] } }));
  await checkoutAtFreeTime(api, order, {
    serviceId, from: ukDay(3), idempotencyKey: `a11y-${order.id}-${Date.now()}`,
    address: '1 High Street', phone: '020 7946 0000', city: 'London', code_postal: 'NW1 6XE', client_note: '', payment: 'cash',
  });
  return order.id;
}

/**
 * The page fits a 320 px screen (200% zoom) and a 390 px phone: no horizontal scroll (WCAG 1.4.10).
 * What sticks out is named in the message; a data table scrolling in its own focusable region is
 * the one exception WCAG allows. The viewport is set back as it was.
 */
export async function expectFits(page: Page, label: string): Promise<void> {
  const before = page.viewportSize();
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: before?.height ?? 640 });
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const limit = window.innerWidth;
            const wide = [...document.querySelectorAll('body *')]
              .filter((el) => el.getBoundingClientRect().right > limit + 0.5 && !el.closest('[role=region][tabindex="0"], .visually-hidden'))
              .slice(0, 3)
              .map((el) => `${el.tagName.toLowerCase()}.${String(el.className)} ${Math.round(el.getBoundingClientRect().right)}`);
            return document.documentElement.scrollWidth > limit ? `${document.documentElement.scrollWidth} px: ${wide.join(', ')}` : 'fits';
          }),
        { message: `${label} at ${width} px` },
      )
      .toBe('fits');
  }
  if (before) await page.setViewportSize(before);
}
