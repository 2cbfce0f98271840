import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { bookingMachine } from '../../machines/booking.machine';
import { isTrustedUrl } from '../../machines/checkout.machine';
import type { NewOrderRequest, OrderSummary, ServiceItems } from '../../openapi/schema';

/**
 * The service page's cart (R-BOOK): what ticking and quantities do to it, what the kept cart
 * becomes once the checklist loads, and what the order is created with; and which payment pages
 * the checkout opens.
 */
const checklist: ServiceItems = {
  serviceName: 'House Keeping',
  items: [{ id: 1, name: 'Bedroom', price: 25 }, { id: 2, name: 'Bathroom', price: 30 }, { id: 3, name: 'Kitchen', price: 35 }],
} as ServiceItems;

function booking(cart?: Array<{ id: number; quantity: number }>, failures: { load?: unknown[]; order?: unknown[] } = {}) {
  const loads: number[] = [];
  const orders: NewOrderRequest[] = [];
  const machine = bookingMachine.provide({
    actors: {
      loadItems: fromPromise<ServiceItems, { serviceId: number }>(async ({ input }) => {
        loads.push(input.serviceId);
        if (failures.load?.length) throw failures.load.shift();
        return checklist;
      }),
      createOrder: fromPromise<OrderSummary, NewOrderRequest>(async ({ input }) => {
        orders.push(input);
        if (failures.order?.length) throw failures.order.shift();
        return { id: 41 } as OrderSummary;
      }),
    },
  });
  const actor = createActor(machine, { input: { serviceId: 7, ...(cart ? { cart } : {}) } as never }).start();
  return { actor, loads, orders };
}
const cartOf = (actor: ReturnType<typeof booking>['actor']) => actor.getSnapshot().context.cart.map(({ id, quantity }) => [id, quantity]);

describe('the booking cart', () => {
  it('ticking adds one of an item, ticking it again removes only it; a quantity changes only its line', async () => {
    const { actor, loads, orders } = booking();
    await waitFor(actor, (snapshot) => snapshot.matches('selecting'));
    expect(loads).toEqual([7]);
    for (const itemId of [1, 2, 3, 9]) actor.send({ type: 'items.toggle', itemId });
    expect(cartOf(actor)).toEqual([[1, 1], [2, 1], [3, 1]]);
    actor.send({ type: 'items.toggle', itemId: 2 });
    actor.send({ type: 'items.setQuantity', itemId: 3, quantity: 4 });
    expect(cartOf(actor)).toEqual([[1, 1], [3, 4]]);
    actor.send({ type: 'order.next' });
    await waitFor(actor, (snapshot) => snapshot.matches('ordered'));
    expect(orders).toEqual([{ service: 7, items: [{ id: 1, quantity: 1 }, { id: 3, quantity: 4 }] }]);
  });

  it('a kept cart comes back with the items still offered, and an empty one stays empty', async () => {
    const kept = booking([{ id: 3, quantity: 2 }, { id: 9, quantity: 1 }]);
    await waitFor(kept.actor, (snapshot) => snapshot.matches('selecting'));
    expect(cartOf(kept.actor)).toEqual([[3, 2]]);
    const fresh = booking();
    await waitFor(fresh.actor, (snapshot) => snapshot.matches('selecting'));
    expect(fresh.actor.getSnapshot().context).toMatchObject({ cart: [], serviceName: 'House Keeping', error: null });
  });

  it('says why the checklist or the order failed ("Network Error" when nothing better is known), and keeps the cart', async () => {
    const { actor } = booking([{ id: 1, quantity: 1 }], { load: [new Error('Service not found')] });
    await waitFor(actor, (snapshot) => snapshot.matches('loadFailed'));
    expect(actor.getSnapshot().context.error).toBe('Service not found');
    const ordering = booking([{ id: 1, quantity: 2 }], { order: [new Error('Too many attempts, please try again in a few minutes')] });
    await waitFor(ordering.actor, (snapshot) => snapshot.matches('selecting'));
    ordering.actor.send({ type: 'order.next' });
    await waitFor(ordering.actor, (snapshot) => snapshot.matches('orderFailed'));
    expect(ordering.actor.getSnapshot().context.error).toBe('Too many attempts, please try again in a few minutes');
    expect(cartOf(ordering.actor)).toEqual([[1, 2]]);
    const offline = booking(undefined, { load: ['offline'] });
    await waitFor(offline.actor, (snapshot) => snapshot.matches('loadFailed'));
    expect(offline.actor.getSnapshot().context.error).toBe('Network Error');
  });
});

describe('the payment page the checkout opens', () => {
  it('only an http(s) page of a trusted origin', () => {
    const trusted = ['http://localhost:3000', 'https://pay.example.com'];
    expect(isTrustedUrl('http://localhost:3000/test-payments/abc', trusted)).toBe(true);
    expect(isTrustedUrl('https://pay.example.com/s/1', trusted)).toBe(true);
    expect(isTrustedUrl('https://evil.example.com/s/1', trusted)).toBe(false);
    expect(isTrustedUrl('javascript:alert(1)', trusted)).toBe(false);
    expect(isTrustedUrl('/test-payments/abc', trusted)).toBe(false);
    expect(isTrustedUrl(undefined, trusted)).toBe(false);
    expect(isTrustedUrl('', trusted)).toBe(false);
  });
});
