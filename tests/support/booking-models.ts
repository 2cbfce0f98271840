import { fromPromise } from 'xstate';
import { cancellationMachine } from '../../machines/cancellation.machine';
import { bookingEvents, expectedBooking } from './expected/booking';
import { checkoutEvents, checkoutInputs, expectedCheckout } from './expected/checkout';
import { coveringSubset, pathsOf, type AnyPath } from './replay-paths';
import type { RefundRequestResult } from '../../openapi/schema';

/**
 * The models of the booking, checkout and cancellation machines, shared by the unit walks
 * (tests/machines/*) and the browser walks (tests/e2e/*-paths.spec.ts), so both walk the same
 * generated paths. Actors never settle: each path delivers the done and error events itself.
 * The generated paths only say which events to send; what each step must lead to comes from the
 * written tables in tests/support/expected/.
 */
const never = <T>() => fromPromise<T, any>(() => new Promise<T>(() => {}));

export { orderSummary, serviceItems } from './expected/booking';
export { trustedOrigin, validCheckoutValues } from './expected/checkout';

/** The booking and checkout models: the machines and events of their written tables (tests/support/expected/). */
export const bookingModel = {
  machine: expectedBooking.machine,
  inputs: [expectedBooking.input],
  events: Object.values(bookingEvents),
};

export const checkoutModel = {
  machine: expectedCheckout.machine,
  inputs: checkoutInputs,
  events: Object.values(checkoutEvents),
};

const allowed = { allowed: true, fee: 0 };
export const cancellationModel = {
  machine: cancellationMachine.provide({ actors: { requestRefund: never<RefundRequestResult>() } }),
  inputs: [undefined],
  events: [
    { type: 'dialog.open', order: { id: 7, cancellation: allowed } },
    { type: 'dialog.open', order: { id: 8, cancellation: { allowed: false, fee: 0, reason: 'A cancellation was already requested' } } },
    { type: 'reason.change', value: 'Moving house earlier' },
    { type: 'reason.change', value: '   ' },
    { type: 'reason.send' },
    { type: 'retry' },
    { type: 'dialog.close' },
    { type: 'xstate.done.actor.requestRefund', output: { message: 'Order refund sent successfully, we will contact you asap !', fee: 0 } },
    { type: 'xstate.error.actor.requestRefund', error: new Error('Network Error') },
  ],
};

export interface Model {
  machine: Parameters<typeof pathsOf>[0];
  inputs: unknown[];
  events: readonly { type: string; [key: string]: unknown }[];
}

/** Every generated path of a model, with the input it starts from. */
export function modelPaths(model: Model): { input: unknown; path: AnyPath }[] {
  return model.inputs.flatMap((input) =>
    pathsOf(model.machine, { events: model.events, input }).map((path) => ({ input, path })),
  );
}

/**
 * A few of the generated paths that together reach every state and take every transition the
 * whole set does (greedy set cover): what a browser, at seconds per path, replays instead of all.
 */
export function coveringPaths(model: Model, keep: (path: AnyPath) => boolean = () => true) {
  return coveringSubset(model.machine, modelPaths(model).filter(({ path }) => keep(path)));
}
