import { fromPromise } from 'xstate';
import { seriesMachine } from '../../machines/series.machine';
import type { SeriesActionResult } from '../../openapi/schema';

/**
 * The series machine's model, shared by the unit replay (tests/machines/series.machine.test.ts) and
 * the browser replay (tests/e2e/series.spec.ts). The actor never settles: each path delivers the
 * done and error events itself.
 */
const never = <T>() => fromPromise<T, any>(() => new Promise<T>(() => {}));

const terms = (fee: number) => ({ allowed: true as const, fee, freeUntil: null });
const visit = (id: number, fee = 0) => ({ id, cancellation: terms(fee) });

export const seriesModel = {
  machine: seriesMachine.provide({ actors: { manageSeries: never<SeriesActionResult>() } }),
  inputs: [undefined],
  events: [
    { type: 'visit.skip', visit: visit(21) },
    { type: 'visit.skip', visit: { id: 20, cancellation: { allowed: false, fee: 0, reason: 'The service cannot be cancelled once it has started' } } },
    { type: 'visit.undo', visit: { id: 25, skipped: true } },
    { type: 'visit.undo', visit: { id: 26, skipped: false } },
    { type: 'series.cancel', series: { id: 3, active: true, visits: [visit(21), visit(22)] } },
    { type: 'series.cancel', series: { id: 4, active: false, visits: [] } },
    { type: 'action.confirm' },
    { type: 'retry' },
    { type: 'dialog.close' },
    { type: 'xstate.done.actor.manageSeries', output: { message: 'Visit skipped', fee: 0, visits: 1 } },
    { type: 'xstate.error.actor.manageSeries', error: new Error('Network Error') },
  ],
};
