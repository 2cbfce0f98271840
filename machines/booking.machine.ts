import { assign, fromPromise, setup } from 'xstate';
import type { Item, NewOrderRequest, OrderSummary, ServiceItems } from '../openapi/schema';

/**
 * The first half of booking, on /properties/:id (R-BOOK-1 … R-BOOK-3): load the service's items, choose
 * items and quantities, create the order. The created order is a draft on the server (invisible to
 * everyone until checkout) and is handed over (named actions `storeOrder` + `goToPlaceOrder`,
 * provided by the screen) to the checkout machine on /placeorder, which is a separate machine
 * because a reload there must resume from the stored order alone. The cart is a draft too: the
 * screen keeps it (`keepCart`) and passes it back as `input.cart`, so Back, Forward and a reload
 * find the items still ticked.
 */
export type CartItem = Item & { quantity: number };

export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 100;

/** Quantities stay within 1..100 (R-BOOK-2); an empty or non-numeric entry counts as 1. */
export function clampQuantity(quantity: number): number {
  if (!Number.isFinite(quantity)) return MIN_QUANTITY;
  return Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, Math.round(quantity)));
}

/** A cart line as kept between visits: the item and its quantity (prices come from the server). */
export type CartLine = { id: number; quantity: number };

export interface BookingInput {
  serviceId: number;
  /** The cart kept from an earlier visit of this service's page, if any. */
  cart?: CartLine[];
  /**
   * The items the page arrived with (the prerendered page's data, issue 25 row 8): the checklist
   * shows them at once, nothing is loaded, and `items.update` brings the server's current ones.
   */
  items?: ServiceItems;
}

export interface BookingContext {
  serviceId: number;
  /** The kept cart, applied once the items are loaded (lines whose item is gone are dropped). */
  keptCart: CartLine[];
  serviceName: string;
  items: Item[];
  cart: CartItem[];
  order: OrderSummary | null;
  error: string | null;
}

export type BookingEvent =
  | { type: 'items.toggle'; itemId: number }
  | { type: 'items.setQuantity'; itemId: number; quantity: number }
  | { type: 'items.update'; items: ServiceItems }
  | { type: 'order.next' }
  /** The quote's postcode, frequency or extras changed (the cart's items come as items.*). */
  | { type: 'quote.change' }
  | { type: 'retry' };

/**
 * What /properties/:id shows in each state (checked in Chromium by tests/e2e/booking-paths.spec.ts):
 * which view, whether an error alert with Try again shows, and whether Next is pending.
 */
export interface BookingMeta {
  shows: string;
  view: 'loading' | 'loadFailed' | 'items' | 'placeOrder';
  alert?: boolean;
  /** A call is in flight: the page waits for the server's answer. */
  busy?: boolean;
}

