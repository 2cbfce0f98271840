import Stripe from 'stripe';
import { conflict } from '../lib/http-error';
import { MY_ORDERS_PATH } from '../mails/order-parts';
import { toPence, toPounds } from '../../domain/money/money';
import type { IncomingNotification, PaymentFailure, PaymentNotification, PaymentProvider, SavedCardResult } from './payment-provider';

/**
 * Card payments through Stripe Checkout (decision 034), on the official SDK. The shop's seam stays
 * the same as the test provider's: a payment is a Checkout Session (its id is the order's
 * payment_ref), the browser goes to Stripe's page and comes back to /success or My orders, and only
 * a webhook event that the SDK verified against STRIPE_WEBHOOK_SECRET marks an order paid.
 */
export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** PUBLIC_URL: Stripe sends the browser back to the site's own pages, never to a request's Host. */
  publicUrl: string;
  now: () => Date;
  /** Where the API is (tests: a local fake speaking Stripe's REST API); Stripe's own by default. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

export const STRIPE_PROVIDER_ACTOR = 'Stripe';
export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';
/** Stripe's own default: an event signed longer ago than this is refused (a captured one cannot be replayed later). */
const SIGNATURE_TOLERANCE_S = 300;

export function createStripePaymentProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    ...(options.api ?? {}),
    // The shop answers the customer in seconds; a retry is theirs to make (Pay now), with the same key.
    maxNetworkRetries: 1,
    timeout: 15_000,
    appInfo: { name: 'Sparkle Cleaning' },
  });

  return {
    name: STRIPE_PROVIDER_ACTOR,

    async createPayment(request) {
      const pence = toPence(request.amount);
      const order = String(request.orderId);
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [{ quantity: 1, price_data: { currency: 'gbp', unit_amount: pence, product_data: { name: request.description } } }],
          customer_email: request.customerEmail,
          client_reference_id: order,
          metadata: { order_id: order, ...(request.saveCard ? { [SAVE_CARD]: 'true' } : {}) },
          // The attempt's own events (a declined card) name the order too. With the customer's
          // consent (decision 038) the card is kept on a Stripe customer for the series' later visits.
          payment_intent_data: { metadata: { order_id: order }, ...(request.saveCard ? { setup_future_usage: 'off_session' as const } : {}) },
          ...(request.saveCard ? { customer_creation: 'always' as const } : {}),
          success_url: `${options.publicUrl}/success?order=${order}`,
          cancel_url: `${options.publicUrl}${MY_ORDERS_PATH}?payment=cancelled&order=${order}#order-${order}`,
        },
        // Stripe refuses one key with other parameters: an order whose total changed (a late
        // reschedule fee) starts a new session instead of failing; the same total finds the same one.
        { idempotencyKey: `${request.idempotencyKey}-${pence}` },
      );
      if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without a URL`);
      return { id: session.id, url: session.url };
    },

    verifyNotification(incoming) {
      const event = verifiedEvent(stripe, options, incoming);
      return event ? readEvent(event) : null;
    },

    async expirePayment(paymentId) {
      // A Checkout Session only (a visit charged off session has no page to end).
      if (!paymentId.startsWith('cs_')) return;
      try {
        await stripe.checkout.sessions.expire(paymentId);
      } catch (error) {
        // Stripe refuses to expire a session that is complete or expired already: nothing is left to end.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && (await stripe.checkout.sessions.retrieve(paymentId)).status !== 'open') return;
        throw error;
      }
    },

    async refund(request) {
      const { intent, orderId } = await refundableIntent(stripe, request.paymentId);
      const refund = await stripe.refunds.create(
        { payment_intent: intent, amount: toPence(request.amount), metadata: { order_id: orderId } },
        { idempotencyKey: request.idempotencyKey },
      );
      return { id: refund.id, amount: toPounds(refund.amount) };
    },

    async savedCardOf(paymentIntentId) {
      const intent = await stripe.paymentIntents.retrieve(paymentIntentId);
      const customer = idOf(intent.customer);
      const paymentMethod = idOf(intent.payment_method);
      // Saved only when Stripe kept it for later use on a customer (setup_future_usage).
      if (!customer || !paymentMethod || intent.setup_future_usage !== 'off_session') return null;
      return { customer, paymentMethod };
    },

    async chargeSavedCard(charge): Promise<SavedCardResult> {
      try {
        // Created and confirmed in one request, off session: the customer is not there to authenticate.
        const intent = await stripe.paymentIntents.create(
          {
            amount: charge.amountPence, currency: 'gbp', customer: charge.card.customer, payment_method: charge.card.paymentMethod,
            off_session: true, confirm: true, description: charge.description,
            metadata: { ...charge.metadata, [OFF_SESSION]: 'true' },
          },
          { idempotencyKey: charge.idempotencyKey },
        );
        if (intent.status === 'succeeded') return { status: 'paid', paymentId: intent.id, amountPence: intent.amount };
        return { status: 'failed', reason: intent.status === 'requires_action' ? 'authentication_required' : 'declined', paymentId: intent.id, detail: null };
      } catch (error) {
        // A refusal by the bank is an answer (402 card_error); anything else is the job's to retry.
        if (!(error instanceof Stripe.errors.StripeCardError)) throw error;
        return { status: 'failed', reason: failureOf(error.code, error.decline_code), paymentId: error.payment_intent?.id ?? null, detail: error.message };
      }
    },

    async removeSavedCard(card) {
      await stripe.paymentMethods.detach(card.paymentMethod);
    },
  };
}

/** Session metadata: this payment saves the card (the customer's consent, decision 038). */
const SAVE_CARD = 'save_card';
/** Payment intent metadata: charged by the shop without the customer; the shop already knows the outcome. */
const OFF_SESSION = 'off_session';

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === 'string' ? value : value?.id ?? null);

const failureOf = (code: string | undefined, declineCode: string | undefined): PaymentFailure =>
  code === 'authentication_required' || declineCode === 'authentication_required' ? 'authentication_required' : 'declined';

/**
 * The payment intent that holds an order's money: a Checkout payment's order keeps the session's id
 * (its intent is read from it), a visit charged off session keeps the intent's own id (pi_…).
 */
async function refundableIntent(stripe: Stripe, paymentId: string): Promise<{ intent: string; orderId: string }> {
  if (paymentId.startsWith('pi_')) {
    const intent = await stripe.paymentIntents.retrieve(paymentId);
    if (intent.status !== 'succeeded') throw conflict('The payment provider refused the refund: the payment is not paid');
    return { intent: intent.id, orderId: intent.metadata.order_id ?? '' };
  }
  const session = await stripe.checkout.sessions.retrieve(paymentId);
  const intent = idOf(session.payment_intent);
  if (!intent || session.payment_status !== 'paid') throw conflict('The payment provider refused the refund: the payment is not paid');
  return { intent, orderId: session.client_reference_id ?? '' };
}

function verifiedEvent(stripe: Stripe, options: StripeProviderOptions, { headers, body }: IncomingNotification): Stripe.Event | null {
  const header = headers[STRIPE_SIGNATURE_HEADER];
  if (typeof header !== 'string') return null;
  try {
    // In milliseconds (the SDK divides by 1000): the shop's clock decides what is stale.
    const receivedAt = options.now().getTime();
    return stripe.webhooks.constructEvent(body, header, options.webhookSecret, SIGNATURE_TOLERANCE_S, undefined, receivedAt);
  } catch {
    // Forged, altered, stale or not JSON: the SDK's check failed, so nothing of it is believed.
    return null;
  }
}

/** What the shop does with a verified event; the events it does not use are acknowledged and ignored. */
function readEvent(event: Stripe.Event): PaymentNotification {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      const orderId = Number(session.client_reference_id);
      // A session completed without money (a delayed method still processing) is not a payment yet.
      if (session.payment_status !== 'paid' || !Number.isInteger(orderId) || session.amount_total === null) {
        return { type: 'ignored', eventId: event.id };
      }
      const savedCardFrom = session.metadata?.[SAVE_CARD] === 'true' ? idOf(session.payment_intent) : null;
      return {
        type: 'payment.succeeded', eventId: event.id, paymentId: session.id, orderId, amount: toPounds(session.amount_total),
        ...(savedCardFrom ? { savedCardFrom } : {}),
      };
    }
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      const orderId = Number(intent.metadata?.order_id);
      // A saved card charged by the shop: the charge's own answer was applied already (decision 038).
      if (!Number.isInteger(orderId) || intent.metadata?.[OFF_SESSION] === 'true') return { type: 'ignored', eventId: event.id };
      const error = intent.last_payment_error;
      return {
        type: 'payment.failed',
        eventId: event.id,
        orderId,
        reason: failureOf(error?.code, error?.decline_code),
        detail: error?.message ?? null,
      };
    }
    default:
      return { type: 'ignored', eventId: event.id };
  }
}
