import type { Page, TestInfo } from '@playwright/test';
import { earliestBookableStart } from '../../domain/terms/booking-notice';
import { londonDate } from '../../domain/time/london-time';
import { availabilityEvents, expectedAvailability } from '../support/expected/availability';
import { metaOf, reachedStates, untakenTableTransitions, type Step } from '../support/expected-walks';
import { tableCoveringWalks } from '../support/table-covering-walks';
import { BOOKED_SERVICE_ID, bookElsewhere, createOrderByApi, fillContactDetails, keepOrderInBrowser, serviceItems, signedInCustomer } from './support/booking-ui';
import { expect as baseExpect, test } from './support/fixtures';
import { emptyDay } from './support/free-slots';
import { formatUkDay as ukDayText } from '../../src/lib/dates';

/**
 * The availability machine's paths (issue 14 §2, decision 015) driving the free times of /placeorder
 * in Chromium against the real server. After each step the page must show what the state the
 * hand-written table (tests/support/expected/availability.ts) expects shows (its `meta.shows`), with
 * the date, time and booked-out times this spec keeps by hand — not the state the machine went to.
 *
 * The model's days are far ahead; here its first window's chosen day is a day of the first six
 * weeks holding no job (`emptyDay`, so the teams it counts are all free), its later day one about
 * three months on, its "August" the first month the calendar shows that is not loaded yet. Its full
 * 14:30 is made full for real (three other customers book it). A failed load is the browser offline
 * while the times are asked for.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
const LOAD_FAILED = 'The free times could not be loaded: Network Error';
const SLOT_TAKEN = 'That time was just taken — please choose another';

type DateKind = '' | 'chosen' | 'later' | 'year';
/** What the customer has typed or chosen, and the windows of days loaded, kept by hand. */
interface World {
  date: DateKind;
  time: '' | '10:00' | '14:30';
  /** [first, last] day of each window loaded, and the first day of the one on its way. */
  loaded: [string, string][];
  pending: string;
}

/**
 * A walk the page can take for certain: times are chosen from the list of the chosen day once it
 * is loaded; the calendar is opened from no date or the chosen day; the reload (a checkout that lost
 * the last team) is for a real day; a load that fails is one the customer starts (the first comes
 * with the page: opened offline, the page itself fails, and coming Back to it offline, the phone
 * project's browser showed it again with the times already loaded; the reload follows the
 * checkout's answer at once: nothing a person does can fail either alone, without routing); a day
 * is not typed while another load is on its way (outside it, it starts a load of its own at once:
 * availability.spec.ts); and the later day is chosen once (loaded, it loads no more, where the model's never is).
 */
function driveable(steps: Step[]): boolean {
  if (nextAnswer(steps, -1) === 'notLoaded') return false;
  let date: DateKind = '';
  let laterChosen = false;
  for (const [i, step] of steps.entries()) {
    const from = step.from['']!;
    switch (step.eventName) {
      case 'chooseFreeTime':
      case 'chooseFullTime':
        if (from !== 'ready' || date !== 'chosen') return false;
        break;
      case 'showAugust':
        if (from === 'loading' || (from === 'ready' && date !== '' && date !== 'chosen')) return false;
        break;
      case 'changeArea':
        // The load it starts (or starts again) is answered online.
        if (from === 'failed' || nextAnswer(steps, i) === 'notLoaded') return false;
        break;
      case 'reload':
        if (from !== 'ready' || (date !== 'chosen' && date !== 'later') || nextAnswer(steps, i) === 'notLoaded') return false;
        break;
      case 'chooseLaterDay':
        if (from === 'loading' || laterChosen) return false;
        date = 'later';
        laterChosen = true;
        break;
      case 'chooseLoadedDay':
        date = 'chosen';
        break;
      case 'chooseYearBeingTyped':
        date = 'year';
        break;
    }
  }
  return true;
}

