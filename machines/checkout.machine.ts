import { assign, fromPromise, setup } from 'xstate';
import type { CheckoutConflict, CheckoutPriceChange, CheckoutResponse, OrderSummary, CheckoutRequest, OfficeBookingRequest } from '../openapi/schema';
import { samePostcode } from '../domain/site/postcodes';
import { emptyCheckoutForm, hasErrors, toCheckoutRequest, validateCheckout, type CheckoutErrors, type CheckoutForm } from './checkout-form';

/**
 * The second half of booking, on /placeorder (R-PAY-1 … R-PAY-3): the order created on /properties arrives
 * as input (read back from localStorage `myService`, so a reload resumes), the customer fills the
 * form and pays. The form is a draft the screen keeps (`keepForm`) and passes back as
 * `input.form`, so Back, Forward, a reload or logging in again after an expired session find it
 * filled. Cash: toast and the confirmation page. Card: toast and the browser goes to the payment
 * page, but only when its origin is trusted. A failure keeps the form and offers a retry with the
 * same key. The server prices the job for the address (decision 037): when that changes the total,
 * nothing is paid; the new total shows and the customer confirms it (`priceChanged` → `price.confirm`),
 * which checks out again at exactly that total. The page shows the price for the typed postcode
 * before Pay (address-price.machine.ts): Pay sends that total (`order.submit` with `shown`), so the
 * confirm step is left for a price that moved between the page and the checkout (issue 36 row 4).
 */
export interface CheckoutCall {
  idempotencyKey: string;
  body: CheckoutRequest;
}

/** The server's answer that the address changes the price: its words and the new figures. */
export type PriceChangedAnswer = CheckoutConflict & { priceChanged: CheckoutPriceChange };
/** What a checkout call ends with: checked out, or not yet because the price changed. */
export type CheckoutAnswer = CheckoutResponse | PriceChangedAnswer;

export interface CheckoutInput {
  order: OrderSummary | null;
  /** Origins the browser may be sent to for card payment: the site's and the API's, plus any configured. */
  trustedOrigins: string[];
  /** The form kept from an earlier visit (a draft), if any. */
  form?: CheckoutForm | null;
}

export interface CheckoutContext extends CheckoutInput {
  form: CheckoutForm;
  /** Shown once the customer has tried to submit; then kept current as they type. */
  errors: CheckoutErrors;
  showErrors: boolean;
  idempotencyKey: string | null;
  error: string | null;
  /** The failure can pass by itself (no answer, a server error or a limit): only then "Try again". */
  canRetry: boolean;
  /** The server's new price for the address, with its words; shown until the form changes. */
  priceChange: PriceChangedAnswer | null;
  /** The new total (pounds) the customer confirmed: sent with the checkout, which goes ahead only at it. */
  confirmedTotal: number | null;
}

export type CheckoutEvent =
  | { type: 'form.change'; values: Partial<CheckoutForm> }
  /** `shown`: the price for the address the page showed when Pay was pressed (pounds), if any. */
  | { type: 'order.submit'; shown?: { postcode: string; total: number } | null }
  | { type: 'price.confirm' }
  | { type: 'retry' };

/**
 * What /placeorder shows in each state (checked in Chromium by tests/e2e/booking-paths.spec.ts):
 * which view, whether an error alert shows, and whether Pay is pending.
 */
export interface CheckoutMeta {
  shows: string;
  view: 'form' | 'noOrder' | 'success' | 'payment';
  alert?: boolean;
  /** The checkout call is in flight: the fields and Pay are disabled. */
  busy?: boolean;
  /** The new total for the address shows, and the button confirms it. */
  priceChanged?: boolean;
}

export const untrustedPaymentMessage = 'The payment page address is not one we trust, so we did not open it.';

