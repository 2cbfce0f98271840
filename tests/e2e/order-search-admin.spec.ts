import { orderNumberOf } from './support/order-number';
import type { Page, Response } from '@playwright/test';
import { expectNoAxeViolations, settled } from './support/a11y';
import { adminApi, newSignedInCustomer, type SignedInCustomer } from './support/admin-data';
import { choose, selectTrigger, signIn } from './support/admin-ui';
import { createApiClient, expect, ok, test } from './support/fixtures';
import { checkoutAtFreeTime } from './support/free-slots';

/**
 * Orders that can be found (issue 15 §4): the search box, filters and "Today" / "This week" on
 * /orders, kept in the URL. The browser's clock is set to a Monday 00:30 in London, which is Sunday
 * evening in New York (the `abroad` project's zone): "Today" must be the UK's Monday and "This week"
 * the UK's week, never the browser's Sunday. Other specs add orders meanwhile, so every view is
 * narrowed to this test's own customer by the search box.
 */
test.describe.configure({ timeout: 180_000 });

const DAY = 86_400_000;
const ukDate = (instant: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(instant);
const plusDays = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/** The first Monday (UK) at least three days away, so its Sunday before is bookable (24 h notice). */
function comingMonday(): string {
  let date = ukDate(new Date(Date.now() + 3 * DAY));
  while (new Date(`${date}T12:00:00Z`).getUTCDay() !== 1) date = plusDays(date, 1);
  return date;
}

/** 00:30 on `date` in London (GMT or BST), checked with Intl rather than the app's own code. */
function londonHalfPastMidnight(date: string): Date {
  const guess = new Date(`${date}T00:30:00Z`);
  const hour = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', hourCycle: 'h23' }).format(guess);
  return hour === '01' ? new Date(guess.getTime() - 3_600_000) : guess;
}

async function book(who: SignedInCustomer, due: string, payment: 'cash' | 'card', postcode: string): Promise<number> {
  const api = createApiClient(who.token);
  const [service] = await ok(api.GET('/home/services'));
  const { items } = await ok(api.GET('/services/get-items/{id}', { params: { path: { id: service!.id } } }));
  const order = await ok(api.POST('/services/order/new', { body: { service: service!.id, items: [{ id: items[0]!.id, quantity: 1 }] } }));
  await checkoutAtFreeTime(api, order, {
    serviceId: service!.id, from: due, onThatDay: true, address: '1 Search Street', phone: '020 7946 0000', city: 'London', code_postal: postcode, client_note: '', payment,
  });
  return order.id;
}

const ordersAnswer = (page: Page, check: (query: URLSearchParams) => boolean) =>
  page.waitForResponse((response: Response) => {
    const url = new URL(response.url());
    return url.pathname.replace(/\/$/, '') === '/api/admin/orders' && check(url.searchParams);
  });

/** The order ids the table shows, sorted. */
async function shownIds(page: Page): Promise<number[]> {
  const cells = await page.getByRole('table', { name: /Orders/ }).locator('tbody tr td:first-child').allTextContents();
  return cells.map((text) => Number(text.replace(/\D/g, ''))).filter((id) => id > 0).sort((a, b) => a - b);
}

// The machine is shared and slow at times: a page (or a reload) may take longer than expect's 7 s.
/** The references people read for these order ids (decision 073), sorted. */
async function numbersOf(ids: number[]): Promise<number[]> {
  const numbers: number[] = [];
  for (const id of ids) numbers.push(Number((await orderNumberOf(id)).slice(1)));
  return numbers.sort((a, b) => a - b);
}
const expectRows = async (page: Page, ids: number[]) => {
  const numbers = await numbersOf(ids);
  await expect.poll(() => shownIds(page), { timeout: 20_000 }).toEqual(numbers);
};

let monday: string;
let customer: SignedInCustomer;
const ids: Record<'monday' | 'wednesday' | 'sunday' | 'nextMonday', number> = { monday: 0, wednesday: 0, sunday: 0, nextMonday: 0 };
let postcode: string;

test.beforeAll(async () => {
  monday = comingMonday();
  customer = await newSignedInCustomer('order-search');
  // A postcode nobody else books: "SE28 <digit><two letters>" (a district served, outside the zone), from this run's time.
  const letters = 'ABDEFGHJLNPQRSTUWXYZ';
  const n = Date.now();
  postcode = `SE28 ${n % 10}${letters[Math.floor(n / 10) % 20]}${letters[Math.floor(n / 200) % 20]}`;
  ids.monday = await book(customer, monday, 'cash', 'NW1 6XE');
  ids.wednesday = await book(customer, plusDays(monday, 2), 'card', 'NW1 6XE');
  ids.sunday = await book(customer, plusDays(monday, -1), 'cash', 'NW1 6XE');
  ids.nextMonday = await book(customer, plusDays(monday, 7), 'cash', postcode);
});

async function openOrders(page: Page, path = '/orders') {
  const { user } = await adminApi();
  await signIn(page, user);
  await page.clock.setFixedTime(londonHalfPastMidnight(monday));
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible({ timeout: 20_000 });
}

test('an administrator finds orders by search, filters and UK-day shortcuts, and the view lives in the URL', async ({ page }) => {
  await openOrders(page);
  const all = [ids.monday, ids.wednesday, ids.sunday, ids.nextMonday];

  // The search box: the customer's name (part of it, any case).
  const searched = ordersAnswer(page, (q) => q.get('q') === customer.customer.name.toLowerCase());
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(customer.customer.name.toLowerCase());
  await page.getByRole('searchbox', { name: 'Search orders' }).press('Enter');
  await searched;
  await expectRows(page, all);
  await expect(page).toHaveURL(/[?&]q=/);
  // The spec's table stays as it was: columns and five rows a page.
  await expect(page.getByRole('columnheader', { name: 'Order id' })).toBeVisible();
  await expect(selectTrigger(page, 'Rows per page')).toContainText('5');

  // "Today" is the UK's Monday, though the browser may be in New York on Sunday evening.
  const today = ordersAnswer(page, (q) => q.get('due_from') === monday && q.get('due_to') === monday);
  await page.getByRole('button', { name: 'Today' }).click();
  await today;
  await expect(page.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'true');
  await expectRows(page, [ids.monday]);
  await expect(page.getByRole('group', { name: 'Job date from', exact: true })).toHaveText(monday.split('-').reverse().join('/'));
  await expect(page).toHaveURL(/[?&]when=today/);

  // "This week" is the UK's Monday to Sunday.
  const week = ordersAnswer(page, (q) => q.get('due_from') === monday && q.get('due_to') === plusDays(monday, 6));
  await page.getByRole('button', { name: 'This week' }).click();
  await week;
  await expectRows(page, [ids.monday, ids.wednesday]);
  await expect(page.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'false');

  // Payment method, then status.
  await choose(page, 'Payment', 'Card');
  await expectRows(page, [ids.wednesday]);
  await expect(page).toHaveURL(/[?&]payment=card/);
  await expectNoAxeViolations(page, '/orders filtered');

  // Back and Forward walk through the views; a reload keeps the view.
  await page.goBack();
  await expectRows(page, [ids.monday, ids.wednesday]);
  await expect(selectTrigger(page, 'Payment')).toContainText('Any payment');
  await page.goBack();
  await expectRows(page, [ids.monday]);
  await expect(page.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'true');
  await page.goForward();
  await expectRows(page, [ids.monday, ids.wednesday]);
  await page.reload();
  await expectRows(page, [ids.monday, ids.wednesday]);
  await expect(page.getByRole('button', { name: 'This week' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('searchbox', { name: 'Search orders' })).toHaveValue(customer.customer.name.toLowerCase());

  // Dates typed by hand replace the shortcut.
  await page.getByRole('group', { name: 'Job date to', exact: true }).getByRole('spinbutton').first().click();
  await page.keyboard.type(plusDays(monday, 7).split('-').reverse().join(''));
  await page.keyboard.press('Tab');
  await expectRows(page, [ids.monday, ids.wednesday, ids.nextMonday]);
  await expect(page.getByRole('button', { name: 'This week' })).toHaveAttribute('aria-pressed', 'false');

  // A status no order of the view has: the table says so.
  await choose(page, 'Status', 'Cancelled');
  await expect(page.getByText('No order matches these filters.')).toBeVisible({ timeout: 20_000 });
  await expectNoAxeViolations(page, '/orders with no match');

  // Clear filters, then a postcode typed without its space, in small letters.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(postcode.replace(' ', '').toLowerCase());
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expectRows(page, [ids.nextMonday]);

  // Unassigned: checkout gave every job a team; an administrator takes two of them off theirs.
  const { api } = await adminApi();
  for (const id of [ids.monday, ids.sunday]) await ok(api.PUT('/admin/schedule/jobs/{id}/team', { params: { path: { id } }, body: { team: null } }));
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(customer.customer.email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expectRows(page, all);
  const unassigned = ordersAnswer(page, (q) => q.get('unassigned') === 'true');
  await page.getByText('Unassigned only').click();
  await unassigned;
  await expectRows(page, [ids.monday, ids.sunday]);
});

test('the CSV holds every order of the filtered view', async ({ page }) => {
  await openOrders(page, `/orders?q=${encodeURIComponent(customer.customer.email)}&when=week`);
  await expectRows(page, [ids.monday, ids.wednesday]);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  const csv = (await (await file.createReadStream()).toArray()).join('');
  const exported = csv.split('\r\n').filter(Boolean).slice(1).map((line) => Number(line.split(',')[0]));
  expect(exported.sort((a, b) => a - b)).toEqual(await numbersOf([ids.monday!, ids.wednesday!]));
});

test('search and filters work from the keyboard alone', async ({ page }) => {
  await openOrders(page);
  await settled(page);
  const box = page.getByRole('searchbox', { name: 'Search orders' });
  await box.focus();
  await page.keyboard.type(customer.customer.email);
  await page.keyboard.press('Enter');
  await expectRows(page, [ids.monday, ids.wednesday, ids.sunday, ids.nextMonday]);
  // Tab from the box: the Search button, then the Status filter, opened and chosen with the keys.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(selectTrigger(page, 'Status')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option', { name: 'Awaiting validation' })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]status=/);
  // The shortcut, pressed with Space.
  await page.getByRole('button', { name: 'Today' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Clear filters' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/orders$/);
  await expect(box).toHaveValue('');
});