/** The answer of the load on its way after step `i`, or of the next one. */
const nextAnswer = (steps: Step[], i: number) => steps.slice(i + 1).find((step) => step.eventName === 'loaded' || step.eventName === 'notLoaded')?.eventName;

const walks = tableCoveringWalks(expectedAvailability, { events: Object.values(availabilityEvents), maxEvents: 9, keep: driveable });

test.describe('availability machine paths in the browser', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the browser paths reach every state and take every transition of the table', () => {
    console.log(`availability (browser): ${walks.length} paths`);
    const events = walks.map((steps) => steps.map((step) => step.event));
    expect(untakenTableTransitions(expectedAvailability, events)).toEqual([]);
    expect(reachedStates(expectedAvailability, events.map((list) => ({ events: list, name: '' }))).unreached).toEqual([]);
  });

  for (const [n, steps] of walks.entries()) {
    test(`availability ${n + 1}: ${steps.at(-1)!.expected['']} via ${steps.map((step) => step.eventName).join(' → ')}`, async ({ page }, testInfo) => {
      const days = await pickDays(testInfo);
      const full = new Set<string>();
      if (steps.some((step) => step.eventName === 'chooseFullTime')) {
        for (let team = 0; team < 3; team += 1) await bookElsewhere(days.chosen, '14:30');
        full.add('14:30');
      }
      const { api } = await signedInCustomer(page, 'availability-path');
      const { items } = await serviceItems();
      const order = await createOrderByApi(api, [{ id: items[0]!.id, quantity: 1 }]);
      await keepOrderInBrowser(page, order, BOOKED_SERVICE_ID);
      await page.goto('/placeorder');
      await expect(page.getByRole('heading', { name: 'Place your order' })).toBeVisible({ timeout: 20_000 });
      await fillContactDetails(page);

      const world: World = { date: '', time: '', loaded: [], pending: days.first };
      for (const [i, step] of steps.entries()) {
        const next = steps[i + 1];
        const state = step.expected['']!;
        await test.step(`${step.eventName} → ${state}`, async () => {
          // Offline from the step that starts a load the table says fails (typing needs no network).
          const fails = nextAnswer(steps, i) === 'notLoaded';
          const moved = state !== step.from[''];
          const startsLoad = step.from[''] === 'ready' && state === 'loading';
          switch (step.eventName) {
            case 'loaded':
              world.loaded.push([world.pending, plusDays(world.pending, 41)]);
              break;
            case 'notLoaded':
              await expect(freeTimes(page).getByText(LOAD_FAILED)).toBeVisible();
              await page.context().setOffline(false);
              break;
            case 'retry':
              if (!moved) {
                await expect(freeTimes(page).getByRole('button', { name: 'Try again' })).toHaveCount(0);
                break;
              }
              if (fails) await page.context().setOffline(true);
              await freeTimes(page).getByRole('button', { name: 'Try again' }).click();
              break;
            case 'chooseLoadedDay':
              await typeDate(page, days.chosen);
              world.date = 'chosen';
              break;
            case 'chooseLaterDay':
              if (fails) await page.context().setOffline(true);
              await typeDate(page, days.later);
              if (startsLoad) world.pending = days.later;
              world.date = 'later';
              break;
            case 'chooseYearBeingTyped': {
              // The year's first digit: "0002", as while a year is typed digit by digit.
              const [, month, day] = days.chosen.split('-');
              await clearSegments(page, 'Date');
              await segments(page, 'Date').first().click();
              await page.keyboard.type(`${day}${month}2`);
              world.date = 'year';
              break;
            }
            case 'chooseFreeTime':
              // Chosen already: a click would clear the choice, not choose it again.
              if (world.time !== '10:00') await timeOption(page, '10:00', 3).click();
              world.time = '10:00';
              break;
            case 'chooseFullTime':
              await expect(timeOption(page, '14:30', 0)).toHaveAttribute('aria-disabled', 'true');
              break;
            case 'typeTime':
              await clearSegments(page, 'Time');
              await segments(page, 'Time').first().click();
              await page.keyboard.type('1430');
              world.time = '14:30';
              break;
            case 'showAugust': {
              if (fails) await page.context().setOffline(true);
              const from = await showUnloadedMonth(page, world.date === 'chosen' ? days.chosen : days.first, world.loaded);
              if (startsLoad) world.pending = from;
              break;
            }
            case 'changeArea': {
              // The form's postcode (NW1 6XE) becomes one in SW: its travel gap, so its times; the
              // chosen day's window (or the one on its way) is loaded again, the others forgotten.
              const postcode = page.getByLabel('Postcode', { exact: true });
              const newArea = (await postcode.inputValue()) !== 'SW1A 1AA';
              await postcode.fill('SW1A 1AA');
              if (newArea) {
                world.loaded = [];
                if (world.date === 'chosen' || world.date === 'later') world.pending = world.date === 'chosen' ? days.chosen : days.later;
              }
              break;
            }
            case 'reload': {
              // The checkout loses the last team at the time in the form: the times load again.
              const day = world.date === 'chosen' ? days.chosen : days.later;
              if (world.time !== '10:00') {
                await timeOption(page, '10:00', 3).click();
                world.time = '10:00';
              }
              for (let team = 0; team < 3; team += 1) await bookElsewhere(day, '10:00');
              await page.getByRole('button', { name: 'Pay cash' }).click();
              await expect(page.getByRole('alert').filter({ hasText: SLOT_TAKEN })).toBeVisible();
              if (day === days.chosen) full.add('10:00');
              world.pending = day;
              break;
            }
            default:
              throw new Error(`the page has no way to send ${step.eventName}`);
          }
          // Last, a load on its way is answered by the real server (online).
          if (!next && state === 'loading') world.loaded.push([world.pending, plusDays(world.pending, 41)]);
          await expectState(page, state, world, days, full, !next);
        });
      }
    });
  }
});