export const bookingMachine = setup({
  types: {} as { context: BookingContext; events: BookingEvent; input: BookingInput; meta: BookingMeta },
  actors: {
    loadItems: fromPromise<ServiceItems, { serviceId: number }>(async () => {
      throw new Error('provide a loadItems actor');
    }),
    createOrder: fromPromise<OrderSummary, NewOrderRequest>(async () => {
      throw new Error('provide a createOrder actor');
    }),
  },
  actions: {
    toggleItem: assign({
      cart: ({ context, event }) => {
        if (event.type !== 'items.toggle') return context.cart;
        if (context.cart.some((line) => line.id === event.itemId)) {
          return context.cart.filter((line) => line.id !== event.itemId);
        }
        const item = context.items.find((candidate) => candidate.id === event.itemId);
        return item ? [...context.cart, { ...item, quantity: MIN_QUANTITY }] : context.cart;
      },
    }),
    setQuantity: assign({
      cart: ({ context, event }) =>
        event.type !== 'items.setQuantity'
          ? context.cart
          : context.cart.map((line) =>
              line.id === event.itemId ? { ...line, quantity: clampQuantity(event.quantity) } : line,
            ),
    }),
    // Newer items and prices (read again after a prerendered start): the cart's lines follow them.
    updateItems: assign(({ context, event }) => {
      if (event.type !== 'items.update') return {};
      const items = event.items.items;
      const cart = context.cart.flatMap((line) => {
        const item = items.find((candidate) => candidate.id === line.id);
        return item ? [{ ...item, quantity: line.quantity }] : [];
      });
      return { serviceName: event.items.serviceName, items, cart };
    }),
    restoreCart: assign({
      cart: ({ context }) =>
        context.keptCart.flatMap(({ id, quantity }) => {
          const item = context.items.find((candidate) => candidate.id === id);
          return item ? [{ ...item, quantity: clampQuantity(quantity) }] : [];
        }),
    }),
    keepError: assign({ error: (_, params: { error: unknown }) => messageOf(params.error) }),
    // Provided by the screen: keep the cart as the user's draft; save the summary under
    // localStorage `myService`; go to /placeorder.
    keepCart: () => {},
    storeOrder: () => {},
    goToPlaceOrder: () => {},
  },
  guards: {
    hasItems: ({ context }) => context.cart.length > 0,
    arrivedWithItems: ({ context }) => context.items.length > 0,
  },
}).createMachine({
  id: 'booking',
  context: ({ input }) => ({
    serviceId: input.serviceId,
    keptCart: input.cart ?? [],
    serviceName: input.items?.serviceName ?? '',
    items: input.items?.items ?? [],
    cart: [],
    order: null,
    error: null,
  }),
  initial: 'loadingItems',
  on: { 'items.update': { actions: 'updateItems' } },
  states: {
    loadingItems: {
      meta: { shows: 'the spinner "Loading items"', view: 'loading', busy: true },
      // Items given with the input: nothing to load.
      always: { guard: 'arrivedWithItems', target: 'selecting', actions: 'restoreCart' },
      invoke: {
        id: 'loadItems',
        src: 'loadItems',
        input: ({ context }) => ({ serviceId: context.serviceId }),
        onDone: {
          target: 'selecting',
          actions: [
            assign({ serviceName: ({ event }) => event.output.serviceName, items: ({ event }) => event.output.items }),
            'restoreCart',
          ],
        },
        onError: { target: 'loadFailed', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      meta: { shows: 'the error in an alert, Back and Try again', view: 'loadFailed', alert: true },
      on: { retry: { target: 'loadingItems', actions: assign({ error: null }) } },
    },
    // The checklist and cart: Next only once at least one item is chosen.
    selecting: {
      meta: { shows: 'the checklist and the cart with its total; Next enabled once an item is ticked', view: 'items', alert: false },
      on: {
        'items.toggle': { actions: ['toggleItem', 'keepCart'] },
        'items.setQuantity': { actions: ['setQuantity', 'keepCart'] },
        'order.next': { guard: 'hasItems', target: 'creatingOrder' },
      },
    },
    creatingOrder: {
      meta: { shows: 'the checklist and the cart, Next pending ("Creating order…")', view: 'items', busy: true },
      invoke: {
        id: 'createOrder',
        src: 'createOrder',
        input: ({ context }) => ({
          service: context.serviceId,
          items: context.cart.map(({ id, quantity }) => ({ id, quantity })),
        }),
        onDone: {
          target: 'ordered',
          actions: [assign({ order: ({ event }) => event.output }), 'storeOrder', 'goToPlaceOrder'],
        },
        onError: { target: 'orderFailed', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // The cart is kept: the customer may retry as is, or change it first.
    orderFailed: {
      meta: { shows: 'the checklist and the cart with the error in an alert and Try again; Next disabled', view: 'items', alert: true },
      on: {
        retry: { target: 'creatingOrder', actions: assign({ error: null }) },
        'items.toggle': { target: 'selecting', actions: ['toggleItem', 'keepCart', assign({ error: null })] },
        'items.setQuantity': { target: 'selecting', actions: ['setQuantity', 'keepCart', assign({ error: null })] },
        // Next failed on the quote ("We don't cover M1 yet"): a changed quote (a corrected postcode)
        // is a new price to order from, so the old failure goes at once (issue 36 row 4).
        'quote.change': { target: 'selecting', actions: assign({ error: null }) },
      },
    },
    ordered: { type: 'final', meta: { shows: '/placeorder, the order stored under myService', view: 'placeOrder' } },
  },
});

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : 'Network Error';
}
