import { availabilityAnswer, availabilityModel, CHOSEN_DAY, FIRST_DAY, LATER_DAY } from '../availability-model';
import { has, type ExpectedMachine } from '../expected-walks';

/**
 * The times a team is free for on the place-order form (decision 015), written from the
 * requirements, not from the machine: the first 28 days load at once; choosing a day or showing a
 * month that is not loaded yet loads it, one already loaded or not a real bookable day (a year
 * typed digit by digit) loads nothing; "times.reload" (the checkout lost the last team) loads again;
 * a failure offers Try again; typing a date or time is kept whatever the state. Times never load
 * anything. A postcode in a new area (decision 058: its travel gap) forgets the days loaded and
 * loads the chosen day's window again; the same area again loads nothing.
 */
const events = availabilityModel.events;
export const availabilityEvents = {
  chooseLoadedDay: events[0]!,
  chooseLaterDay: events[1]!,
  chooseYearBeingTyped: events[2]!,
  chooseFreeTime: events[3]!,
  chooseFullTime: events[4]!,
  typeTime: events[5]!,
  showAugust: events[6]!,
  reload: events[7]!,
  retry: events[8]!,
  loaded: events[9]!,
  notLoaded: events[10]!,
  changeArea: events[11]!,
};

/** Loads only a day (or a month's 1st or 28th) that has not been loaded. */
const loadUnless = (...days: string[]) => (c: any) => (days.every((day) => day in c.days) ? 'ready' : 'loading');

export const expectedAvailability: ExpectedMachine = {
  name: 'availability',
  machine: availabilityModel.machine,
  input: availabilityModel.inputs[0],
  events: availabilityEvents,
  initial: { '': 'loading' },
  regions: {
    '': {
      loading: { on: { loaded: 'ready', notLoaded: 'failed', changeArea: 'loading' }, context: (c) => has(c, { serviceId: 1, duration: 30, firstDay: FIRST_DAY }) },
      ready: {
        on: {
          chooseLoadedDay: loadUnless(CHOSEN_DAY),
          chooseLaterDay: loadUnless(LATER_DAY),
          chooseYearBeingTyped: 'ready',
          chooseFreeTime: 'ready',
          chooseFullTime: 'ready',
          typeTime: 'ready',
          showAugust: loadUnless('2099-08-01', '2099-08-28'),
          reload: 'loading',
          changeArea: (c) => (c.postcode === 'SW1A 1AA' ? 'ready' : 'loading'),
        },
        context: (c) => {
          has(c, { teams: availabilityAnswer.teams, error: null });
          has(c.days, { [FIRST_DAY]: availabilityAnswer.days[0], [CHOSEN_DAY]: availabilityAnswer.days[1] });
        },
      },
      failed: {
        on: { retry: 'loading' },
        context: (c) => has(c, { error: 'Network Error' }),
      },
    },
  },
};