export const checkoutMachine = setup({
  types: {} as { context: CheckoutContext; events: CheckoutEvent; input: CheckoutInput; meta: CheckoutMeta },
  actors: {
    checkout: fromPromise<CheckoutAnswer, CheckoutCall>(async () => {
      throw new Error('provide a checkout actor');
    }),
  },
  actions: {
    changeForm: assign(({ context, event }) => {
      if (event.type !== 'form.change') return {};
      const form = { ...context.form, ...event.values };
      // A changed form is a new request: a total confirmed for the old one no longer stands.
      return { form, error: null, errors: context.showErrors ? validateCheckout(form, new Date()) : {}, priceChange: null, confirmedTotal: null };
    }),
    // The total shown for the form's postcode is the one the customer pays: the checkout goes ahead
    // only at it (a price moved since answers 409 with the new one, decision 037).
    takeShownPrice: assign({
      confirmedTotal: ({ context, event }) =>
        event.type === 'order.submit' && event.shown && samePostcode(event.shown.postcode, context.form.postcode) ? event.shown.total : null,
    }),
    showErrors: assign({ showErrors: true, errors: ({ context }) => validateCheckout(context.form, new Date()) }),
    // One key per attempt: derived from the request, so a retry (or the same details sent again
    // after a lost answer) carries the same key and the server replays instead of paying twice.
    startAttempt: assign(({ context }) => ({
      idempotencyKey: idempotencyKeyFor(requestOf(context)),
      showErrors: false,
      errors: {},
      error: null,
    })),
    // A price named again (the address's price moved since it was confirmed) is confirmed afresh.
    keepPriceChange: assign({ priceChange: (_, params: { answer: PriceChangedAnswer }) => params.answer, confirmedTotal: null }),
    confirmPrice: assign({ confirmedTotal: ({ context }) => context.priceChange?.priceChanged.total ?? null }),
    keepError: assign({
      error: (_, params: { error: unknown }) => messageOf(params.error),
      canRetry: (_, params: { error: unknown }) => isRetryable(params.error),
    }),
    // Provided by the screen: keep the form as the user's draft, drop `myService` and the drafts,
    // the 'Payment was successfully !' toast (cash only), navigation (cash: the confirmation page /success).
    keepForm: () => {},
    forgetOrder: () => {},
    notifyPaid: () => {},
    // The page names the booking by the reference the checkout gave it, never the draft's id (decision 051).
    goToSuccess: (_, _params: { reference: number }) => {},
    goToPayment: (_, _params: { url: string }) => {},
  },
  guards: {
    hasNoOrder: ({ context }) => context.order === null,
    isFormValid: ({ context }) => !hasErrors(validateCheckout(context.form, new Date())),
    isTrustedCardPayment: (_, params: { response: CheckoutResponse; trustedOrigins: string[] }) =>
      params.response.payment !== 'cash' && isTrustedUrl(params.response.shippingInfo, params.trustedOrigins),
    // Direct Debit (decision 093) goes to GoCardless's page for the mandate as a card goes to its payment page.
    isCardPayment: (_, params: { response: CheckoutResponse }) => params.response.payment !== 'cash',
    isPriceChanged: (_, params: { answer: CheckoutAnswer }) => 'priceChanged' in params.answer,
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => ({
    order: input.order,
    trustedOrigins: input.trustedOrigins,
    form: { ...emptyCheckoutForm, ...input.form },
    errors: {},
    showErrors: false,
    idempotencyKey: null,
    error: null,
    canRetry: false,
    priceChange: null,
    confirmedTotal: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      meta: { shows: 'the place-order form, its field errors once Pay was pressed, Pay cash or Pay now', view: 'form', alert: false },
      // A reload of /placeorder starts here too: with no stored order there is nothing to pay.
      always: { guard: 'hasNoOrder', target: 'noOrder' },
      on: {
        'form.change': { actions: ['changeForm', 'keepForm'] },
        'order.submit': [{ guard: 'isFormValid', target: 'submitting', actions: ['takeShownPrice', 'startAttempt'] }, { actions: 'showErrors' }],
      },
    },
    submitting: {
      meta: { shows: 'the form disabled, Pay pending', view: 'form', busy: true },
      invoke: {
        id: 'checkout',
        src: 'checkout',
        input: ({ context }) => ({ idempotencyKey: context.idempotencyKey ?? '', body: requestOf(context) }),
        onDone: [
          {
            guard: { type: 'isPriceChanged', params: ({ event }) => ({ answer: event.output }) },
            target: 'priceChanged',
            actions: { type: 'keepPriceChange', params: ({ event }) => ({ answer: event.output as PriceChangedAnswer }) },
          },
          {
            guard: {
              type: 'isTrustedCardPayment',
              params: ({ context, event }) => ({ response: event.output as CheckoutResponse, trustedOrigins: context.trustedOrigins }),
            },
            target: 'redirecting',
            // No toast here: nothing is paid yet. /success says "Payment was successfully !" once the
            // provider has confirmed the payment (issue 23 row 9).
            actions: [
              'forgetOrder',
              { type: 'goToPayment', params: ({ event }) => ({ url: (event.output as CheckoutResponse).shippingInfo ?? '' }) },
            ],
          },
          {
            guard: { type: 'isCardPayment', params: ({ event }) => ({ response: event.output as CheckoutResponse }) },
            target: 'paymentBlocked',
            actions: assign({ error: untrustedPaymentMessage }),
          },
          {
            target: 'paid',
            actions: ['forgetOrder', 'notifyPaid', { type: 'goToSuccess', params: ({ event }) => ({ reference: (event.output as CheckoutResponse).reference }) }],
          },
        ],
        onError: { target: 'submitFailed', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // The form keeps what was entered; Retry resends the same attempt (same key).
    submitFailed: {
      meta: { shows: 'the form as typed, the error in an alert and Try again', view: 'form', alert: true },
      on: {
        retry: { target: 'submitting' },
        'form.change': { target: 'editing', actions: ['changeForm', 'keepForm'] },
        // Nothing changed since the failed attempt, so pressing Pay again is a retry too.
        'order.submit': { target: 'submitting' },
      },
    },
    // Nothing was checked out or paid: the new total shows, and the customer confirms it (the same
    // details, sent with that total under a new key) or changes the form.
    priceChanged: {
      meta: { shows: 'the form, the new total for the address and its lines, and Confirm £X and pay', view: 'form', priceChanged: true },
      on: {
        'price.confirm': { target: 'submitting', actions: ['confirmPrice', 'startAttempt'] },
        'form.change': { target: 'editing', actions: ['changeForm', 'keepForm'] },
      },
    },
    noOrder: { meta: { shows: '"There is no order to place yet." and Choose a service', view: 'noOrder' } },
    paid: { type: 'final', meta: { shows: 'the toast and the confirmation page /success', view: 'success' } },
    redirecting: { type: 'final', meta: { shows: 'the payment page (no toast: nothing is paid yet)', view: 'payment' } },
    // Checked out, but the answer named a payment page outside the trusted origins.
    paymentBlocked: { meta: { shows: 'the form with the untrusted payment page message in an alert', view: 'form', alert: true } },
  },
});

/** The checkout request of the form, with the total the customer confirmed, if any. */
function requestOf(context: CheckoutContext): CheckoutRequest {
  const request = toCheckoutRequest(context.order?.id ?? 0, context.form);
  return context.confirmedTotal === null ? request : { ...request, confirmed_total: context.confirmedTotal };
}

export function isTrustedUrl(url: string | undefined, trustedOrigins: readonly string[]): boolean {
  if (!url) return false;
  try {
    const { origin, protocol } = new URL(url);
    return (protocol === 'https:' || protocol === 'http:') && trustedOrigins.includes(origin);
  } catch {
    return false;
  }
}

/**
 * Two 53-bit string hashes (cyrb53) of the request: 28 hex characters, stable for equal requests.
 * Also the office booking's key (src/api/office-bookings.ts): the same booking sent again replays.
 */
export function idempotencyKeyFor(request: CheckoutRequest | OfficeBookingRequest): string {
  const text = JSON.stringify(request);
  return `co-${cyrb53(text, 1).toString(16).padStart(14, '0')}${cyrb53(text, 2).toString(16).padStart(14, '0')}`;
}

function cyrb53(text: string, seed: number): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/**
 * Whether sending the same request again can succeed: not when the server refused it (a 4xx: the
 * details must change), except a rate limit (429); yes when there was no answer or a server error.
 */
export function isRetryable(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status !== 'number') return true;
  return status >= 500 || status === 429 || status === 408;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : 'Network Error';
}
