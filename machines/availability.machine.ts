import { assign, fromPromise, setup } from 'xstate';
import type { Availability, AvailabilityDay } from '../openapi/schema';
import { postcodeArea } from '../domain/capacity/travel-gap';
import { isPostcode } from './quote.machine';

/**
 * The availability choice on /placeorder (issue 14 §2): the free start times of the days the
 * calendar shows, loaded six weeks at a time from GET /availability for the job's duration. The
 * calendar greys out days with nothing free, the time list reads "10:30 — 2 of 3 teams free", and
 * a time no team is free for reads "Fully booked" and cannot be chosen. When a checkout loses the
 * last team (409) the times are loaded again (`times.reload`) and the form keeps everything else.
 * The address's postcode goes with each request once typed (`postcode.change`): the travel gap
 * within its area is shorter than the one the server assumes without it (decision 041), so a new
 * area loads the times again and the times shown are the ones the checkout accepts (decision 058).
 */

export interface AvailabilityRequest {
  serviceId: number;
  /** The job's length; absent: the service's shortest job. */
  duration?: number;
  from: string;
  days: number;
  /** The address's postcode, when typed: the server uses its area's travel gap. */
  postcode?: string;
}

export interface AvailabilityInput {
  serviceId: number;
  duration?: number;
  /** The first bookable UK day (the calendar opens on its month). */
  firstDay: string;
  /** The date and time already in the form (a restored draft). */
  date?: string;
  time?: string;
  /** The postcode already in the form (a restored draft, the office's address). */
  postcode?: string;
}

export interface AvailabilityContext {
  serviceId: number;
  firstDay: string;
  duration?: number;
  /** The first day of the window loaded (or being loaded). */
  from: string;
  days: Record<string, AvailabilityDay>;
  teams: number;
  date: string;
  time: string;
  /** The postcode the loaded times were asked for ('' before one is typed). */
  postcode: string;
  error: string | null;
}

export type AvailabilityEvent =
  | { type: 'month.show'; from: string }
  | { type: 'date.choose'; date: string }
  | { type: 'time.choose'; time: string }
  | { type: 'time.type'; time: string }
  | { type: 'times.reload' }
  | { type: 'retry' }
  | { type: 'postcode.change'; postcode: string };

/** Six calendar weeks: whatever month the calendar shows, one answer covers it. */
export const WINDOW_DAYS = 42;

