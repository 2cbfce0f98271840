import type { Page } from '@playwright/test';
import type { ClosureMeta } from '../../machines/closure.machine';
import { formatMoney } from '../../domain/money/money';
import { formatLondon } from '../../domain/time/london-time';
import { waitForMail } from '../api/support/mail-wait';
import { TEST_ADMIN } from '../api/support/test-config';
import { coveringPaths } from '../support/booking-models';
import { CLOSURE_EVENTS, CLOSURE_TABLE, closureModel, expectedAfter, REFUSED_REVIEW } from '../support/closure-model';
import { describePath, missedByBrowserPaths } from '../support/replay-paths';
import { expectNoAxeViolations, settled } from './support/a11y';
import { deliveryDetails, ukDateIn } from './support/booking-ui';
import { expect as baseExpect, ok, test, uniqueCustomer } from './support/fixtures';
import { checkoutAtFreeTime } from './support/free-slots';
import type { OwnServer } from './support/own-server';
import { ownServerForFile } from './support/own-server-for-file';

/**
 * The closure machine's generated paths (tests/support/closure-model.ts, the same the unit walk
 * takes) on /settings in Chromium against the real server, by keyboard only: each review chooses a
 * fresh day with a customer's visit booked on it; the dialog must list it (customer, UK time, team,
 * total) and say the customer will be mailed; a failure is the browser offline. After each step the
 * page must show the `meta` of the state the hand-written table expects — not the state the machine
 * went to — and a day closed must be in the closures list with its customer's mail in the outbox.
 * Its own server: closed days would change what the availability specs beside it read.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
const model = { machine: closureModel, inputs: [undefined], events: CLOSURE_EVENTS };
const paths = coveringPaths(model);

const { server } = ownServerForFile({ testTimeout: 180_000 });

let nextDay = 40;
const daysUsed = new Set<string>();

test('the browser paths take every transition', () => {
  expect(missedByBrowserPaths('closure', closureModel, paths)).toEqual({ states: [], transitions: [] });
});

for (const [n, { path }] of paths.entries()) {
  test(`closure ${n + 1}: ${describePath(path)}`, async ({ page }) => {
    const admin = await ok(server.api().POST('/auth/login', { body: { username: TEST_ADMIN.email, password: TEST_ADMIN.password } }));
    await page.goto(`${server.baseUrl}/robots.txt`);
    await page.evaluate((value) => localStorage.setItem('userInfo', JSON.stringify(value)), admin);
    await page.goto(`${server.baseUrl}/settings`);
    await settled(page);
    await expect(page.getByRole('heading', { level: 2, name: 'Closures' })).toBeVisible();

    const world: World = { page, day: '', visit: null, closed: [], staff: server.api(admin.token) };
    let at = 'choosing';
    const events = path.steps.map((s) => s.event).filter((e) => e.type !== 'xstate.init');
    for (const [i, event] of events.entries()) {
      const expected = expectedAfter(at, event);
      await test.step(`${at} --${event.type}--> ${expected}`, async () => {
        // A generated path holds only events the machine took: the table must take each one too.
        expect(CLOSURE_TABLE[at]?.[event.type], `${at} takes ${event.type}`).toBeDefined();
        await doEvent(world, event, events[i + 1], at);
        await expectShown(world, expected, i === events.length - 1);
      });
      at = expected;
    }
  });
}

interface World {
  page: Page;
  /** The day under review, and the visit booked on it (as the API lists it). */
  day: string;
  visit: { customer: string; due: string; team: string | null; total: number; email: string } | null;
  closed: string[];
  staff: ReturnType<OwnServer['api']>;
}

const dialog = (page: Page) => page.getByRole('dialog', { name: /^Close the company on / });
const goesOffline = (next: { type: string } | undefined) => next?.type.startsWith('xstate.error.actor.') ?? false;

/** A customer's visit on a fresh day: what the dialog must list. */
async function visitOnFreshDay(world: World): Promise<void> {
  // ukDateIn passes over the bank holidays (decision 087), so two steps may meet on one day: never the same day twice.
  do {
    world.day = ukDateIn(nextDay);
    nextDay += 3;
  } while (daysUsed.has(world.day));
  daysUsed.add(world.day);
  const customer = uniqueCustomer('closure-path');
  await ok(server.api().POST('/auth/register', { body: customer }));
  await server.confirm(customer);
  const user = await ok(server.api().POST('/auth/login', { body: { username: customer.email, password: customer.password } }));
  const api = server.api(user.token);
  const { items } = await ok(api.GET('/services/get-items/{id}', { params: { path: { id: 1 } } }));
  const order = await ok(api.POST('/services/order/new', { body: { service: 1, items: [{ id: items[0]!.id, quantity: 2 }] } }));
  await checkoutAtFreeTime(api, order, {
    serviceId: 1, from: world.day, onThatDay: true, address: deliveryDetails.address, phone: deliveryDetails.phone,
    city: deliveryDetails.city, code_postal: deliveryDetails.postcode, client_note: '', payment: 'cash',
  });
  const [listed] = await ok(world.staff.GET('/admin/closures/{date}/visits', { params: { path: { date: world.day } } }));
  world.visit = { customer: listed!.customer, due: listed!.due, team: listed!.team, total: listed!.total, email: customer.email };
}

