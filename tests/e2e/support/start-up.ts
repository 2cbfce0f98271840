import type { BrowserContext, Page, Route } from '@playwright/test';

/** A slow phone's CPU: four times slower, through Chrome's DevTools protocol. */
export async function slowCpu(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/**
 * Holds every script of the app (the page's own inline loader still runs) until `release()`: the
 * page is only its HTML meanwhile. Afterwards the app starts, takes the page over, and `release()`
 * answers once it has hydrated (a minute allowed: a slowed CPU on a busy machine takes long).
 */
export async function holdTheApp(page: Page): Promise<{ release: () => Promise<void> }> {
  const held: Route[] = [];
  let released = false;
  await page.route(/\/assets\/.*\.js$/, (route) => (released ? route.continue() : void held.push(route)));
  return {
    async release() {
      released = true;
      await Promise.all(held.splice(0).map((route) => route.continue()));
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', undefined, { timeout: 60_000 });
    },
  };
}
