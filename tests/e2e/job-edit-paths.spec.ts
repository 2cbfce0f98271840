import type { Page } from '@playwright/test';
import type { JobEditMeta } from '../../machines/job-edit.machine';
import { SLOT_TAKEN_MESSAGE } from '../../domain/capacity/availability-text';
import { JOB_CHANGED_MESSAGE, NOTHING_CHANGED_MESSAGE } from '../../server/services/job-edits';
import { readOutbox } from '../../server/services/outbox';
import { coveringPaths } from '../support/booking-models';
import { EVENTS, expectedAfter, model, REFUSED, TABLE, TAKEN } from '../support/job-edit-model';
import { describePath, missedByBrowserPaths } from '../support/replay-paths';
import { TEST_ADMIN } from '../api/support/test-config';
import { expectNoAxeViolations } from './support/a11y';
import { BOOKED_SERVICE_ID, bookedCashOrder, createOrderByApi } from './support/booking-ui';
import { expect as baseExpect, ok, test, uniqueCustomer } from './support/fixtures';
import { emptyDay } from './support/free-slots';
import { ownServerForFile } from './support/own-server-for-file';

/**
 * The job edit machine's generated paths (tests/support/job-edit-model.ts, the same the unit walk
 * takes) on a booked order's page in Chromium against the real server, by keyboard. Each path edits
 * a customer's own fresh cash booking. A preview the server accepts is a new time on a day without
 * jobs; a time taken is every team booked at it by other customers meanwhile (before the preview,
 * or before the save); a preview refused is the server's "Nothing changed" (or the browser offline
 * once something changed); a save refused is the job edited by someone else meanwhile (the server's
 * version check); a load refused is the browser offline. After each step the page must show the
 * panel of the state the hand-written table expects — not the state the machine went to — and a
 * saved edit must be the customer's "Booking changed" mail with the new total. Desktop only: the
 * back office. A server of its own: the paths fill every team at some times, which the availability
 * specs beside it would read.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
const { server } = ownServerForFile({ testTimeout: 180_000 });
const paths = coveringPaths({ machine: model, inputs: [{ orderId: 7 }], events: EVENTS });
const ddmmyyyy = (date: string) => date.split('-').reverse().join('');

/** The panel heading each state shows (src/features/admin/order-detail/job-editor.tsx). */
const HEADING: Record<string, string> = {
  editing: 'Edit the job',
  confirming: 'Check the difference',
  taken: 'Time taken',
  failed: 'Not saved',
  saved: 'Job changed',
};

test.describe('job edit machine paths in the browser', () => {
  test('the browser paths take every transition', () => {
    expect(missedByBrowserPaths('job edit', model, paths)).toEqual({ states: [], transitions: [] });
  });

  for (const [n, { path }] of paths.entries()) {
    test(`job edit ${n + 1}: ${describePath(path)}`, async ({ page }) => {
      const { api, email } = await newCustomer('jobeditpath');
      const { items } = await ok(api.GET('/services/get-items/{id}', { params: { path: { id: BOOKED_SERVICE_ID } } }));
      const id = await bookedCashOrder(api, items[0]!.id, 20 + Math.floor(Math.random() * 200));
      const staff = await server.signIn(page, TEST_ADMIN);
      const world: World = { page, id, email, item: items[0]!.name, staff, changed: false, chosen: null, alert: null, failure: null, hasJob: false };

      await page.goto(`${server.baseUrl}/order/${id}`);
      await expect(page.getByRole('heading', { level: 1, name: `Order #${id}` })).toBeVisible();
      let at = 'loading';
      const events = path.steps.map((s) => s.event).filter((e) => e.type !== 'xstate.init');
      for (const [i, event] of events.entries()) {
        const expected = expectedAfter(at, event, world.hasJob);
        await test.step(`${at} --${event.type}--> ${expected}`, async () => {
          // A generated path holds only events the machine took: the table must take each one too.
          if (!REFUSED.has(event)) expect(TABLE[at]?.[event.type], `${at} takes ${event.type}`).toBeDefined();
          await doEvent(world, at, event, events[i + 1]);
          await expectShown(world, expected, i === events.length - 1);
        });
        at = expected;
      }
    });
  }
});

interface World {
  page: Page;
  id: number;
  /** The customer whose booking is edited: mailed when an edit is saved. */
  email: string;
  /** The first item of the service (the booking has one). */
  item: string;
  staff: ReturnType<typeof server.api>;
  /** The form holds something other than the job as loaded. */
  changed: boolean;
  /** The new day and time chosen in the form, once one is. */
  chosen: { day: string; time: string; teams: number } | null;
  /** The message the edit panel shows (a refused preview), or none. */
  alert: string | null;
  /** The message the failed panel shows. */
  failure: string | null;
  /** A job was loaded once (Back from a failed load then has somewhere to go). */
  hasJob: boolean;
}