async function doEvent(world: World, event: { type: string }, next: { type: string } | undefined, at: string) {
  const { page } = world;
  switch (event.type) {
    case 'days.review': {
      // The day's segments (dd/mm/yyyy, decision 088): typing from the first replaces what they hold.
      const segments = page.getByRole('group', { name: 'Day to close', exact: true }).getByRole('spinbutton');
      const field = segments.first();
      if (event === REFUSED_REVIEW) {
        // Emptied from the last segment, then only the day and month: the form asks for the whole date.
        await segments.last().focus();
        for (let press = 0; press < 10; press += 1) await page.keyboard.press('Backspace');
        await field.focus();
        await page.keyboard.type('0106');
        await page.getByRole('button', { name: 'Close the company' }).press('Enter');
        return expect(page.getByText('Enter the whole date, day, month and year, e.g. 25/12/2026')).toBeVisible();
      }
      await visitOnFreshDay(world);
      await field.focus();
      await page.keyboard.type(world.day.split('-').reverse().join(''));
      await page.keyboard.press('Tab');
      await page.keyboard.type('Staff training');
      if (goesOffline(next)) await page.context().setOffline(true);
      return page.keyboard.press('Enter');
    }
    case 'closure.confirm':
      // Cancel has the focus (the safe choice); Tab reaches Confirm.
      await expect(dialog(page).getByRole('button', { name: 'Cancel' })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(dialog(page).getByRole('button', { name: 'Close the company' })).toBeFocused();
      if (goesOffline(next)) await page.context().setOffline(true);
      return page.keyboard.press('Enter');
    case 'closure.retry':
      await expect(dialog(page).getByRole('button', { name: 'Try again' })).toBeFocused();
      if (goesOffline(next)) await page.context().setOffline(true);
      return page.keyboard.press('Enter');
    case 'dialog.cancel':
      if (at === 'choosing' || at === 'listing' || at === 'closing' || at === 'closed') return undefined;
      return page.keyboard.press('Escape');
    case 'dialog.done':
      if (at !== 'closed') return undefined;
      await expect(dialog(page).getByRole('button', { name: 'Done' })).toBeFocused();
      world.closed.push(world.day);
      return page.keyboard.press('Enter');
    case 'xstate.error.actor.listVisits':
    case 'xstate.error.actor.applyDays':
      await expect(dialog(page).getByRole('alert')).toContainText('Network Error');
      return page.context().setOffline(false);
    default:
      // The server's answer arrives by itself; an event the state ignores is not something staff can do.
      return undefined;
  }
}

async function expectShown(world: World, state: string, last: boolean) {
  const { page, visit } = world;
  const meta = closureModel.getStateNodeById(`closure.${state}`).meta as ClosureMeta;
  switch (meta.dialog) {
    case null: {
      await expect(dialog(page)).toHaveCount(0);
      const closures = page.getByRole('region', { name: 'Closures' });
      for (const day of world.closed) await expect(closures.getByRole('row', { name: new RegExp(`^${day}`) })).toContainText('Staff training');
      return expect(page.getByRole('button', { name: 'Close the company' })).toBeEnabled();
    }
    case 'list': {
      // In flight the answer may already be in: the next step checks where it went.
      if (meta.busy && !last) return undefined;
      if (meta.busy) return expect(dialog(page).getByRole('status').or(dialog(page).getByRole('row')).first()).toBeVisible();
      await expect(dialog(page)).toBeVisible();
      const row = dialog(page).getByRole('row', { name: new RegExp(`^${visit!.customer}`) });
      await expect(row.getByRole('cell')).toHaveText([formatLondon(visit!.due), visit!.team ?? 'Unassigned', formatMoney(visit!.total)]);
      await expect(dialog(page)).toContainText('Its customer will be mailed a link to choose another time, free of charge');
      await expect(dialog(page).getByRole('button', { name: 'Close the company' })).toBeEnabled();
      return expectNoAxeViolations(page, `the close dialog listing ${world.day}`);
    }
    case 'done': {
      await expect(dialog(page).getByRole('status')).toHaveText(`Closed on ${world.day}. 1 customer was mailed a link to choose another time.`);
      await waitForMail(server.outboxDir, visit!.email, { where: (mail) => mail.subject.startsWith('Please choose a new time') });
      return expectNoAxeViolations(page, 'the close dialog done');
    }
    case 'failed':
      await expect(dialog(page).getByRole('alert')).toContainText('Network Error');
      await expect(dialog(page).getByRole('button', { name: 'Try again' })).toBeVisible();
      return expectNoAxeViolations(page, 'the close dialog failed');
  }
}