export const availabilityMachine = setup({
  types: {} as { context: AvailabilityContext; events: AvailabilityEvent; input: AvailabilityInput; meta: { shows: string } },
  actors: {
    loadAvailability: fromPromise<Availability, AvailabilityRequest>(async () => {
      throw new Error('provide a loadAvailability actor');
    }),
  },
  actions: {
    keepDays: assign(({ context }, params: { answer: Availability }) => ({
      teams: params.answer.teams,
      days: { ...context.days, ...Object.fromEntries(params.answer.days.map((day) => [day.date, day])) },
      error: null,
    })),
    keepPostcode: assign({ postcode: ({ context, event }) => (event.type === 'postcode.change' ? event.postcode.trim() : context.postcode) }),
    // Another area, another travel gap: every day loaded is forgotten, the chosen day's window is next.
    forgetDays: assign({ days: {}, from: ({ context }) => (isBookableDay(context, context.date) ? context.date : context.from) }),
    keepError: assign({ error: (_, params: { error: unknown }) => (params.error instanceof Error ? params.error.message : 'Network Error') }),
    // Provided by the screen: put the chosen time into the Time field.
    showTime: (_, _params: { time: string }) => {},
  },
  guards: {
    // A month is new when its first or its 28th day has not been loaded yet.
    isMonthNew: ({ context }, params: { from: string }) => {
      const late = `${params.from.slice(0, 8)}28`;
      return [params.from, late].some((day) => isDayMissing(context, day));
    },
    // While a year is typed digit by digit (0002, 0020, 0202) nothing is loaded for it.
    isDayToLoad: ({ context }, params: { date: string }) => isDayMissing(context, params.date),
    // A day typed while the calendar's first weeks load (a page just opened, a slow phone), outside
    // the weeks on their way: their answer would not hold it, and nothing would ask for it after.
    isDayOutsideLoad: ({ context }, params: { date: string }) =>
      isDayMissing(context, params.date) && !isInWindow(context.from, params.date),
    isTimeFree: ({ context }, params: { time: string }) => freeTeams(context, context.date, params.time) > 0,
    // Only a whole postcode is sent (the contract's pattern), and only its area changes the travel
    // gap: a half-typed one, or another street of the same area, keeps the times shown.
    isAreaNew: ({ context }, params: { postcode: string }) => isPostcode(params.postcode) && postcodeArea(params.postcode) !== postcodeArea(context.postcode),
  },
}).createMachine({
  id: 'availability',
  context: ({ input }) => ({
    serviceId: input.serviceId,
    firstDay: input.firstDay,
    ...(input.duration ? { duration: input.duration } : {}),
    from: validDay(input.date) && input.date! > input.firstDay ? input.date! : input.firstDay,
    days: {},
    teams: 0,
    date: input.date ?? '',
    time: input.time ?? '',
    postcode: input.postcode && isPostcode(input.postcode) ? input.postcode.trim() : '',
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      meta: { shows: 'the calendar and the times loading; Date and Time can still be typed' },
      invoke: {
        id: 'loadAvailability',
        src: 'loadAvailability',
        input: ({ context }) => ({
          serviceId: context.serviceId,
          ...(context.duration ? { duration: context.duration } : {}),
          from: context.from,
          days: WINDOW_DAYS,
          ...(context.postcode ? { postcode: context.postcode } : {}),
        }),
        onDone: { target: 'ready', actions: { type: 'keepDays', params: ({ event }) => ({ answer: event.output }) } },
        onError: { target: 'failed', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
      },
      on: {
        'date.choose': [
          {
            guard: { type: 'isDayOutsideLoad', params: ({ event }) => ({ date: event.date }) },
            target: 'loading',
            reenter: true,
            actions: assign({ date: ({ event }) => event.date, from: ({ event }) => event.date }),
          },
          { actions: assign({ date: ({ event }) => event.date }) },
        ],
        'time.type': { actions: assign({ time: ({ event }) => event.time }) },
        // The answer on its way was asked for the old area: asked again for the new one.
        'postcode.change': {
          guard: { type: 'isAreaNew', params: ({ event }) => ({ postcode: event.postcode }) },
          target: 'loading',
          reenter: true,
          actions: ['keepPostcode', 'forgetDays'],
        },
      },
    },
    ready: {
      meta: { shows: "the calendar with full days greyed out, the chosen day's times with the teams free" },
      on: {
        'month.show': {
          guard: { type: 'isMonthNew', params: ({ event }) => ({ from: event.from }) },
          target: 'loading',
          actions: assign({ from: ({ context, event }) => (event.from < context.firstDay ? context.firstDay : event.from) }),
        },
        'date.choose': [
          {
            guard: { type: 'isDayToLoad', params: ({ event }) => ({ date: event.date }) },
            target: 'loading',
            actions: assign({ date: ({ event }) => event.date, from: ({ event }) => event.date }),
          },
          // Loaded already, or not a bookable day (yet): nothing to load.
          { actions: assign({ date: ({ event }) => event.date }) },
        ],
        // A time with no team free stays unchosen ("Fully booked").
        'time.choose': {
          guard: { type: 'isTimeFree', params: ({ event }) => ({ time: event.time }) },
          actions: [assign({ time: ({ event }) => event.time }), { type: 'showTime', params: ({ event }) => ({ time: event.time }) }],
        },
        'time.type': { actions: assign({ time: ({ event }) => event.time }) },
        // The checkout lost the last team: the same window again, fresh.
        'times.reload': {
          target: 'loading',
          actions: assign({ from: ({ context }) => (isBookableDay(context, context.date) ? context.date : context.from) }),
        },
        'postcode.change': {
          guard: { type: 'isAreaNew', params: ({ event }) => ({ postcode: event.postcode }) },
          target: 'loading',
          actions: ['keepPostcode', 'forgetDays'],
        },
      },
    },
    failed: {
      meta: { shows: 'the error with Try again; Date and Time can still be typed' },
      on: {
        retry: { target: 'loading' },
        'date.choose': { actions: assign({ date: ({ event }) => event.date }) },
        'time.type': { actions: assign({ time: ({ event }) => event.time }) },
        // Try again asks for the new area.
        'postcode.change': { guard: { type: 'isAreaNew', params: ({ event }) => ({ postcode: event.postcode }) }, actions: ['keepPostcode', 'forgetDays'] },
      },
    },
  },
});

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function validDay(date: string | undefined): boolean {
  return Boolean(date && DAY.test(date) && !Number.isNaN(Date.parse(`${date}T00:00:00Z`)));
}

/** A real day from the first bookable one to 13 months on (the horizon is 12). */
function isBookableDay(context: AvailabilityContext, date: string): boolean {
  if (!validDay(date) || date < context.firstDay) return false;
  const last = new Date(Date.parse(`${context.firstDay}T00:00:00Z`));
  last.setUTCMonth(last.getUTCMonth() + 13);
  return date <= last.toISOString().slice(0, 10);
}

/** Whether `date` lies in the WINDOW_DAYS from `from` (one answer of GET /availability). */
function isInWindow(from: string, date: string): boolean {
  const days = (Date.parse(`${date}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  return days >= 0 && days < WINDOW_DAYS;
}

/** A real bookable day whose times have not been loaded. */
function isDayMissing(context: AvailabilityContext, date: string): boolean {
  return isBookableDay(context, date) && !isLoaded(context, date);
}

function isLoaded(context: AvailabilityContext, date: string): boolean {
  return date in context.days;
}

/** Teams free for `time` on `date` as last loaded; -1 when that time is not offered (or not loaded). */
export function freeTeams(context: AvailabilityContext, date: string, time: string): number {
  return context.days[date]?.times.find((slot) => slot.time === time)?.free ?? -1;
}

/** The calendar greys out a day it knows has nothing free (closed, or every time booked). */
export function isDayUnavailable(context: AvailabilityContext, date: string): boolean {
  const day = context.days[date];
  return day !== undefined && day.status !== 'open';
}

/** The times offered for the chosen day, or null while that day is not loaded. */
export function timesOf(context: AvailabilityContext): AvailabilityDay | null {
  return context.days[context.date] ?? null;
}

/** A typed (or kept) time that no team is free for: the Time field says "Fully booked". */
export function isTimeFullyBooked(context: AvailabilityContext): boolean {
  return freeTeams(context, context.date, context.time) === 0;
}
