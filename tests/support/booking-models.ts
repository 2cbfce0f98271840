import { fromPromise } from 'xstate';
import { bookingMachine } from '../../machines/booking.machine';
import { cancellationMachine } from '../../machines/cancellation.machine';
import { checkoutMachine } from '../../machines/checkout.machine';
import { pathsOf, coverageOf, type AnyPath } from './replay-paths';
import type { CheckoutResponse, OrderSummary, RefundRequestResult, ServiceItems } from '../../openapi/schema';

/**
 * The models of the booking and cancellation machines, shared by the unit replay
 * (tests/machines/*) and the browser replay (tests/e2e/*-paths.spec.ts), so both walk the same
 * generated paths. Actors never settle: each path delivers the done and error events itself.
 */
const never = <T>() => fromPromise<T, any>(() => new Promise<T>(() => {}));

export const serviceItems: ServiceItems = {
  serviceName: 'House Keeping',
  items: [
    { id: 3, name: 'Bedroom', price: 25 },
    { id: 4, name: 'Kitchen', price: 32.5 },
  ],
};
export const orderSummary: OrderSummary = { id: 12, name: 'House Keeping', total: 82.5, items: [{ name: 'Bedroom', quantity: 2 }] };

export const bookingModel = {
  machine: bookingMachine.provide({ actors: { loadItems: never<ServiceItems>(), createOrder: never<OrderSummary>() } }),
  inputs: [{ serviceId: 1 }],
  events: [
    { type: 'items.toggle', itemId: 3 },
    { type: 'items.toggle', itemId: 4 },
    { type: 'items.setQuantity', itemId: 3, quantity: 2 },
    { type: 'items.setQuantity', itemId: 3, quantity: 101 },
    { type: 'order.next' },
    { type: 'retry' },
    { type: 'xstate.done.actor.loadItems', output: serviceItems },
    { type: 'xstate.error.actor.loadItems', error: new Error('Service not found') },
    { type: 'xstate.done.actor.createOrder', output: orderSummary },
    { type: 'xstate.error.actor.createOrder', error: new Error('Network Error') },
  ],
};

/** A date far enough ahead to pass the 24-hour notice whenever the tests run. */
export const validCheckoutValues = {
  address: '10 Downing Street',
  city: 'London',
  postcode: 'SW1A 2AA',
  phone: '020 7946 0000',
  date: '2099-06-01',
  time: '09:30',
};
export const trustedOrigin = 'http://localhost:3000';

export const checkoutModel = {
  machine: checkoutMachine.provide({ actors: { checkout: never<CheckoutResponse>() } }),
  inputs: [
    { order: orderSummary, trustedOrigins: [trustedOrigin] },
    { order: null, trustedOrigins: [trustedOrigin] },
  ],
  events: [
    { type: 'form.change', values: validCheckoutValues },
    { type: 'form.change', values: { payment: 'card' } },
    { type: 'form.change', values: { postcode: 'nope' } },
    { type: 'order.submit' },
    { type: 'retry' },
    { type: 'xstate.done.actor.checkout', output: { message: 'Payment was successfully !', payment: 'cash' } },
    {
      type: 'xstate.done.actor.checkout',
      output: { message: 'Payment was successfully !', payment: 'card', shippingInfo: `${trustedOrigin}/test-payments/abc` },
    },
    {
      type: 'xstate.done.actor.checkout',
      output: { message: 'Payment was successfully !', payment: 'card', shippingInfo: 'https://evil.example/pay' },
    },
    { type: 'xstate.error.actor.checkout', error: new Error('Network Error') },
  ],
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
  const everything = coverageOf(model.machine, []);
  const allIds = [...everything.states.missing, ...everything.transitions.missing];
  const takenBy = (path: AnyPath) => {
    const { states, transitions } = coverageOf(model.machine, [path]);
    const missing = new Set([...states.missing, ...transitions.missing]);
    return allIds.filter((id) => !missing.has(id));
  };
  const candidates = modelPaths(model)
    .filter(({ path }) => keep(path))
    .map((candidate) => ({ ...candidate, takes: takenBy(candidate.path) }));
  const seen = new Set<string>();
  const chosen: { input: unknown; path: AnyPath }[] = [];
  for (;;) {
    const gain = (c: (typeof candidates)[number]) => c.takes.filter((id) => !seen.has(id)).length;
    const best = candidates
      .filter((c) => gain(c) > 0)
      .sort((a, b) => gain(b) - gain(a) || a.path.steps.length - b.path.steps.length)[0];
    if (!best) return chosen;
    best.takes.forEach((id) => seen.add(id));
    chosen.push({ input: best.input, path: best.path });
  }
}
