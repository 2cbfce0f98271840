import { fromPromise } from 'xstate';
import { rescheduleMachine } from '../../machines/reschedule.machine';
import type { RescheduleResult } from '../../openapi/schema';

/**
 * The reschedule machine's model, shared by the unit walks (tests/machines/reschedule.machine.test.ts)
 * and the browser walks (tests/e2e/reschedule.spec.ts), so both walk the same generated
 * paths. The actor never settles: each path delivers the done and error events itself.
 */
const never = <T>() => fromPromise<T, any>(() => new Promise<T>(() => {}));

export const RESCHEDULE_DATE = '2099-06-02';
export const RESCHEDULE_TIME = '10:30';

export const rescheduleModel = {
  machine: rescheduleMachine.provide({ actors: { rescheduleOrder: never<RescheduleResult>() } }),
  inputs: [undefined],
  events: [
    { type: 'dialog.open', order: { id: 7, reschedule: { allowed: true, fee: 0 } } },
    { type: 'dialog.open', order: { id: 8, reschedule: { allowed: false, fee: 0, reason: 'The booking cannot be rescheduled once the job has started' } } },
    { type: 'date.change', value: RESCHEDULE_DATE },
    { type: 'time.change', value: RESCHEDULE_TIME },
    { type: 'reschedule.confirm' },
    { type: 'retry' },
    { type: 'dialog.close' },
    { type: 'xstate.done.actor.rescheduleOrder', output: { message: 'Booking rescheduled', fee: 0, due: '2099-06-02T09:30:00.000Z', total: 50 } },
    { type: 'xstate.error.actor.rescheduleOrder', error: new Error('Network Error') },
  ],
};
