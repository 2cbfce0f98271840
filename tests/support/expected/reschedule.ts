import { RESCHEDULE_DATE, RESCHEDULE_TIME, rescheduleModel } from '../reschedule-model';
import { has, type ExpectedMachine } from '../expected-walks';

/**
 * Moving one of my bookings (decision 018), written from the requirements, not from the machine:
 * the dialog opens only for a booking the server says can move, with its fee; Confirm needs a date
 * and a time typed in full; the dialog cannot be closed while confirming; success closes it and
 * forgets everything; a failure keeps the date and time and shows the message with Try again;
 * changing the date or time after a failure goes back to the plain form.
 */
const [open, openRefused, typeDate, typeTime, confirm, retry, close, moved, notMoved] = rescheduleModel.events;
export const rescheduleEvents = { open: open!, openRefused: openRefused!, typeDate: typeDate!, typeTime: typeTime!, confirm: confirm!, retry: retry!, close: close!, moved: moved!, notMoved: notMoved! };

const forgotten = (c: any) => has(c, { orderId: null, fee: 0, date: '', time: '', error: null });
const hasTime = (c: any) => (c.date === RESCHEDULE_DATE && c.time === RESCHEDULE_TIME ? 'rescheduling' : 'choosing');

export const expectedReschedule: ExpectedMachine = {
  name: 'reschedule',
  machine: rescheduleModel.machine,
  events: rescheduleEvents,
  initial: { '': 'closed' },
  regions: {
    '': {
      closed: { on: { open: 'choosing' }, context: forgotten },
      choosing: { on: { typeDate: 'choosing', typeTime: 'choosing', confirm: hasTime, close: 'closed' }, context: (c) => has(c, { orderId: 7, fee: 0, error: null }) },
      // Neither Close nor typing while the request is in flight.
      rescheduling: { on: { moved: 'closed', notMoved: 'failed' }, context: (c) => has(c, { orderId: 7, date: RESCHEDULE_DATE, time: RESCHEDULE_TIME }) },
      failed: {
        on: { retry: 'rescheduling', typeDate: 'choosing', typeTime: 'choosing', close: 'closed' },
        context: (c) => has(c, { orderId: 7, date: RESCHEDULE_DATE, time: RESCHEDULE_TIME, error: 'Network Error' }),
      },
    },
  },
};
