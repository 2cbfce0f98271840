import type { Config } from '../../../server/config';
import type { PaymentProvider } from '../../../server/services/payment-provider';
import { createStripePaymentProvider } from '../../../server/services/stripe-payment-provider';
import { startFakeStripe, type FakeStripe } from './fake-stripe';

/**
 * The shop's real Stripe provider (the official SDK) pointed at the local fake Stripe, and the
 * set-up every suite with card payments repeats: the fake first, the server given the provider,
 * then the fake told where the server takes webhooks. Shared by the API suites (Vitest) and the
 * end-to-end specs (Playwright), which each hook it into their own beforeAll/afterAll.
 */
export interface FakeStripeServer<S> {
  stripe: FakeStripe;
  server: S;
  /** Closes the server, then the fake; answers the requests Stripe's description would have refused (a test expects none). */
  stop(): Promise<string[]>;
}

export function fakeStripePayments(stripe: FakeStripe, publicUrl: string): PaymentProvider {
  // Signatures are checked on the real clock (the fake signs with it), whatever clock the shop runs on.
  return createStripePaymentProvider({ secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, publicUrl, now: () => new Date(), api: stripe.api });
}

/** The shop's settings for taking cards on this fake (what STRIPE_SECRET_KEY and its webhook secret set). */
export function fakeStripeConfig(stripe: FakeStripe, publicUrl: string): Partial<Config> {
  return { publicUrl, paymentProvider: 'stripe', stripe: { secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret } };
}

export async function startWithFakeStripe<S extends { baseUrl: string; close(): Promise<void> }>(
  publicUrl: string,
  start: (payments: PaymentProvider, stripe: FakeStripe) => Promise<S>,
): Promise<FakeStripeServer<S>> {
  const stripe = await startFakeStripe();
  const server = await start(fakeStripePayments(stripe, publicUrl), stripe).catch(async (error: unknown) => {
    await stripe.close();
    throw error;
  });
  stripe.webhookUrl = `${server.baseUrl}/payments/notifications`;
  return {
    stripe,
    server,
    async stop() {
      await server.close();
      await stripe.close();
      return stripe.violations;
    },
  };
}
