import { fromPromise } from 'xstate';
import { quoteMachine } from '../../machines/quote.machine';
import type { Quote, QuoteOptions } from '../../openapi/schema';

/**
 * The model of the quote machine (issue 14 §1), for the unit walks (tests/support/expected/quote.ts). Actors
 * never settle: each path delivers the done and error events itself.
 */
const never = <T>() => fromPromise<T, any>(() => new Promise<T>(() => {}));

export const quoteOptions: QuoteOptions = {
  serviceId: 1,
  serviceName: 'House Keeping',
  items: [{ id: 3, name: 'Bedroom', price: 25 }],
  frequencies: [{ code: 'one_off', name: 'One-off', discountPercent: 0 }, { code: 'weekly', name: 'Weekly', discountPercent: 15 }],
  extras: [{ id: 1, name: 'Unblocking drains', price: 50, kind: 'extra' }],
  vatPercent: 20,
  congestionCharge: 11.5,
};

export const quote: Quote = {
  id: 'AAAAAAAAAAAAAAAAAAAAAAAA',
  service: 1,
  serviceName: 'House Keeping',
  frequency: 'one_off',
  postcode: null,
  items: [{ id: 3, quantity: 1 }],
  extras: [],
  lines: [{ kind: 'item', name: 'Bedroom', quantity: 1, unitPrice: 25, amount: 25 }],
  total: 25,
  vat: 4.17,
  net: 20.83,
  minutes: 90,
  expiresAt: '2030-01-01T00:30:00.000Z',
};

export const quoteModel = {
  machine: quoteMachine.provide({ actors: { loadOptions: never<QuoteOptions>(), createQuote: never<Quote>() } }),
  inputs: [{ serviceId: 1 }],
  events: [
    { type: 'items.toggle', itemId: 3 },
    { type: 'items.setQuantity', itemId: 3, quantity: 2 },
    { type: 'items.set', items: [] },
    { type: 'items.set', items: [{ id: 3, quantity: 1 }] },
    { type: 'extras.toggle', extraId: 1 },
    { type: 'extras.setQuantity', extraId: 1, quantity: 2 },
    { type: 'frequency.choose', frequency: 'weekly' },
    { type: 'postcode.change', postcode: 'WC2N 5DU' },
    { type: 'quote.continue' },
    { type: 'retry' },
    { type: 'xstate.done.actor.loadOptions', output: quoteOptions },
    { type: 'xstate.error.actor.loadOptions', error: new Error('Network Error') },
    { type: 'xstate.done.actor.createQuote', output: quote },
    { type: 'xstate.error.actor.createQuote', error: new Error('Too many attempts, please try again in a few minutes') },
  ],
};
