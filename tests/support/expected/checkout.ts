import assert from 'node:assert/strict';
import { fromPromise } from 'xstate';
import { checkoutMachine, type CheckoutAnswer } from '../../../machines/checkout.machine';
import { has, type ExpectedMachine } from '../expected-walks';
import { orderSummary } from './booking';

/**
 * Placing the order on /placeorder, written from docs/requirements.md (R-PAY-1 … R-PAY-3), not from the
 * machine: without a stored order there is nothing to pay; Pay sends only a complete form with a UK
 * postcode (otherwise the field errors show and the form stays); a cash answer ends on the
 * confirmation page, a card answer on the payment page when its address is trusted, and one that
 * is not is refused with a message; a failure keeps the form and offers Try again (Pay again is a
 * retry too), and changing the form goes back to editing it. When the address changes the price
 * (decision 037) nothing is paid: the new total shows until the customer confirms it (the checkout is
 * sent again with that total, under a new key) or changes the form (which drops it).
 */
const never = <T>() => fromPromise<T, any>(() => new Promise<T>(() => {}));

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
const paid = 'Payment was successfully !';

/** The order of orderSummary (2 bedrooms, £82.50) checked out inside the Congestion Charge zone. */
export const priceChangedAnswer = {
  message: 'The price for WC2N 5DU is £94.00, not £82.50: please confirm the new total before paying',
  priceChanged: {
    previousTotal: 82.5, total: 94, vat: 15.67,
    lines: [{ kind: 'item', name: 'Bedroom', quantity: 2, unitPrice: 41.25, amount: 82.5 }, { kind: 'congestion', name: 'Congestion Charge', amount: 11.5 }],
  },
};

export const checkoutEvents = {
  fill: { type: 'form.change', values: validCheckoutValues },
  chooseCard: { type: 'form.change', values: { payment: 'card' } },
  badPostcode: { type: 'form.change', values: { postcode: 'nope' } },
  pay: { type: 'order.submit' },
  retry: { type: 'retry' },
  paidCash: { type: 'xstate.done.actor.checkout', output: { message: paid, payment: 'cash' } },
  paidCard: { type: 'xstate.done.actor.checkout', output: { message: paid, payment: 'card', shippingInfo: `${trustedOrigin}/test-payments/abc` } },
  paidElsewhere: { type: 'xstate.done.actor.checkout', output: { message: paid, payment: 'card', shippingInfo: 'https://evil.example/pay' } },
  failed: { type: 'xstate.error.actor.checkout', error: new Error('Network Error') },
  priceChanged: { type: 'xstate.done.actor.checkout', output: priceChangedAnswer },
  confirm: { type: 'price.confirm' },
};

const required = ['address', 'city', 'postcode', 'phone', 'date', 'time'] as const;
/** Complete, with a UK postcode (the only ways the walks' forms can be wrong). */
const complete = (c: any) => required.every((field) => c.form[field] !== '') && c.form.postcode !== 'nope';
const edits = { fill: 'editing', chooseCard: 'editing', badPostcode: 'editing' };
const attemptKey = (c: any) => assert.match(c.idempotencyKey, /^co-[0-9a-f]{28}$/);

/** The checkout machine with an actor that never settles: the walks deliver its answers. */
export const checkoutWithoutServer = checkoutMachine.provide({ actors: { checkout: never<CheckoutAnswer>() } });
const machine = checkoutWithoutServer;

export const expectedCheckout: ExpectedMachine = {
  name: 'checkout',
  machine,
  input: { order: orderSummary, trustedOrigins: [trustedOrigin] },
  events: checkoutEvents,
  initial: { '': 'editing' },
  regions: {
    '': {
      editing: {
        on: { ...edits, pay: (c) => (complete(c) ? 'submitting' : 'editing') },
        context: (c) => {
          has(c, { order: orderSummary, error: null, priceChange: null, confirmedTotal: null });
          // Once Pay was pressed on an incomplete form, every field still wrong says so.
          if (c.showErrors) for (const field of required) if (c.form[field] === '') assert.equal(c.errors[field], `${field[0]!.toUpperCase()}${field.slice(1)} is required !`);
          if (c.showErrors && c.form.postcode === 'nope') assert.equal(c.errors.postcode, 'Enter a UK postcode, like SW1A 1AA !');
          if (!c.showErrors) assert.deepStrictEqual(c.errors, {});
        },
      },
      // The form cannot change while the payment is in flight.
      submitting: {
        on: { paidCash: 'paid', paidCard: 'redirecting', paidElsewhere: 'paymentBlocked', failed: 'submitFailed', priceChanged: 'priceChanged' },
        context: (c) => {
          attemptKey(c);
          assert.ok(complete(c), 'sending an incomplete form');
          has(c, { errors: {}, showErrors: false });
          // Sent with a total only once the customer confirmed the one the server named.
          assert.ok(c.confirmedTotal === null || c.confirmedTotal === priceChangedAnswer.priceChanged.total);
        },
      },
      // The new total shows; Confirm sends the same details with it, under another key.
      priceChanged: {
        on: { confirm: 'submitting', ...edits },
        context: (c) => {
          attemptKey(c);
          has(c, { priceChange: priceChangedAnswer, confirmedTotal: null });
        },
      },
      submitFailed: {
        on: { retry: 'submitting', pay: 'submitting', ...edits },
        context: (c) => {
          attemptKey(c);
          has(c, { error: 'Network Error' });
        },
      },
      paid: { context: attemptKey },
      redirecting: { context: attemptKey },
      paymentBlocked: { context: (c) => has(c, { error: 'The payment page address is not one we trust, so we did not open it.' }) },
    },
  },
};

/** /placeorder reloaded with no stored order: nothing to pay, and nothing the customer does changes that. */
export const expectedCheckoutWithoutOrder: ExpectedMachine = {
  name: 'checkout without an order',
  machine,
  input: { order: null, trustedOrigins: [trustedOrigin] },
  events: checkoutEvents,
  initial: { '': 'noOrder' },
  regions: { '': { noOrder: { context: (c) => has(c, { order: null }) } } },
};

/** Both starts of /placeorder: the coverage of the checkout machine counts the paths from each. */
export const checkoutInputs = [expectedCheckout.input, expectedCheckoutWithoutOrder.input];
