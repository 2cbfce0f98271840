import { assign, enqueueActions, fromPromise, sendTo, setup } from 'xstate';
import { cancellationMachine } from './cancellation.machine';
import { isTrustedUrl, untrustedPaymentMessage } from './checkout.machine';
import { rescheduleMachine } from './reschedule.machine';
import { seriesMachine } from './series.machine';
import { waitlistOfferMachine } from './waitlist-offer.machine';
import type { BookingSeries, Message, MyOrder, WaitlistOffer } from '../openapi/schema';
import { mandateReturnText } from '../domain/money/direct-debit';

/**
 * My orders (`/profile-services`, decision 097): one machine owns the page's dialogs — cancel,
 * reschedule, a series's skip or end, a waiting list's offer — as child actors it invokes, the
 * mailed links that open them (`?move`, `?offer`, `?held`, read once from the URL as input), the
 * cancellation reason kept from an expired session, and the one-press calls of the page (Pay now,
 * Remove saved card, Leave a waiting list). The screen renders its snapshot and sends it events;
 * the toasts, reloading the lists and going to the payment page are actions the screen provides,
 * the calls actors from src/api.
 */
export interface MyOrdersLinks {
  /** A closure's mailed link (decision 048): `<order id>.<signature>`, a free move of that order. */
  move: string | null;
  /** A waiting list's offer (decision 056): the held time for a draft. */
  offer: string | null;
  /** A time held for a booked visit (decision 067): its reschedule dialog at that time. */
  held: string | null;
  /** Back from GoCardless's page (decisions 093, 100): the mandate is set up, or not confirmed yet; said once. */
  directDebit?: 'set_up' | 'pending' | null;
}

export interface ReasonDraft {
  orderId: number;
  reason: string;
}

export interface MyOrdersInput {
  links: MyOrdersLinks;
  /** A cancellation reason typed before the session expired: its dialog opens again with it. */
  draft: ReasonDraft | null;
  /** Where Pay now may send the browser (as the checkout's). */
  trustedOrigins: string[];
}

export interface MyOrdersContext extends MyOrdersInput {
  /** My orders and my series's visits, once both lists are there: the links name one of them. */
  orders: MyOrder[];
  /** The time `?held` holds, shown in the reschedule dialog it opens. */
  held: WaitlistOffer | null;
  payingOrderId: number | null;
  payError: string | null;
  removingCardId: number | null;
  leavingId: number | null;
}

export type MyOrdersEvent =
  | { type: 'lists.loaded'; orders: MyOrder[] }
  | { type: 'order.cancel'; order: MyOrder }
  | { type: 'order.reschedule'; order: MyOrder }
  | { type: 'order.pay'; order: Pick<MyOrder, 'id'> }
  /** Back from the payment page out of the browser's page cache: Pay now works again. */
  | { type: 'payment.reset' }
  | { type: 'visit.skip'; visit: MyOrder }
  | { type: 'visit.undo'; visit: MyOrder }
  | { type: 'series.cancel'; series: BookingSeries }
  | { type: 'card.remove'; seriesId: number }
  | { type: 'waitlist.leave'; entryId: number };

export interface MyOrdersMeta {
  shows: string;
}

export type Tone = 'success' | 'error';
const NOT_IN_LIST = 'This link is for a booking that is not in your list: see your orders below';
const messageOf = (error: unknown): string => (error instanceof Error ? error.message : 'Network Error');
const orderOf = (orders: readonly MyOrder[], id: number | undefined) => orders.find((order) => order.id === id);
const moveOrderId = (move: string | null) => (move ? Number(move.split('.')[0]) : undefined);

