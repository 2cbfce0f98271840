/**
 * The back office at scale (issue 6, goal 5; issue 13, goal 6), measured in Chromium by the page
 * itself: from the navigation's start to the table showing its first data row (fetched and rendered;
 * never the "Loading orders…" placeholder row), then from a click on a column header to the next
 * frame after the table re-sorted (a new page read from the server). `apiMs` is the first page's
 * call from Node alone (the query the table sends), best of 5.
 */
import { chromium } from '@playwright/test';

export interface ScalePage {
  path: string;
  /** The column header clicked to sort. */
  sortColumn: string;
}

export interface ScaleFigure {
  path: string;
  orders: number;
  interactiveMs: number;
  sortMs: number;
  /** Bytes of the page's main API response, as transferred. */
  apiBytes: number;
  /** The table's first-page call, best of 5 (ms, from Node, body read). */
  apiMs?: number;
}

export const scalePages: ScalePage[] = [
  { path: '/orders', sortColumn: 'Name' },
  { path: '/users', sortColumn: 'FullName' },
];

// Runs in the page before its scripts: notes when the first data row of a table is in the DOM.
const watchRows = () => {
  const w = window as unknown as { __rowsAt?: number };
  // A data row, not the placeholder row ("Loading orders…") that the table shows meanwhile.
  const hasRows = () => document.querySelector('table tbody tr:not(:has(.data-table__empty)) td') !== null;
  new MutationObserver((_, observer) => {
    if (w.__rowsAt === undefined && hasRows()) {
      w.__rowsAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
};

// Runs in the page: clicks a header and resolves at the frame after the rows changed order.
const clickSort = (label: string) =>
  new Promise<number>((resolve, reject) => {
    const headers = [...document.querySelectorAll('th, [role="columnheader"]')];
    const header = headers.find((h) => h.textContent?.trim().toLowerCase().startsWith(label.toLowerCase()));
    if (!header) return reject(new Error(`No column header "${label}" among ${headers.map((h) => h.textContent).join(', ')}`));
    const target = (header.querySelector('button, [role="button"]') ?? header) as HTMLElement;
    const firstRow = () => document.querySelector('table tbody tr:not(:has(.data-table__empty))')?.textContent ?? '';
    const before = { row: firstRow(), sort: header.getAttribute('aria-sort') };
    const started = performance.now();
    const check = () => {
      if (firstRow() !== before.row || header.getAttribute('aria-sort') !== before.sort) {
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started)));
      } else if (performance.now() - started > 10_000) reject(new Error('The table did not re-sort within 10 s'));
      else requestAnimationFrame(check);
    };
    target.click();
    check();
  });

/**
 * A GET with a bearer token, body read, and how long it took (ms). The bench asks far faster than
 * a person: when the account's list-read rate answers 429 (decision 025), it waits the Retry-After
 * it was given and asks again, untimed.
 */
async function timedGet(url: string, token: string): Promise<{ ms: number; response: Response }> {
  for (;;) {
    const started = performance.now();
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' } });
    await response.arrayBuffer();
    const ms = performance.now() - started;
    if (response.status === 429 && response.headers.has('retry-after')) {
      await new Promise((resolve) => setTimeout(resolve, Number(response.headers.get('retry-after')) * 1000));
      continue;
    }
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return { ms, response };
  }
}

/** The best of 5 timings of one GET with a bearer token (body read), in ms. */
export async function timeApi(url: string, token: string): Promise<number> {
  let best = Infinity;
  for (let i = 0; i < 5; i += 1) best = Math.min(best, (await timedGet(url, token)).ms);
  return best;
}

/** The first page each table asks for (its default sort, 5 rows). */
const firstPageQuery: Record<string, string> = { '/orders': '/api/admin/orders/?limit=5&page=1&sort=user&order=asc', '/users': '/api/admin/users?limit=5&page=1&sort=name&order=asc' };

export async function measureScale(baseUrl: string, storedUser: { token: string }, orders: number, executablePath: string): Promise<ScaleFigure[]> {
  const browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic'],
  });
  try {
    const figures: ScaleFigure[] = [];
    for (const scalePage of scalePages) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      // tsx keeps function names with a __name helper; functions sent to the page need it too.
      await context.addInitScript({ content: 'window.__name = (f) => f;' });
      await context.addInitScript((user) => localStorage.setItem('userInfo', JSON.stringify(user)), storedUser);
      await context.addInitScript(watchRows);
      const page = await context.newPage();
      const apiPath = scalePage.path === '/orders' ? '/api/admin/orders' : '/api/admin/users';
      const apiResponse = page.waitForResponse((response) => new URL(response.url()).pathname.replace(/\/$/, '') === apiPath, { timeout: 30_000 });
      await page.goto(`${baseUrl}${scalePage.path}`);
      await page.waitForFunction(() => (window as unknown as { __rowsAt?: number }).__rowsAt !== undefined, null, { timeout: 30_000 });
      const interactiveMs = await page.evaluate(() => (window as unknown as { __rowsAt: number }).__rowsAt);
      const sortMs = await page.evaluate(clickSort, scalePage.sortColumn);
      const apiBytes = (await (await apiResponse).body()).length;
      const apiMs = await timeApi(`${baseUrl}${firstPageQuery[scalePage.path]}`, storedUser.token);
      figures.push({ path: scalePage.path, orders, interactiveMs, sortMs, apiBytes, apiMs });
      console.log(`  scale ${scalePage.path} with ${orders} orders: first page ${Math.round(apiMs)} ms from the API, rows after ${Math.round(interactiveMs)} ms, sort ${Math.round(sortMs)} ms`);
      await context.close();
    }
    return figures;
  } finally {
    await browser.close();
  }
}

