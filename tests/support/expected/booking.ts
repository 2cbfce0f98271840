import assert from 'node:assert/strict';
import { fromPromise } from 'xstate';
import { bookingMachine } from '../../../machines/booking.machine';
import { has, type ExpectedMachine } from '../expected-walks';
import type { OrderSummary, ServiceItems } from '../../../openapi/schema';

/**
 * Choosing items on /properties/:id, written from docs/requirements.md (R-BOOK-1 … R-BOOK-3), not from
 * the machine: the items load (or the failure shows with Try again); ticking adds an item with
 * quantity 1 and unticking removes it; quantities stay within 1..100; Next needs at least one item
 * and creates the order; a failed Next keeps the cart, offers Try again, and changing the cart goes
 * back to choosing; a created order ends the page (the browser goes to /placeorder).
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

export const bookingEvents = {
  tickBedroom: { type: 'items.toggle', itemId: 3 },
  tickKitchen: { type: 'items.toggle', itemId: 4 },
  twoBedrooms: { type: 'items.setQuantity', itemId: 3, quantity: 2 },
  tooManyBedrooms: { type: 'items.setQuantity', itemId: 3, quantity: 101 },
  next: { type: 'order.next' },
  retry: { type: 'retry' },
  changeQuote: { type: 'quote.change' },
  loaded: { type: 'xstate.done.actor.loadItems', output: serviceItems },
  notLoaded: { type: 'xstate.error.actor.loadItems', error: new Error('Service not found') },
  created: { type: 'xstate.done.actor.createOrder', output: orderSummary },
  notCreated: { type: 'xstate.error.actor.createOrder', error: new Error('Network Error') },
};

const changeCart = { tickBedroom: 'selecting', tickKitchen: 'selecting', twoBedrooms: 'selecting', tooManyBedrooms: 'selecting' };

/** Every line is one of the service's items, at its price, once, 1..100 of it. */
function saneCart(context: any) {
  const ids = context.cart.map((line: { id: number }) => line.id);
  assert.equal(new Set(ids).size, ids.length, 'an item is in the cart twice');
  for (const line of context.cart) {
    const item = serviceItems.items.find((candidate) => candidate.id === line.id);
    assert.ok(item, `item ${line.id} is not one of the service's`);
    assert.deepStrictEqual({ name: line.name, price: line.price }, { name: item.name, price: item.price });
    assert.ok(Number.isInteger(line.quantity) && line.quantity >= 1 && line.quantity <= 100, `quantity ${line.quantity}`);
  }
}

const loadedItems = (c: any) => has(c, { serviceId: 1, serviceName: 'House Keeping', items: serviceItems.items });

/** The booking machine with actors that never settle: the walks deliver their answers. */
export const bookingWithoutServer = bookingMachine.provide({ actors: { loadItems: never<ServiceItems>(), createOrder: never<OrderSummary>() } });

export const expectedBooking: ExpectedMachine = {
  name: 'booking',
  machine: bookingWithoutServer,
  input: { serviceId: 1 },
  events: bookingEvents,
  initial: { '': 'loadingItems' },
  regions: {
    '': {
      loadingItems: { on: { loaded: 'selecting', notLoaded: 'loadFailed' }, context: (c) => has(c, { serviceId: 1, cart: [], error: null, order: null }) },
      loadFailed: { on: { retry: 'loadingItems' }, context: (c) => has(c, { error: 'Service not found', cart: [] }) },
      selecting: {
        on: { ...changeCart, next: (c) => (c.cart.length > 0 ? 'creatingOrder' : 'selecting') },
        context: (c) => {
          loadedItems(c);
          saneCart(c);
          has(c, { error: null, order: null });
        },
      },
      // Nothing can change the cart while the order is being created.
      creatingOrder: {
        on: { created: 'ordered', notCreated: 'orderFailed' },
        context: (c) => {
          saneCart(c);
          assert.ok(c.cart.length > 0, 'creating an order with an empty cart');
          has(c, { error: null });
        },
      },
      orderFailed: {
        on: { retry: 'creatingOrder', changeQuote: 'selecting', ...changeCart },
        context: (c) => {
          saneCart(c);
          assert.ok(c.cart.length > 0, 'the cart was lost');
          has(c, { error: 'Network Error', order: null });
        },
      },
      ordered: { context: (c) => has(c, { order: orderSummary, error: null }) },
    },
  },
};