export const myOrdersMachine = setup({
  types: {} as {
    context: MyOrdersContext;
    events: MyOrdersEvent;
    input: MyOrdersInput;
    meta: MyOrdersMeta;
    children: { cancellation: 'cancellation'; reschedule: 'reschedule'; series: 'series'; waitlistOffer: 'waitlistOffer' };
  },
  actors: {
    cancellation: cancellationMachine,
    reschedule: rescheduleMachine,
    series: seriesMachine,
    waitlistOffer: waitlistOfferMachine,
    // Stryker disable next-line all: a placeholder; the app always provides this actor
    getHeldOffer: fromPromise<WaitlistOffer, { token: string }>(async () => {
      throw new Error('provide a getHeldOffer actor');
    }),
    /** The order's payment page (the same payment each time). */
    // Stryker disable next-line all: a placeholder; the app always provides this actor
    payOrder: fromPromise<string, { orderId: number }>(async () => {
      throw new Error('provide a payOrder actor');
    }),
    // Stryker disable next-line all: a placeholder; the app always provides this actor
    removeSeriesCard: fromPromise<void, { seriesId: number }>(async () => {
      throw new Error('provide a removeSeriesCard actor');
    }),
    // Stryker disable next-line all: a placeholder; the app always provides this actor
    leaveWaitlist: fromPromise<Message, { entryId: number }>(async () => {
      throw new Error('provide a leaveWaitlist actor');
    }),
  },
  actions: {
    keepOrders: assign({ orders: ({ event }) => (event.type === 'lists.loaded' ? event.orders : []) }),
    openDraft: sendTo('cancellation', ({ context, event }) => ({
      type: 'dialog.open' as const,
      order: orderOf(event.type === 'lists.loaded' ? event.orders : [], context.draft?.orderId)!,
    })),
    typeDraft: sendTo('cancellation', ({ context }) => ({ type: 'reason.change' as const, value: context.draft?.reason ?? '' })),
    openMoveLink: sendTo('reschedule', ({ context }) => ({
      type: 'dialog.open' as const,
      order: orderOf(context.orders, moveOrderId(context.links.move))!,
      move: context.links.move ?? undefined,
    })),
    keepHeld: assign({ held: (_, params: { offer: WaitlistOffer }) => params.offer }),
    openHeld: sendTo('reschedule', ({ context }) => ({ type: 'dialog.open' as const, order: orderOf(context.orders, context.held?.order_id)! })),
    chooseHeldDate: sendTo('reschedule', ({ context }) => ({ type: 'date.change' as const, value: context.held?.date ?? '' })),
    chooseHeldTime: sendTo('reschedule', ({ context }) => ({ type: 'time.change' as const, value: context.held?.time ?? '' })),
    // The buttons of the cards: each opens its dialog (or, Undo, saves at once).
    openCancel: sendTo('cancellation', ({ event }) => ({ type: 'dialog.open' as const, order: (event as { order: MyOrder }).order })),
    openReschedule: sendTo('reschedule', ({ event }) => ({ type: 'dialog.open' as const, order: (event as { order: MyOrder }).order })),
    forwardToSeries: sendTo('series', ({ event }) => event as Extract<MyOrdersEvent, { type: 'visit.skip' | 'visit.undo' | 'series.cancel' }>),
    // Provided by the screen: a toast, reading the lists again, and opening the payment page.
    notify: (_, _params: { message: string; tone: Tone }) => {},
    reloadLists: () => {},
    goToPayment: (_, _params: { url: string }) => {},
  },
  guards: {
    isDraftInList: ({ context, event }) => event.type === 'lists.loaded' && orderOf(event.orders, context.draft?.orderId) !== undefined,
    hasHeldLink: ({ context }) => context.links.held !== null,
    isMoveInList: ({ context, event }) => event.type === 'lists.loaded' && orderOf(event.orders, moveOrderId(context.links.move)) !== undefined,
    hasMoveLink: ({ context }) => context.links.move !== null,
    isHeldInList: ({ context }, params: { offer: WaitlistOffer }) => orderOf(context.orders, params.offer.order_id) !== undefined,
    isTrustedPage: ({ context }, params: { url: string }) => isTrustedUrl(params.url, context.trustedOrigins),
  },
}).createMachine({
  id: 'myOrders',
  type: 'parallel',
  context: ({ input }) => ({ ...input, orders: [], held: null, payingOrderId: null, payError: null, removingCardId: null, leavingId: null }),
  invoke: [
    { id: 'cancellation', src: 'cancellation' },
    { id: 'reschedule', src: 'reschedule' },
    { id: 'series', src: 'series' },
    { id: 'waitlistOffer', src: 'waitlistOffer' },
  ],
  // A waiting list's offer needs no list: its dialog loads the offer itself.
  // Back from GoCardless's page: what became of the Direct Debit, in a toast.
  entry: enqueueActions(({ context, enqueue }) => {
    if (context.links.offer) enqueue.sendTo('waitlistOffer', { type: 'offer.open', token: context.links.offer });
    if (context.links.directDebit) enqueue({ type: 'notify', params: { message: mandateReturnText(context.links.directDebit), tone: 'success' } });
  }),
  on: {
    'order.cancel': { actions: 'openCancel' },
    'order.reschedule': { actions: 'openReschedule' },
    'visit.skip': { actions: 'forwardToSeries' },
    'visit.undo': { actions: 'forwardToSeries' },
    'series.cancel': { actions: 'forwardToSeries' },
  },
  states: {
    // A cancellation reason typed before the session expired: its dialog opens again with it, once.
    draft: {
      initial: 'waitingForLists',
      states: {
        waitingForLists: {
          meta: { shows: 'My orders loading' },
          on: { 'lists.loaded': [{ guard: 'isDraftInList', target: 'restored', actions: ['openDraft', 'typeDraft'] }, { target: 'none' }] },
        },
        restored: { meta: { shows: 'the cancel dialog with the reason typed before the session expired' } },
        none: { meta: { shows: 'My orders; no reason was kept' } },
      },
    },
    // The mailed links, followed once, when the lists they name are there.
    links: {
      initial: 'waitingForLists',
      states: {
        waitingForLists: {
          meta: { shows: 'My orders loading; a link waits for the lists' },
          on: {
            'lists.loaded': [
              { guard: 'hasHeldLink', target: 'loadingHeld', actions: 'keepOrders' },
              { guard: 'isMoveInList', target: 'opened', actions: ['keepOrders', 'openMoveLink'] },
              { guard: 'hasMoveLink', target: 'refused', actions: ['keepOrders', { type: 'notify', params: { message: NOT_IN_LIST, tone: 'error' } }] },
              { target: 'none', actions: 'keepOrders' },
            ],
          },
        },
        // Which visit the held time is for, and until when: from the server.
        loadingHeld: {
          meta: { shows: 'My orders, the held time loading' },
          invoke: {
            id: 'getHeldOffer',
            src: 'getHeldOffer',
            input: ({ context }) => ({ token: context.links.held ?? '' }),
            onDone: [
              {
                guard: { type: 'isHeldInList', params: ({ event }) => ({ offer: event.output }) },
                target: 'opened',
                actions: [{ type: 'keepHeld', params: ({ event }) => ({ offer: event.output }) }, 'openHeld', 'chooseHeldDate', 'chooseHeldTime'],
              },
              { target: 'refused', actions: { type: 'notify', params: { message: NOT_IN_LIST, tone: 'error' } } },
            ],
            // Expired, used or withdrawn: the server's words.
            onError: { target: 'refused', actions: { type: 'notify', params: ({ event }) => ({ message: messageOf(event.error), tone: 'error' as const }) } },
          },
        },
        opened: { meta: { shows: "the link's dialog over My orders (a ?held time already chosen)" } },
        // Not followed, and said why in a toast: not my order, or the held time has gone.
        refused: { meta: { shows: 'My orders with a toast saying why the link opened nothing' } },
        none: { meta: { shows: 'My orders; no link to follow' } },
      },
    },
    // Pay now: the order's payment page, opened only when its address is one the site trusts.
    payment: {
      initial: 'idle',
      states: {
        idle: {
          meta: { shows: 'Pay now on each order awaiting payment' },
          on: { 'order.pay': { target: 'opening', actions: assign({ payingOrderId: ({ event }) => event.order.id, payError: null }) } },
        },
        opening: {
          meta: { shows: "the order's Pay now pending: Opening the payment page…" },
          invoke: {
            id: 'payOrder',
            src: 'payOrder',
            input: ({ context }) => ({ orderId: context.payingOrderId ?? 0 }),
            onDone: [
              { guard: { type: 'isTrustedPage', params: ({ event }) => ({ url: event.output }) }, target: 'leaving', actions: { type: 'goToPayment', params: ({ event }) => ({ url: event.output }) } },
              { target: 'failed', actions: assign({ payError: untrustedPaymentMessage }) },
            ],
            onError: { target: 'failed', actions: assign({ payError: ({ event }) => messageOf(event.error) }) },
          },
        },
        // The browser is on its way to the payment page; the button stays pending.
        leaving: {
          meta: { shows: "the order's Pay now pending while the payment page opens" },
          on: { 'payment.reset': { target: 'idle', actions: assign({ payingOrderId: null }) } },
        },
        failed: {
          meta: { shows: "the order's Pay now with why the payment page did not open" },
          on: {
            'order.pay': { target: 'opening', actions: assign({ payingOrderId: ({ event }) => event.order.id, payError: null }) },
            'payment.reset': { target: 'idle', actions: assign({ payingOrderId: null, payError: null }) },
          },
        },
      },
    },
    // Remove saved card: one press, one answer (decision 038); the lists are read again either way.
    savedCard: {
      initial: 'idle',
      states: {
        idle: {
          meta: { shows: 'Remove saved card on each series with a saved card' },
          on: { 'card.remove': { target: 'removing', actions: assign({ removingCardId: ({ event }) => event.seriesId }) } },
        },
        removing: {
          meta: { shows: "the series's Remove saved card pending" },
          exit: [assign({ removingCardId: null }), 'reloadLists'],
          invoke: {
            id: 'removeSeriesCard',
            src: 'removeSeriesCard',
            input: ({ context }) => ({ seriesId: context.removingCardId ?? 0 }),
            onDone: { target: 'idle', actions: { type: 'notify', params: { message: 'Saved card removed: each visit now waits for Pay now', tone: 'success' } } },
            onError: { target: 'idle', actions: { type: 'notify', params: ({ event }) => ({ message: messageOf(event.error), tone: 'error' as const }) } },
          },
        },
      },
    },
    // Leave a waiting list: one press, one answer, as removing a card.
    waitlist: {
      initial: 'idle',
      states: {
        idle: {
          meta: { shows: 'Leave on each waiting list I am on' },
          on: { 'waitlist.leave': { target: 'leaving', actions: assign({ leavingId: ({ event }) => event.entryId }) } },
        },
        leaving: {
          meta: { shows: "the waiting list's Leave pending" },
          exit: [assign({ leavingId: null }), 'reloadLists'],
          invoke: {
            id: 'leaveWaitlist',
            src: 'leaveWaitlist',
            input: ({ context }) => ({ entryId: context.leavingId ?? 0 }),
            onDone: { target: 'idle', actions: { type: 'notify', params: ({ event }) => ({ message: event.output.message, tone: 'success' as const }) } },
            onError: { target: 'idle', actions: { type: 'notify', params: ({ event }) => ({ message: messageOf(event.error), tone: 'error' as const }) } },
          },
        },
      },
    },
  },
});
