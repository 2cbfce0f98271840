import type { Page } from '@playwright/test';
import type { OfficeBookingMeta } from '../../machines/office-booking.machine';
import { readOutbox } from '../../server/services/outbox';
import { EVENTS, expectedAfter, model, REFUSED, TABLE } from '../support/office-booking-model';
import { coveringPaths } from '../support/booking-models';
import { describePath, missedByBrowserPaths } from '../support/replay-paths';
import { admin as adminAccount } from './support/accounts';
import { expectNoAxeViolations } from './support/a11y';
import { serviceItems } from './support/booking-ui';
import { expect as baseExpect, test, uniqueCustomer } from './support/fixtures';
import { emptyDay } from './support/free-slots';
import { e2eOutboxDir } from './support/server-env';

/**
 * The office booking machine's generated paths (tests/support/office-booking-model.ts, the same the
 * unit walk takes) on /book-by-phone in Chromium against the real server, by keyboard. A caller is
 * new each time the customer step is passed; a postcode refused is one the company does not cover
 * (M1, the server's own refusal); a booking that fails is the browser offline. After each step the
 * page must show the step of the state the hand-written table expects — not the state the machine
 * went to — and a booking placed must be the caller's confirmation mail in the outbox. Desktop only:
 * the back office.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
const paths = coveringPaths({ machine: model, inputs: [undefined], events: EVENTS });

test.describe('office booking machine paths in the browser', () => {
  test.describe.configure({ timeout: 180_000 });

  test('the browser paths take every transition', () => {
    expect(missedByBrowserPaths('office booking', model, paths)).toEqual({ states: [], transitions: [] });
  });

  for (const [n, { path }] of paths.entries()) {
    test(`office booking ${n + 1}: ${describePath(path)}`, async ({ page, loginAs }) => {
      const { items } = await serviceItems();
      await loginAs(page, adminAccount);
      await page.goto('/book-by-phone');
      const world: World = { page, item: items[0]!.name, caller: null, timeChosen: false, uncovered: false, booked: 0 };
      let at = 'customer';
      await expectShown(world, at, false);
      const events = path.steps.map((s) => s.event).filter((e) => e.type !== 'xstate.init');
      for (const [i, event] of events.entries()) {
        const expected = expectedAfter(at, event);
        await test.step(`${at} --${event.type}--> ${expected}`, async () => {
          // A generated path holds only events the machine took: the table must take each one too.
          if (!REFUSED.has(event)) expect(TABLE[at]?.[event.type], `${at} takes ${event.type}`).toBeDefined();
          await doEvent(world, event, events[i + 1]);
          await expectShown(world, expected, i === events.length - 1);
        });
        at = expected;
      }
    });
  }
});

interface World {
  page: Page;
  /** The first item of the service, given a quantity on the items step. */
  item: string;
  caller: { name: string; email: string } | null;
  /** A free time is kept by the machine once chosen (Back and Choose another time show it again). */
  timeChosen: boolean;
  /** The address was last sent with a postcode the company does not cover. */
  uncovered: boolean;
  booked: number;
}

const goesOffline = (next: { type: string } | undefined) => next?.type === 'xstate.error.actor.placeBooking';
const ddmmyyyy = (date: string) => date.split('-').reverse().join('');

async function press(page: Page, name: string) {
  const button = page.getByRole('button', { name, exact: true });
  await button.focus();
  await page.keyboard.press('Enter');
}

async function typeInto(page: Page, label: string, text: string) {
  await page.getByRole('textbox', { name: label, exact: true }).focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
}