async function expectState(page: Page, state: string, world: World, days: Days, full: Set<string>, last: boolean) {
  const meta = metaOf<{ shows: string }>(expectedAvailability.machine, '', state)!;
  await test.step(`shows ${meta.shows}`, async () => {
    // Date and Time can be typed whatever the state.
    await expect(segments(page, 'Date').first()).toBeEditable();
    await expect(segments(page, 'Time').first()).toBeEditable();
    if (world.time) await expect(segments(page, 'Time')).toHaveText(world.time.split(':'));
    if (state === 'failed') {
      await expect(freeTimes(page).getByText(LOAD_FAILED)).toBeVisible();
      await expect(freeTimes(page).getByRole('button', { name: 'Try again' })).toBeVisible();
      return;
    }
    // In flight the answer may be there already: the next step checks where it went; last, the
    // real server answers it.
    if (state === 'loading' && !last) return;
    await expect(freeTimes(page).getByText(LOAD_FAILED)).toHaveCount(0);
    await expect(freeTimes(page).getByRole('button', { name: 'Try again' })).toHaveCount(0);
    if (world.date === '' || world.date === 'year') {
      if (world.date === 'year') await expect(page.getByRole('heading', { name: /^Free times on \d\d\/\d\d\/0002 \(UK time\)$/ })).toBeVisible();
      await expect(freeTimes(page).getByText('Choose a date to see the free times.')).toBeVisible();
      await expect(freeTimeList(page)).toHaveCount(0);
      return;
    }
    const date = world.date === 'chosen' ? days.chosen : days.later;
    await expect(page.getByRole('heading', { name: `Free times on ${ukDayText(date)} (UK time)` })).toBeVisible();
    if (!world.loaded.some(([from, to]) => from <= date && date <= to)) {
      await expect(freeTimes(page).getByText('Choose a date to see the free times.')).toBeVisible();
      return;
    }
    // Clear of the booked times and of the teams' travel either side of them (decision 041).
    await expect(timeOption(page, '12:00', 3)).toBeVisible();
    if (world.date === 'chosen') {
      for (const time of full) await expect(timeOption(page, time, 0)).toHaveAttribute('aria-disabled', 'true');
      if (!full.has('10:00')) await expect(timeOption(page, '10:00', 3)).toBeEnabled();
      if (world.time && full.has(world.time)) await expect(page.getByText('Fully booked', { exact: true })).toBeVisible();
    }
    if (world.time === '10:00' && !full.has('10:00')) await expect(timeOption(page, '10:00', 3)).toHaveAttribute('aria-selected', 'true');
  });
}

