import { fromPromise } from 'xstate';
import { availabilityMachine } from '../../machines/availability.machine';
import type { Model } from './booking-models';
import type { Availability } from '../../openapi/schema';

/**
 * The model of the availability machine for the unit walks (tests/machines, checked against
 * tests/support/expected/availability.ts). Its days are far ahead, so they are always bookable; the actor never settles: each path delivers the done and error events itself.
 */
export const FIRST_DAY = '2099-06-01';
export const CHOSEN_DAY = '2099-06-02';
export const LATER_DAY = '2099-09-01';

export const availabilityAnswer: Availability = {
  teams: 3,
  duration_minutes: 30,
  days: [
    { date: FIRST_DAY, status: 'open', times: [{ time: '10:00', free: 3 }] },
    { date: CHOSEN_DAY, status: 'open', times: [{ time: '10:00', free: 2 }, { time: '10:30', free: 0 }] },
  ],
};

export const availabilityModel: Model = {
  machine: availabilityMachine.provide({
    actors: { loadAvailability: fromPromise<Availability, any>(() => new Promise<Availability>(() => {})) },
  }),
  inputs: [{ serviceId: 1, duration: 30, firstDay: FIRST_DAY }],
  events: [
    { type: 'date.choose', date: CHOSEN_DAY },
    { type: 'date.choose', date: LATER_DAY },
    { type: 'date.choose', date: '0002-06-02' },
    { type: 'time.choose', time: '10:00' },
    { type: 'time.choose', time: '10:30' },
    { type: 'time.type', time: '10:30' },
    { type: 'month.show', from: '2099-08-01' },
    { type: 'times.reload' },
    { type: 'retry' },
    { type: 'xstate.done.actor.loadAvailability', output: availabilityAnswer },
    { type: 'xstate.error.actor.loadAvailability', error: new Error('Network Error') },
    { type: 'postcode.change', postcode: 'SW1A 1AA' },
  ],
};
