import { assign, fromPromise, setup } from 'xstate';
import { isUkPostcode } from '../domain/site/postcodes';
import { isRetryable } from './checkout.machine';
import type { CheckoutResponse, WaitlistCheckout, WaitlistOffer } from '../openapi/schema';

/**
 * A waiting list's offer (decision 056): the mailed link opens My orders with `?offer=`; the
 * dialog loads the held time and its price from the server, or says in words that the offer has
 * expired or was used; the customer gives the address details (filled in with those given before,
 * decision 085), chooses cash or card as on
 * /placeorder, and books, which checks the draft out at the held time (the one checkout service).
 * Cash is booked there and then; card goes on to the payment page, as /placeorder's checkout does
 * (decision 067). A refused booking shows its message, with Try again only when sending the same
 * again can help.
 */
export type OfferDetails = Omit<WaitlistCheckout, 'confirmed_total'>;

export interface WaitlistOfferContext {
  token: string | null;
  offer: WaitlistOffer | null;
  details: OfferDetails;
  error: string | null;
  canRetry: boolean;
}

export type WaitlistOfferEvent =
  | { type: 'offer.open'; token: string }
  | { type: 'details.change'; field: Exclude<keyof OfferDetails, 'payment'>; value: string }
  | { type: 'payment.change'; value: OfferDetails['payment'] }
  | { type: 'offer.book' }
  | { type: 'retry' }
  | { type: 'dialog.close' };

/** What My orders shows in each state (checked in Chromium by tests/e2e/waitlist.spec.ts). */
export interface WaitlistOfferMeta {
  shows: string;
  dialog: boolean;
  alert?: boolean;
  busy?: boolean;
}

const emptyDetails: OfferDetails = { address: '', city: '', code_postal: '', phone: '', client_note: '', payment: 'cash' };
const closedContext: WaitlistOfferContext = { token: null, offer: null, details: emptyDetails, error: null, canRetry: false };
const PHONE = /^\+?[0-9 ()-]{7,20}$/;

export const waitlistOfferMachine = setup({
  types: {} as { context: WaitlistOfferContext; events: WaitlistOfferEvent; meta: WaitlistOfferMeta },
  actors: {
    // Stryker disable next-line all: a placeholder; the app always provides this actor
    getWaitlistOffer: fromPromise<WaitlistOffer, { token: string }>(async () => {
      // Stryker disable next-line all: a placeholder; the app always provides this actor
      throw new Error('provide a getWaitlistOffer actor');
    }),
    // Stryker disable next-line all: a placeholder; the app always provides this actor
    checkoutWaitlistOffer: fromPromise<CheckoutResponse, { token: string; details: OfferDetails }>(async () => {
      // Stryker disable next-line all: a placeholder; the app always provides this actor
      throw new Error('provide a checkoutWaitlistOffer actor');
    }),
  },
  actions: {
    openFor: assign(({ event }) => (event.type === 'offer.open' ? { ...closedContext, token: event.token } : {})),
    // The address and phone the customer gave before (when joining, or on their latest booking) are
    // filled in, so they are not asked again; they can still change them (decision 085).
    keepOffer: assign(({ context }, params: { offer: WaitlistOffer }) => ({
      offer: params.offer,
      details: params.offer.contact ? { ...context.details, ...params.offer.contact } : context.details,
    })),
    changeDetail: assign(({ context, event }) =>
      event.type === 'details.change' ? { details: { ...context.details, [event.field]: event.value }, error: null } : {},
    ),
    changePayment: assign(({ context, event }) => (event.type === 'payment.change' ? { details: { ...context.details, payment: event.value }, error: null } : {})),
    keepError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error), canRetry: isRetryable(params.error) })),
    reset: assign(closedContext),
    // Provided by the screen: a card booking goes on to its payment page (when it is one the site
    // trusts, as /placeorder's); cash reloads My orders.
    goToPayment: (_, _params: { answer: CheckoutResponse }) => {},
    reloadOrders: () => {},
  },
  guards: {
    hasDetails: ({ context }) =>
      context.details.address.trim() !== '' && context.details.city.trim() !== '' && isUkPostcode(context.details.code_postal) && PHONE.test(context.details.phone.trim()),
    canRetry: ({ context }) => context.canRetry,
    // The server answers the payment asked for: card is checked out awaiting its payment page.
    paysByCard: ({ context }) => context.details.payment === 'card',
  },
}).createMachine({
  id: 'waitlistOffer',
  context: closedContext,
  initial: 'closed',
  states: {
    closed: {
      meta: { shows: 'My orders without the offer dialog', dialog: false },
      on: { 'offer.open': { target: 'loadingOffer', actions: 'openFor' } },
    },
    loadingOffer: {
      meta: { shows: 'the offer dialog, loading the held time', dialog: true, busy: true },
      invoke: {
        id: 'getWaitlistOffer',
        src: 'getWaitlistOffer',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: { target: 'offered', actions: { type: 'keepOffer', params: ({ event }) => ({ offer: event.output }) } },
        onError: { target: 'unavailable', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // Expired, used, withdrawn or not this customer's: said in words, nothing to book.
    unavailable: {
      meta: { shows: 'the offer dialog with why the offer cannot be used, and Close', dialog: true, alert: true },
      on: { 'dialog.close': { target: 'closed', actions: 'reset' } },
    },
    offered: {
      meta: { shows: 'the held time, its price and until when it is held, the address fields and Book this time', dialog: true, alert: false },
      on: {
        'details.change': { actions: 'changeDetail' },
        'payment.change': { actions: 'changePayment' },
        'offer.book': { guard: 'hasDetails', target: 'booking' },
        'dialog.close': { target: 'closed', actions: 'reset' },
      },
    },
    // Not dismissable mid-request, so the outcome is always seen.
    booking: {
      meta: { shows: 'the offer dialog, its fields disabled while Book this time is pending', dialog: true, busy: true },
      invoke: {
        id: 'checkoutWaitlistOffer',
        src: 'checkoutWaitlistOffer',
        input: ({ context }) => ({ token: context.token ?? '', details: context.details }),
        onDone: [
          { guard: 'paysByCard', target: 'payingByCard', actions: { type: 'goToPayment', params: ({ event }) => ({ answer: event.output }) } },
          { target: 'booked', actions: 'reloadOrders' },
        ],
        onError: { target: 'failed', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      meta: { shows: 'the offer dialog with the error in an alert, the details kept, and Try again when it can help', dialog: true, alert: true },
      on: {
        retry: { guard: 'canRetry', target: 'booking' },
        'details.change': { target: 'offered', actions: 'changeDetail' },
        'payment.change': { target: 'offered', actions: 'changePayment' },
        'dialog.close': { target: 'closed', actions: 'reset' },
      },
    },
    booked: {
      meta: { shows: 'the offer dialog saying the time is booked, and Close', dialog: true, alert: false },
      on: { 'dialog.close': { target: 'closed', actions: 'reset' } },
    },
    // Booked, awaiting the card: the browser is on the payment page (nothing is paid yet), and back
    // from it on /success or, cancelled, on My orders with Pay now.
    payingByCard: { type: 'final', meta: { shows: 'the payment page, then /success once paid', dialog: false } },
  },
});

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : 'Network Error';
}