async function press(page: Page, name: string) {
  await page.getByRole('button', { name, exact: true }).focus();
  await page.keyboard.press('Enter');
}

async function typeQuantity(world: World, quantity: string) {
  await world.page.getByRole('spinbutton', { name: new RegExp(`^${world.item} \\(`) }).focus();
  await world.page.keyboard.press('ControlOrMeta+a');
  await world.page.keyboard.type(quantity);
}

/** Types a day without jobs into the editor's Date and chooses its first free time, by keyboard. */
async function chooseNewTime(world: World) {
  const { page } = world;
  const day = await emptyDay(Math.floor(Math.random() * 280), server.api());
  await page.getByRole('group', { name: 'Date', exact: true }).getByRole('spinbutton').first().focus();
  await page.keyboard.type(ddmmyyyy(day));
  const first = page.getByRole('listbox', { name: /^Free times/ }).getByRole('option').first();
  await expect(first).toBeVisible();
  const [, time, teams] = /^(\d\d:\d\d) — (\d+) of \d+ teams? free$/.exec((await first.textContent()) ?? '')!;
  await first.focus();
  await page.keyboard.press('Enter');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  world.chosen = { day, time: time!, teams: Number(teams) };
  world.changed = true;
}

/** A customer registered (the link mailed followed) and signed in through this file's server's API. */
async function newCustomer(label: string) {
  const customer = uniqueCustomer(label);
  await ok(server.api().POST('/auth/register', { body: { name: customer.name, email: customer.email, password: customer.password } }));
  await server.confirm(customer);
  const { token } = await ok(server.api().POST('/auth/login', { body: { username: customer.email, password: customer.password } }));
  return { api: server.api(token), email: customer.email };
}

/** Other customers book every team at the chosen time (one unit of the first item each): it is no longer free. */
async function takeChosenTime(world: World) {
  const { day, time, teams } = world.chosen!;
  for (let team = 0; team < teams; team += 1) {
    const { api } = await newCustomer('other-team');
    const { items } = await ok(api.GET('/services/get-items/{id}', { params: { path: { id: BOOKED_SERVICE_ID } } }));
    const order = await createOrderByApi(api, [{ id: items[0]!.id, quantity: 1 }]);
    await ok(api.POST('/services/order/checkout', {
      body: { order: order.id, due_date: day, due_time: time, address: '1 Other Street', phone: '020 7946 0002', city: 'London', code_postal: 'NW1 6XE', client_note: '', payment: 'cash' },
    }));
  }
}

async function doEvent(world: World, at: string, event: { type: string }, next: { type: string } | undefined) {
  const { page } = world;
  switch (event.type) {
    case 'edit.change':
      // As the model's edit: more of the item, on a new day and time (a later save may find it taken).
      await typeQuantity(world, REFUSED.has(event) ? '0' : '3');
      if (REFUSED.has(event)) {
        // The form refuses it before the machine would: nothing is sent.
        await press(page, 'Show the price difference');
        await expect(page.getByText('Give a quantity for at least one item')).toBeVisible();
      } else {
        await chooseNewTime(world);
      }
      return undefined;
    case 'edit.preview':
      world.alert = null;
      if (next?.type === 'xstate.done.actor.previewEdit' && !world.changed) await chooseNewTime(world);
      if (TAKEN.has(next)) {
        await chooseNewTime(world);
        await takeChosenTime(world);
      } else if (next?.type === 'xstate.error.actor.previewEdit') {
        // Refused: unchanged, the server says so; changed, the browser is offline.
        world.alert = world.changed ? 'Network Error' : NOTHING_CHANGED_MESSAGE;
        if (world.changed) await page.context().setOffline(true);
      }
      return press(page, 'Show the price difference');
    case 'xstate.error.actor.previewEdit':
      if (!TAKEN.has(event)) await expect(page.getByRole('alert').filter({ hasText: world.alert! })).toBeVisible();
      return page.context().setOffline(false);
    case 'edit.save': {
      if (TAKEN.has(next)) await takeChosenTime(world);
      if (next?.type === 'xstate.error.actor.saveEdit' && !TAKEN.has(next)) {
        // Someone else edits the job meanwhile (through the API, with the version it has now).
        // Two of the item (an hour) at the time the form chose, on a day without other jobs: it fits.
        const job = await ok(world.staff.GET('/admin/order/{id}/job', { params: { path: { id: world.id } } }));
        const due = world.chosen ? { due_date: world.chosen.day, due_time: world.chosen.time } : { due_date: job.due_date, due_time: job.due_time };
        await ok(world.staff.PUT('/admin/order/{id}/job', { params: { path: { id: world.id } }, body: { version: job.version, items: [{ id: job.items[0]!.id, quantity: 2 }], extras: job.extras, ...due, team_id: null, reason: 'Changed on the phone' } }));
        world.failure = JOB_CHANGED_MESSAGE;
      }
      await page.getByRole('form', { name: 'Confirm the change' }).getByRole('textbox', { name: 'Reason' }).focus();
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type(REFUSED.has(event) ? '  ' : 'Customer asked on the phone');
      await page.keyboard.press('Enter');
      if (REFUSED.has(event)) await expect(page.getByText(/^Give the reason \(at least 3 characters\)/)).toBeVisible();
      return undefined;
    }
    case 'edit.back':
      world.alert = null;
      return press(page, at === 'failed' ? 'Back to the edit' : 'Back');
    case 'edit.retime':
      world.alert = null;
      return press(page, 'Choose another time');
    case 'edit.retry':
      // The job is loaded again: the form holds it as it stands.
      world.changed = false;
      world.chosen = null;
      if (next?.type === 'xstate.error.actor.loadJob') {
        world.failure = 'Network Error';
        await page.context().setOffline(true);
      }
      return press(page, 'Start again');
    case 'edit.restart':
      world.changed = false;
      world.chosen = null;
      return press(page, 'Edit again');
    case 'xstate.done.actor.loadJob':
      world.hasJob = true;
      return undefined;
    case 'xstate.error.actor.loadJob':
      await expect(page.getByRole('alert').filter({ hasText: 'Network Error' })).toBeVisible();
      return page.context().setOffline(false);
    default:
      // The server's other answers (a preview priced, an edit saved or refused) arrive by themselves.
      return undefined;
  }
}