async function doEvent(world: World, event: { type: string }, next: { type: string } | undefined) {
  const { page } = world;
  switch (event.type) {
    case 'customer.submit':
      if (REFUSED.has(event)) return expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
      world.caller = uniqueCustomer('office-path');
      await typeInto(page, 'Name', world.caller.name);
      await typeInto(page, 'Email', world.caller.email);
      return page.keyboard.press('Enter');
    case 'items.submit': {
      await page.getByRole('spinbutton', { name: new RegExp(`^${world.item} \\(`) }).focus();
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type(REFUSED.has(event) ? '0' : '2');
      await page.keyboard.press('Enter');
      if (REFUSED.has(event)) await expect(page.getByText('Give a quantity for at least one item')).toBeVisible();
      return undefined;
    }
    case 'address.submit': {
      world.uncovered = next?.type === 'xstate.error.actor.priceAtAddress';
      await typeInto(page, 'Address', '10 Downing Street');
      await typeInto(page, 'City', world.uncovered ? 'Manchester' : 'London');
      await typeInto(page, 'Postcode', REFUSED.has(event) ? ' ' : world.uncovered ? 'M1 1AA' : 'SW1A 2AA');
      await typeInto(page, 'Phone', '020 7946 0000');
      return page.keyboard.press('Enter');
    }
    case 'time.submit': {
      if (REFUSED.has(event)) {
        if (world.timeChosen) return undefined;
        await press(page, 'Next');
        return expect(page.getByText('Choose a day and a free time')).toBeVisible();
      }
      const freeTimes = page.getByRole('listbox', { name: /^Free times/ });
      if (!world.timeChosen) {
        await page.getByRole('group', { name: 'Date', exact: true }).getByRole('spinbutton').first().focus();
        await page.keyboard.type(ddmmyyyy(await emptyDay(Math.floor(Math.random() * 280))));
        await freeTimes.getByRole('option').first().focus();
        await page.keyboard.press('Enter');
        world.timeChosen = true;
      }
      await expect(freeTimes.getByRole('option', { selected: true })).toHaveCount(1);
      return press(page, 'Next');
    }
    case 'payment.submit':
      if (goesOffline(next)) await page.context().setOffline(true);
      return press(page, 'Book');
    case 'booking.retry':
      if (goesOffline(next)) await page.context().setOffline(true);
      return press(page, 'Try again');
    case 'booking.retime':
      return press(page, 'Choose another time');
    case 'step.back':
      return press(page, 'Back');
    case 'booking.restart':
      world.timeChosen = false;
      return press(page, 'Book another');
    case 'xstate.error.actor.placeBooking':
      await expect(page.getByRole('alert')).toContainText('Network Error');
      return page.context().setOffline(false);
    default:
      // The server's answers (pricing, and a booking placed) arrive by themselves.
      return undefined;
  }
}

async function expectShown(world: World, state: string, last: boolean) {
  const { page } = world;
  const meta = model.getStateNodeById(`officeBooking.${state}`).meta as OfficeBookingMeta;
  // In flight the answer may already be in: the next step checks where it went; a path ending in
  // flight waits for the real server's answer (online by then: priced, or booked).
  if (state === 'pricing' || state === 'placing') {
    if (!last) return undefined;
    return expectShown(world, state === 'pricing' ? 'time' : 'placed', false);
  }
  const heading = page.getByRole('heading', { level: 2, name: meta.step, exact: true });
  await expect(heading).toBeVisible();
  switch (state) {
    case 'customer':
      await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toBeVisible();
      break;
    case 'items':
      await expect(page.getByRole('spinbutton', { name: new RegExp(`^${world.item} \\(`) })).toBeVisible();
      break;
    case 'address':
      if (world.uncovered) {
        await expect(page.getByText("We don't cover M1 yet", { exact: true })).toBeVisible();
        await expect(page.getByRole('textbox', { name: 'Postcode' })).toHaveAttribute('aria-invalid', 'true');
      } else {
        await expect(page.getByRole('textbox', { name: 'Address', exact: true })).toBeVisible();
      }
      break;
    case 'time':
      await expect(page.getByText(/^Price at this address: £[\d,]+\.\d\d/)).toBeVisible();
      break;
    case 'payment':
      await expect(page.getByText(`${world.caller!.name} (${world.caller!.email}), new`)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Book', exact: true })).toBeEnabled();
      break;
    case 'failed':
      await expect(page.getByRole('alert')).toContainText('Network Error');
      await expect(page.getByRole('button', { name: 'Choose another time' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
      break;
    case 'placed': {
      await expect(page.getByText(/^Booked: order #\d+, total £[\d,]+\.\d\d, paid in cash on the day\./)).toBeVisible();
      // Placed by the real checkout: the caller is mailed the confirmation.
      const email = world.caller!.email;
      await expect.poll(async () => (await readOutbox(e2eOutboxDir)).some((mail) => mail.to === email && mail.subject.startsWith('Booking confirmed')), { timeout: 10_000 }).toBe(true);
      break;
    }
  }
  return expectNoAxeViolations(page, `Book by phone, ${state}`);
}
