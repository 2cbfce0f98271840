import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { bookingMachine, clampQuantity, type BookingMeta } from '../../machines/booking.machine';
import { describeExpectedWalks } from '../support/describe-expected-walks';
import { bookingWithoutServer, expectedBooking, orderSummary as summary, serviceItems } from '../support/expected/booking';

const machine = bookingWithoutServer;
const input = { serviceId: 1 };

// The screen of each state, written here rather than read from the machine's meta.
const views: Record<string, BookingMeta['view']> = {
  loadingItems: 'loading', loadFailed: 'loadFailed', selecting: 'items', creatingOrder: 'items', orderFailed: 'items', ordered: 'placeOrder',
};
describeExpectedWalks(expectedBooking, {
  meta: (meta: BookingMeta, state) => expect(meta.view, state).toBe(views[state]),
});

describe('booking machine rules', () => {
  it('clamps a quantity to 1..100, an empty entry counting as 1', () => {
    expect(clampQuantity(0)).toBe(1);
    expect(clampQuantity(-4)).toBe(1);
    expect(clampQuantity(101)).toBe(100);
    expect(clampQuantity(100)).toBe(100);
    expect(clampQuantity(7)).toBe(7);
    expect(clampQuantity(2.6)).toBe(3);
    expect(clampQuantity(Number.NaN)).toBe(1);
  });

  function selecting() {
    const actor = createActor(machine, { input }).start();
    actor.send({ type: 'xstate.done.actor.loadItems', output: serviceItems } as never);
    return actor;
  }

  it('starts choosing at once from the items the page arrived with, the kept cart ticked, nothing loaded', () => {
    let loads = 0;
    const counting = machine.provide({ actors: { loadItems: fromPromise(async () => { loads++; return serviceItems; }) } });
    const actor = createActor(counting, { input: { serviceId: 1, items: serviceItems, cart: [{ id: 4, quantity: 2 }, { id: 99, quantity: 1 }] } }).start();
    expect(actor.getSnapshot().value).toBe('selecting');
    expect(actor.getSnapshot().context.cart).toEqual([{ id: 4, name: 'Kitchen', price: 32.5, quantity: 2 }]);
    expect(loads).toBe(0);
  });

  it('follows newer items and prices: cart lines take the new price, a line whose item has gone is dropped', () => {
    const actor = createActor(machine, { input: { serviceId: 1, items: serviceItems, cart: [{ id: 3, quantity: 2 }, { id: 4, quantity: 1 }] } }).start();
    actor.send({ type: 'items.update', items: { serviceName: 'House Keeping', items: [{ id: 3, name: 'Bedroom', price: 27 }] } });
    expect(actor.getSnapshot().context.items).toEqual([{ id: 3, name: 'Bedroom', price: 27 }]);
    expect(actor.getSnapshot().context.cart).toEqual([{ id: 3, name: 'Bedroom', price: 27, quantity: 2 }]);
  });

  it('adds a checked item with quantity 1 and removes it when unchecked', () => {
    const actor = selecting();
    actor.send({ type: 'items.toggle', itemId: 4 });
    expect(actor.getSnapshot().context.cart).toEqual([{ id: 4, name: 'Kitchen', price: 32.5, quantity: 1 }]);
    actor.send({ type: 'items.toggle', itemId: 4 });
    expect(actor.getSnapshot().context.cart).toEqual([]);
  });

  it('ignores an item the service does not have', () => {
    const actor = selecting();
    actor.send({ type: 'items.toggle', itemId: 999 });
    expect(actor.getSnapshot().context.cart).toEqual([]);
  });

  it('goes to Next only with at least one item (hasItems)', () => {
    const actor = selecting();
    actor.send({ type: 'order.next' });
    expect(actor.getSnapshot().value).toBe('selecting');
    actor.send({ type: 'items.toggle', itemId: 3 });
    actor.send({ type: 'items.setQuantity', itemId: 3, quantity: 250 });
    expect(actor.getSnapshot().context.cart[0]?.quantity).toBe(100);
    actor.send({ type: 'order.next' });
    expect(actor.getSnapshot().value).toBe('creatingOrder');
  });

  it('sends the service and the items with quantities, stores the order and goes to /placeorder', async () => {
    const calls: string[] = [];
    const actor = createActor(
      bookingMachine.provide({
        actors: {
          loadItems: fromPromise(async () => serviceItems),
          createOrder: fromPromise(async ({ input: request }) => {
            calls.push(JSON.stringify(request));
            return summary;
          }),
        },
        actions: {
          storeOrder: ({ context }) => calls.push(`store ${context.order?.id}`),
          goToPlaceOrder: () => calls.push('go /placeorder'),
        },
      }),
      { input },
    ).start();
    await waitFor(actor, (s) => s.matches('selecting'));
    actor.send({ type: 'items.toggle', itemId: 3 });
    actor.send({ type: 'items.setQuantity', itemId: 3, quantity: 2 });
    actor.send({ type: 'items.toggle', itemId: 4 });
    actor.send({ type: 'order.next' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls).toEqual([
      '{"service":1,"items":[{"id":3,"quantity":2},{"id":4,"quantity":1}]}',
      'store 12',
      'go /placeorder',
    ]);
  });

  it('keeps the cart and the message when creating the order fails, and retries', () => {
    const actor = selecting();
    actor.send({ type: 'items.toggle', itemId: 3 });
    actor.send({ type: 'order.next' });
    actor.send({ type: 'xstate.error.actor.createOrder', error: new Error('Network Error') } as never);
    expect(actor.getSnapshot().value).toBe('orderFailed');
    expect(actor.getSnapshot().context.error).toBe('Network Error');
    expect(actor.getSnapshot().context.cart).toHaveLength(1);
    actor.send({ type: 'retry' });
    expect(actor.getSnapshot().value).toBe('creatingOrder');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('after a failed Next, changing the cart goes back to choosing and drops the message', () => {
    for (const change of [{ type: 'items.toggle', itemId: 4 }, { type: 'items.setQuantity', itemId: 3, quantity: 2 }] as const) {
      const actor = selecting();
      actor.send({ type: 'items.toggle', itemId: 3 });
      actor.send({ type: 'order.next' });
      actor.send({ type: 'xstate.error.actor.createOrder', error: new Error('Network Error') } as never);
      actor.send(change);
      expect(actor.getSnapshot().value).toBe('selecting');
      expect(actor.getSnapshot().context.error).toBeNull();
    }
  });

  it('shows why the items did not load, "Network Error" when the failure says nothing, and loads again on Try again', async () => {
    let calls = 0;
    const actor = createActor(
      bookingMachine.provide({
        actors: {
          loadItems: fromPromise(async () => {
            calls += 1;
            if (calls === 1) throw new Error('Service not found');
            if (calls === 2) throw 'offline';
            return serviceItems;
          }),
        },
      }),
      { input },
    ).start();
    await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(actor.getSnapshot().context.error).toBe('Service not found');
    actor.send({ type: 'retry' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(actor.getSnapshot().context.error).toBe('Network Error');
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches('selecting'));
    expect(actor.getSnapshot().context).toMatchObject({ serviceName: 'House Keeping', items: serviceItems.items, error: null });
    expect(calls).toBe(3);
  });

  it('restores a kept cart once the items are loaded: unknown items dropped, quantities clamped', () => {
    const actor = createActor(machine, {
      input: { serviceId: 1, cart: [{ id: 4, quantity: 3 }, { id: 999, quantity: 1 }, { id: 3, quantity: 500 }] },
    }).start();
    expect(actor.getSnapshot().context.cart).toEqual([]);
    actor.send({ type: 'xstate.done.actor.loadItems', output: serviceItems } as never);
    expect(actor.getSnapshot().context.cart).toEqual([
      { id: 4, name: 'Kitchen', price: 32.5, quantity: 3 },
      { id: 3, name: 'Bedroom', price: 25, quantity: 100 },
    ]);
    expect(actor.getSnapshot().can({ type: 'order.next' })).toBe(true);
  });

  it('keeps the cart (keepCart) after every change, including after a failed Next', () => {
    const kept: string[] = [];
    const actor = createActor(
      machine.provide({ actions: { keepCart: ({ context }) => kept.push(context.cart.map((l) => `${l.id}x${l.quantity}`).join(',')) } }),
      { input },
    ).start();
    actor.send({ type: 'xstate.done.actor.loadItems', output: serviceItems } as never);
    actor.send({ type: 'items.toggle', itemId: 3 });
    actor.send({ type: 'items.setQuantity', itemId: 3, quantity: 2 });
    actor.send({ type: 'order.next' });
    actor.send({ type: 'xstate.error.actor.createOrder', error: new Error('Network Error') } as never);
    actor.send({ type: 'items.toggle', itemId: 4 });
    expect(kept).toEqual(['3x1', '3x2', '3x2,4x1']);
  });
});