export interface SearchFigure {
  label: string;
  query: string;
  /** Orders matching (X-Total-Count). */
  matches: number;
  /** The table's first page (5 rows by name) with this search or filter, best of 5 (ms, from Node). */
  apiMs: number;
}

/**
 * `/orders` search and filters (issue 15 §4, goal: ≤ 100 ms over 1,000,000 orders on PostgreSQL):
 * what an administrator types or picks, as the table asks for it. The names, emails and postcodes
 * are those of scripts/seed-scale.ts; `today` is the UK date.
 */
export function searchQueries(today: string, week: { from: string; to: string }): Array<{ label: string; query: string }> {
  // Rows of scripts/seed-scale.ts: order 123,457 is at TW7 4PA, phone 07983 528153.
  return [
    { label: 'a customer’s email', query: 'q=scale-123456%40sparkle.test' },
    { label: 'part of an email', query: 'q=scale-4242%40' },
    { label: 'a full postcode, no space', query: 'q=tw74pa' },
    { label: 'a phone number', query: 'q=07983528153' },
    { label: 'an order id or reference', query: 'q=%23500000' },
    { label: 'a full name (1 in 3,072 customers)', query: 'q=Olivia%20Smith' },
    { label: 'a full name without its accents (1 in 3,072)', query: 'q=zoe%20bronte' },
    { label: 'a postcode sector', query: 'q=TW7%204' },
    // What an administrator might type, not chosen to be selective (issue 37 row 5, decision 092):
    ...broadSearchQueries(),
    { label: 'Today', query: `due_from=${today}&due_to=${today}` },
    { label: 'This week', query: `due_from=${week.from}&due_to=${week.to}` },
    { label: 'unassigned', query: 'unassigned=true' },
    { label: 'Today, unassigned, card', query: `due_from=${today}&due_to=${today}&unassigned=true&payment_method=card` },
    { label: 'payment method alone (half of all orders)', query: 'payment_method=card' },
  ];
}

/** Texts an administrator might type that match many orders (issue 37 row 5). */
export function broadSearchQueries(): Array<{ label: string; query: string }> {
  return [
    { label: 'a common surname (1 in 64 customers)', query: 'q=Smith' },
    { label: 'a fragment every email shares', query: 'q=sparkle' },
  ];
}

/** The customers list's search (/admin/customers?q=), by name (accents ignored) and email. */
export function customerSearchQueries(): Array<{ label: string; query: string }> {
  return [
    { label: 'customers: a full name without its accents', query: 'q=zoe%20bronte' },
    { label: 'customers: a customer’s email', query: 'q=scale-123456%40sparkle.test' },
    { label: 'customers: a common surname (1 in 64)', query: 'q=Smith' },
    { label: 'customers: a fragment every email shares', query: 'q=sparkle' },
  ];
}

export async function measureSearch(baseUrl: string, token: string, today: string, week: { from: string; to: string }): Promise<SearchFigure[]> {
  const figures: SearchFigure[] = [];
  const urls = [
    ...searchQueries(today, week).map(({ label, query }) => ({ label, query, url: `${baseUrl}/api/admin/orders/?limit=5&page=1&sort=user&order=asc&${query}` })),
    // The orders page's own order (newest first), which a broad search walks (decision 092).
    ...broadSearchQueries().map(({ label, query }) => ({ label: `${label}, newest first`, query, url: `${baseUrl}/api/admin/orders/?limit=5&page=1&${query}` })),
    ...customerSearchQueries().map(({ label, query }) => ({ label, query, url: `${baseUrl}/api/admin/customers?limit=5&page=1&sort=name&order=asc&${query}` })),
  ];
  for (const { label, query, url } of urls) {
    const apiMs = await timeApi(url, token);
    const { headers } = (await timedGet(url, token)).response;
    // Past the count cap the total is "more than" (X-Total-Count-Exact: false): counted as cap + 1.
    const matches = Number(headers.get('x-total-count'));
    figures.push({ label, query, matches, apiMs });
    const more = headers.get('x-total-count-exact') === 'false' ? 'more than ' : '';
    console.log(`  search ${label} (${query}): ${more}${more ? matches - 1 : matches} matches, first page ${Math.round(apiMs)} ms from the API`);
  }
  return figures;
}