async function expectShown(world: World, state: string, last: boolean) {
  const { page } = world;
  // Each state says what it shows: the walk checks that panel, not the machine's word for it.
  expect((model.getStateNodeById(`jobEdit.${state}`).meta as JobEditMeta | undefined)?.shows).toBeTruthy();
  // In flight the answer may already be in: the next step checks where it went; a path ending in
  // flight waits for the real server's answer (online by then: loaded, priced or saved).
  if (state === 'loading' || state === 'previewing' || state === 'saving') {
    if (!last) return undefined;
    return expectShown(world, { loading: 'editing', previewing: 'confirming', saving: 'saved' }[state]!, false);
  }
  const heading = page.getByRole('heading', { level: 3, name: HEADING[state]!, exact: true });
  await expect(heading).toBeVisible();
  // A new panel takes keyboard and screen reader users to its heading.
  if (state !== 'editing') await expect(heading).toBeFocused();
  switch (state) {
    case 'editing': {
      const form = page.getByRole('form', { name: 'Edit the job' });
      await expect(form.getByRole('spinbutton', { name: new RegExp(`^${world.item} \\(`) })).toBeVisible();
      await expect(form.getByRole('button', { name: 'Show the price difference' })).toBeEnabled();
      if (world.alert) await expect(form.getByRole('alert')).toContainText(world.alert);
      else await expect(form.getByRole('alert')).toHaveCount(0);
      break;
    }
    case 'confirming': {
      const form = page.getByRole('form', { name: 'Confirm the change' });
      if (world.chosen) await expect(form.getByText(`New time: ${world.chosen.day} ${world.chosen.time} (UK time)`, { exact: false })).toBeVisible();
      await expect(form.getByText('Total after')).toBeVisible();
      await expect(form.getByRole('textbox', { name: 'Reason' })).toBeVisible();
      await expect(form.getByRole('button', { name: 'Save the change' })).toBeEnabled();
      await expect(form.getByRole('button', { name: 'Back', exact: true })).toBeEnabled();
      break;
    }
    case 'taken':
      await expect(page.getByRole('alert').filter({ hasText: SLOT_TAKEN_MESSAGE })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Choose another time' })).toBeVisible();
      break;
    case 'failed':
      await expect(page.getByRole('alert').filter({ hasText: world.failure! })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Back to the edit' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Start again' })).toBeVisible();
      break;
    case 'saved': {
      const saved = page.getByText(/^Saved: the order's total is now (£[\d,]+\.\d\d)\. The customer was mailed\.$/);
      await expect(saved).toBeVisible();
      const [, total] = /now (£[\d,]+\.\d\d)/.exec((await saved.textContent()) ?? '')!;
      // Saved by the real server: the customer is mailed the change with the same total.
      await expect.poll(async () => (await readOutbox(server.outboxDir)).some((mail) => mail.to === world.email && mail.subject.startsWith('Booking changed:') && mail.text.includes(`The order's total is now ${total}.`)), { timeout: 10_000 }).toBe(true);
      break;
    }
  }
  return expectNoAxeViolations(page, `Job edit, ${state}`);
}
