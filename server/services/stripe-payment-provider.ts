import Stripe from 'stripe';
import { conflict } from '../lib/http-error';
import { MY_ORDERS_PATH } from './order-mails';
import { toPence, toPounds } from '../../domain/money/money';
import type { IncomingNotification, PaymentNotification, PaymentProvider } from './payment-provider';

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
          metadata: { order_id: order },
          // The attempt's own events (a declined card) name the order too.
          payment_intent_data: { metadata: { order_id: order } },
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

    async refund(request) {
      // The order keeps the session's id; the money is on the session's payment intent.
      const session = await stripe.checkout.sessions.retrieve(request.paymentId);
      const intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
      if (!intent || session.payment_status !== 'paid') throw conflict('The payment provider refused the refund: the payment is not paid');
      const refund = await stripe.refunds.create(
        { payment_intent: intent, amount: toPence(request.amount), metadata: { order_id: session.client_reference_id ?? '' } },
        { idempotencyKey: request.idempotencyKey },
      );
      return { id: refund.id, amount: toPounds(refund.amount) };
    },
  };
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
      return { type: 'payment.succeeded', eventId: event.id, paymentId: session.id, orderId, amount: toPounds(session.amount_total) };
    }
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      const orderId = Number(intent.metadata?.order_id);
      if (!Number.isInteger(orderId)) return { type: 'ignored', eventId: event.id };
      const error = intent.last_payment_error;
      const authentication = error?.code === 'authentication_required' || error?.decline_code === 'authentication_required';
      return {
        type: 'payment.failed',
        eventId: event.id,
        orderId,
        reason: authentication ? 'authentication_required' : 'declined',
        detail: error?.message ?? null,
      };
    }
    default:
      return { type: 'ignored', eventId: event.id };
  }
}
