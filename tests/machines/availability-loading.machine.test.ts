import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { availabilityMachine, isTimeFullyBooked, timesOf, WINDOW_DAYS, type AvailabilityInput, type AvailabilityRequest } from '../../machines/availability.machine';
import type { Availability } from '../../openapi/schema';

/**
 * What the calendar on /placeorder asks GET /availability for (issue 14 §2), with a loader that
 * answers: the window it opens on (a restored draft's day, or the first bookable day), the months
 * and days it loads as the customer moves around (never past the 13-month reach, never twice), and
 * what it says when loading fails.
 */
const FIRST_DAY = '2099-06-10';

/** Answers each request with the days listed (all open, 10:00 free for 2 teams), or fails with `failure`. */
function calendar(input: AvailabilityInput, options: { days?: (request: AvailabilityRequest) => string[]; failure?: unknown } = {}) {
  const requests: AvailabilityRequest[] = [];
  const shown: string[] = [];
  let failure = options.failure;
  const machine = availabilityMachine.provide({
    actors: {
      loadAvailability: fromPromise<Availability, AvailabilityRequest>(async ({ input: request }) => {
        requests.push(request);
        if (failure !== undefined) {
          const error = failure;
          failure = undefined;
          throw error;
        }
        const dates = options.days?.(request) ?? [request.from];
        return { teams: 3, duration_minutes: 60, days: dates.map((date) => ({ date, status: 'open', times: [{ time: '10:00', free: 2 }, { time: '10:30', free: 0 }] })) };
      }),
    },
    actions: { showTime: (_, params: { time: string }) => void shown.push(params.time) },
  });
  const actor = createActor(machine, { input }).start();
  const settled = () => waitFor(actor, (snapshot) => !snapshot.matches('loading'));
  return { actor, requests, shown, settled };
}

/** June's loaded days: the 10th to the 20th. */
const june = () => Array.from({ length: 11 }, (_, index) => `2099-06-${String(10 + index).padStart(2, '0')}`);

