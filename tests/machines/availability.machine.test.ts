import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { isDayUnavailable, isTimeFullyBooked, timesOf } from '../../machines/availability.machine';
import { freeTimeLabel } from '../../domain/capacity/availability-text';
import { availabilityAnswer, availabilityModel, CHOSEN_DAY, FIRST_DAY } from '../support/availability-model';
import { describeExpectedWalks } from '../support/describe-expected-walks';
import { expectedAvailability } from '../support/expected/availability';

describeExpectedWalks(expectedAvailability);

function loaded() {
  const actor = createActor(availabilityModel.machine, { input: { serviceId: 1, duration: 30, firstDay: FIRST_DAY } }).start();
  actor.send({ type: 'xstate.done.actor.loadAvailability', output: availabilityAnswer } as never);
  return actor;
}

describe('availability machine behaviour', () => {
  it('offers the chosen day\'s times and reads them "10:00 — 2 of 3 teams free" / "Fully booked"', () => {
    const actor = loaded();
    actor.send({ type: 'date.choose', date: CHOSEN_DAY });
    const day = timesOf(actor.getSnapshot().context)!;
    expect(day.times.map((slot) => freeTimeLabel(slot.time, slot.free, 3))).toEqual(['10:00 — 2 of 3 teams free', '10:30 — Fully booked']);
  });

  it('lets a free time be chosen and refuses one no team is free for', () => {
    const actor = loaded();
    actor.send({ type: 'date.choose', date: CHOSEN_DAY });
    actor.send({ type: 'time.choose', time: '10:30' });
    expect(actor.getSnapshot().context.time).toBe('');
    actor.send({ type: 'time.choose', time: '10:00' });
    expect(actor.getSnapshot().context.time).toBe('10:00');
  });

  it('says a typed time is fully booked', () => {
    const actor = loaded();
    actor.send({ type: 'date.choose', date: CHOSEN_DAY });
    actor.send({ type: 'time.type', time: '10:30' });
    expect(isTimeFullyBooked(actor.getSnapshot().context)).toBe(true);
    actor.send({ type: 'time.type', time: '10:00' });
    expect(isTimeFullyBooked(actor.getSnapshot().context)).toBe(false);
  });

  it('greys out only days it knows have nothing free', () => {
    const context = { ...loaded().getSnapshot().context };
    context.days = { ...context.days, '2099-06-03': { date: '2099-06-03', status: 'closed', reason: 'Closed', times: [] } };
    expect(isDayUnavailable(context, '2099-06-03')).toBe(true);
    expect(isDayUnavailable(context, CHOSEN_DAY)).toBe(false);
    expect(isDayUnavailable(context, '2099-07-01')).toBe(false);
  });

  it('loads nothing for a year typed digit by digit', () => {
    const actor = loaded();
    actor.send({ type: 'date.choose', date: '0002-06-02' });
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it('reloads the chosen day\'s window after a 409', () => {
    const actor = loaded();
    actor.send({ type: 'date.choose', date: CHOSEN_DAY });
    actor.send({ type: 'times.reload' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.from).toBe(CHOSEN_DAY);
  });

  it('asks the times again for a postcode in a new area, with that postcode, and forgets the old days (decision 058)', () => {
    const requests: unknown[] = [];
    const machine = availabilityModel.machine.provide({
      actors: { loadAvailability: fromPromise(({ input }) => { requests.push(input); return new Promise<never>(() => {}); }) },
    });
    const actor = createActor(machine, { input: { serviceId: 1, duration: 30, firstDay: FIRST_DAY } }).start();
    actor.send({ type: 'xstate.done.actor.loadAvailability', output: availabilityAnswer } as never);
    actor.send({ type: 'date.choose', date: CHOSEN_DAY });
    actor.send({ type: 'postcode.change', postcode: 'SW1A 1' });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'postcode.change', postcode: 'SW1A 1AA' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.days).toEqual({});
    expect(requests.at(-1)).toEqual({ serviceId: 1, duration: 30, from: CHOSEN_DAY, days: 42, postcode: 'SW1A 1AA' });
    actor.send({ type: 'xstate.done.actor.loadAvailability', output: availabilityAnswer } as never);
    actor.send({ type: 'postcode.change', postcode: 'SW7 2AZ' });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'postcode.change', postcode: 'E14 5AB' });
    expect(requests.at(-1)).toMatchObject({ postcode: 'E14 5AB' });
  });
});