interface Days { first: string; chosen: string; later: string }

/** Each project looks from days of its own, so the two running side by side do not meet. */
async function pickDays(testInfo: TestInfo): Promise<Days> {
  const first = londonDate(earliestBookableStart(new Date()));
  const offset = (testInfo.project.name === 'abroad' ? 12 : 0) + Math.floor(Math.random() * 8);
  const chosen = await emptyDay(offset);
  if (chosen > plusDays(first, 41)) throw new Error(`no empty day in the first six weeks (found ${chosen})`);
  const later = await emptyDay(60 + offset);
  return { first, chosen, later };
}

const freeTimes = (page: Page) => page.locator('section.free-times');
const freeTimeList = (page: Page) => page.getByRole('listbox', { name: /^Free times/ });
const segments = (page: Page, label: 'Date' | 'Time') => page.getByRole('group', { name: label, exact: true }).getByRole('spinbutton');
const timeOption = (page: Page, time: string, free: number) =>
  freeTimeList(page).getByRole('option', { name: free > 0 ? `${time} — ${free} of 3 teams free` : `${time} — Fully booked`, exact: true });

/** Empties the field's segments from the last (each Backspace a partial value: nothing loads for it). */
async function clearSegments(page: Page, label: 'Date' | 'Time'): Promise<void> {
  const all = segments(page, label);
  await all.last().click();
  for (let press = 0; press < 10; press += 1) await page.keyboard.press('Backspace');
}

/**
 * Types a date as a customer does, digit by digit into emptied segments: its year passes through
 * 0002, 0020 and 0202 first, the model's "year being typed", which the table says changes nothing.
 */
async function typeDate(page: Page, date: string): Promise<void> {
  const [year, month, day] = date.split('-');
  await clearSegments(page, 'Date');
  await segments(page, 'Date').first().click();
  await page.keyboard.type(`${day}${month}${year}`);
}

/**
 * Opens the calendar (on the month of the date typed, or the first bookable one) and goes on month
 * by month to the first whose 1st or 28th is not loaded; the months passed on the way are loaded
 * already, so showing them loads nothing. Answers that month's 1st.
 */
async function showUnloadedMonth(page: Page, openedOn: string, loaded: [string, string][]): Promise<string> {
  const isLoaded = (day: string) => loaded.some(([from, to]) => from <= day && day <= to);
  await page.getByRole('button', { name: 'Open the calendar' }).click();
  const calendar = page.getByRole('dialog', { name: 'Choose a date' });
  await expect(calendar).toBeVisible();
  let month = `${openedOn.slice(0, 7)}-01`;
  for (;;) {
    month = nextMonth(month);
    await calendar.getByRole('button', { name: 'Next month' }).click();
    if (!isLoaded(month) || !isLoaded(`${month.slice(0, 8)}28`)) break;
  }
  await page.keyboard.press('Escape');
  await expect(calendar).toBeHidden();
  return month;
}

function plusDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

function nextMonth(first: string): string {
  const at = new Date(`${first}T00:00:00Z`);
  at.setUTCMonth(at.getUTCMonth() + 1);
  return at.toISOString().slice(0, 10);
}