describe('the availability calendar loads what it shows', () => {
  it('opens on a restored draft’s day when it is bookable, for the job’s length, six weeks at a time', async () => {
    const { actor, requests, settled } = calendar({ serviceId: 4, duration: 90, firstDay: FIRST_DAY, date: '2099-07-03', time: '11:00' });
    await settled();
    expect(requests).toEqual([{ serviceId: 4, duration: 90, from: '2099-07-03', days: WINDOW_DAYS }]);
    expect(WINDOW_DAYS).toBe(42);
    expect(actor.getSnapshot().context).toMatchObject({ date: '2099-07-03', time: '11:00', teams: 3, error: null });
  });

  it('opens on the first bookable day otherwise, without a duration when none is known', async () => {
    for (const date of [undefined, '', '2099-06-09', '2099-06-10', '2099-13-01', '2099-6-1']) {
      const { actor, requests, settled } = calendar({ serviceId: 4, firstDay: FIRST_DAY, ...(date === undefined ? {} : { date }) });
      await settled();
      expect(requests, String(date)).toEqual([{ serviceId: 4, from: FIRST_DAY, days: WINDOW_DAYS }]);
      expect(actor.getSnapshot().context.date).toBe(date ?? '');
      expect(actor.getSnapshot().context.time).toBe('');
    }
  });

  it('loads a month shown when its first or its 28th day is not loaded yet, from the first bookable day at the earliest', async () => {
    const { actor, requests, settled } = calendar({ serviceId: 4, firstDay: FIRST_DAY }, { days: (request) => (request.from === FIRST_DAY ? june() : [request.from, `${request.from.slice(0, 8)}28`]) });
    await settled();
    // June's 28th is not loaded: June again, from the 10th (not the 1st, which cannot be booked).
    actor.send({ type: 'month.show', from: '2099-06-01' });
    await settled();
    expect(requests.at(-1)?.from).toBe(FIRST_DAY);
    // July is new; once loaded (1st and 28th), showing it again loads nothing.
    actor.send({ type: 'month.show', from: '2099-07-01' });
    await settled();
    expect(requests.at(-1)?.from).toBe('2099-07-01');
    actor.send({ type: 'month.show', from: '2099-07-01' });
    expect(actor.getSnapshot().value).toBe('ready');
    // A month before the first bookable day loads nothing.
    actor.send({ type: 'month.show', from: '2099-05-01' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(requests).toHaveLength(3);
  });

  it('loads a month whose 1st is loaded but not its 28th', async () => {
    const { actor, requests, settled } = calendar({ serviceId: 4, firstDay: FIRST_DAY }, { days: () => ['2099-08-01'] });
    await settled();
    actor.send({ type: 'month.show', from: '2099-08-01' });
    await settled();
    expect(requests.map((request) => request.from)).toEqual([FIRST_DAY, '2099-08-01']);
  });

  it('never loads past 13 months after the first bookable day', async () => {
    const { actor, requests, settled } = calendar({ serviceId: 4, firstDay: FIRST_DAY });
    await settled();
    actor.send({ type: 'date.choose', date: '2100-07-11' });
    actor.send({ type: 'month.show', from: '2100-08-01' });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'date.choose', date: '2100-07-10' });
    await settled();
    expect(requests.map((request) => request.from)).toEqual([FIRST_DAY, '2100-07-10']);
  });

  it('a day chosen outside what is loaded loads its window; one loaded, or not a real day, does not', async () => {
    const { actor, requests, settled } = calendar({ serviceId: 4, firstDay: FIRST_DAY }, { days: () => june() });
    await settled();
    actor.send({ type: 'date.choose', date: '2099-06-15' });
    actor.send({ type: 'date.choose', date: '2099-13-01' });
    actor.send({ type: 'date.choose', date: '2099-06-09' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.date).toBe('2099-06-09');
    actor.send({ type: 'date.choose', date: '2099-06-21' });
    await settled();
    expect(requests.map((request) => request.from)).toEqual([FIRST_DAY, '2099-06-21']);
  });

  it('a day typed while the first weeks load, outside them, has its own weeks asked for; one inside them waits for their answer', async () => {
    // The page just opened (a slow phone): the first weeks are on their way when the date is typed.
    const { actor, requests, settled } = calendar({ serviceId: 4, firstDay: FIRST_DAY }, { days: (request) => [request.from] });
    actor.send({ type: 'date.choose', date: '2099-06-20' });
    actor.send({ type: 'date.choose', date: '0002-03-27' });
    actor.send({ type: 'date.choose', date: '2100-03-27' });
    await settled();
    expect(requests.map((request) => request.from)).toEqual([FIRST_DAY, '2100-03-27']);
    expect(timesOf(actor.getSnapshot().context)?.date).toBe('2100-03-27');
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it('a free time chosen is put in the Time field; a time of a day not loaded is neither free nor fully booked', async () => {
    const { actor, shown, settled } = calendar({ serviceId: 4, firstDay: FIRST_DAY, date: FIRST_DAY });
    await settled();
    actor.send({ type: 'time.choose', time: '10:30' });
    actor.send({ type: 'time.choose', time: '10:00' });
    expect(shown).toEqual(['10:00']);
    actor.send({ type: 'date.choose', date: '2099-06-11' });
    await settled();
    actor.send({ type: 'date.choose', date: '2100-07-11' });
    actor.send({ type: 'time.type', time: '10:30' });
    expect(isTimeFullyBooked(actor.getSnapshot().context)).toBe(false);
    actor.send({ type: 'time.choose', time: '10:00' });
    expect(shown).toEqual(['10:00']);
  });

  it('says why loading failed, "Network Error" when nothing better is known, and Try again loads the same window', async () => {
    const failing = calendar({ serviceId: 4, firstDay: FIRST_DAY }, { failure: new Error('Service not found') });
    await failing.settled();
    expect([failing.actor.getSnapshot().value, failing.actor.getSnapshot().context.error]).toEqual(['failed', 'Service not found']);
    failing.actor.send({ type: 'retry' });
    await failing.settled();
    expect([failing.actor.getSnapshot().value, failing.actor.getSnapshot().context.error]).toEqual(['ready', null]);
    expect(failing.requests.map((request) => request.from)).toEqual([FIRST_DAY, FIRST_DAY]);
    const offline = calendar({ serviceId: 4, firstDay: FIRST_DAY }, { failure: 'offline' });
    await offline.settled();
    expect(offline.actor.getSnapshot().context.error).toBe('Network Error');
  });
});
