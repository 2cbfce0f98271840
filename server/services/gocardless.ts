import { Agent as HttpsAgent } from 'node:https';
import { connect, type Socket } from 'node:net';
import { GoCardlessClient, Environments, parse, type Event } from 'gocardless-nodejs';

/**
 * GoCardless, through its official Node SDK (decision 093): the mandate is set up on its hosted page
 * (a Billing Request Flow), each visit is a payment on the mandate, and its webhooks are verified by
 * the SDK's parser (HMAC-SHA256 of the raw body, the `Webhook-Signature` header). The shop keeps only
 * GoCardless's references (BRQ…, MD…, PM…), never bank details.
 */
export interface DirectDebitProvider {
  readonly name: string;
  /** A billing request for a Bacs mandate and its hosted page; the same key answers the same request. */
  startMandate(request: { seriesId: number; email: string; redirectUri: string; exitUri: string }): Promise<{ billingRequestId: string; url: string }>;
  /** The mandate a billing request gave, once the customer completed the hosted page; null before. */
  mandateOf(billingRequestId: string): Promise<string | null>;
  /** A payment on the mandate; the same idempotency key answers the same payment (never collects twice). */
  createPayment(payment: { mandate: string; amountPence: number; description: string; orderId: number; idempotencyKey: string }): Promise<{ id: string; status: string }>;
  /** Asks GoCardless to collect a failed payment again (its "retry" action). */
  retryPayment(paymentId: string): Promise<void>;
  /** The webhook's events, oldest first; null when the signature does not verify. */
  verifyWebhook(body: string, signature: string | undefined): DirectDebitEvent[] | null;
}

/** What the shop reads of an event: its id, when it happened, what and about which payment or mandate. */
export interface DirectDebitEvent {
  id: string;
  createdAt: Date;
  resourceType: string;
  action: string;
  payment: string | null;
  mandate: string | null;
  /** A fulfilled billing request, and the mandate it gave. */
  billingRequest: string | null;
  mandateRequestMandate: string | null;
  cause: string | null;
  description: string | null;
}

export interface GoCardlessSettings {
  accessToken: string;
  webhookSecret: string;
  environment: 'live' | 'sandbox';
  /** Tests only: a local fake of the API (config refuses it in production). */
  apiUrl: string | null;
}

/**
 * The SDK always calls api.gocardless.com or api-sandbox.gocardless.com; its one way to route its
 * requests is the `proxy` option (got's agents). For a local fake the HTTPS agent's connection is a
 * plain TCP one to the fake, which reads the same HTTP requests (config allows only 127.0.0.1).
 */
function localAgent(apiUrl: string): HttpsAgent {
  const { hostname, port } = new URL(apiUrl);
  class LocalAgent extends HttpsAgent {
    override createConnection(): Socket {
      return connect(Number(port), hostname);
    }
  }
  return new LocalAgent({ keepAlive: false });
}

export function createGoCardlessProvider(settings: GoCardlessSettings): DirectDebitProvider {
  const client = new GoCardlessClient(
    settings.accessToken,
    settings.environment === 'live' ? Environments.Live : Environments.Sandbox,
    settings.apiUrl ? { proxy: { https: localAgent(settings.apiUrl) } } : {},
  );
  return {
    name: 'GoCardless',
    async startMandate({ seriesId, email, redirectUri, exitUri }) {
      const billingRequest = await client.billingRequests.create(
        { mandate_request: { scheme: 'bacs', currency: 'GBP' }, metadata: { series_id: String(seriesId) } },
        `series-${seriesId}-mandate`,
      );
      const flow = await client.billingRequestFlows.create(
        { links: { billing_request: billingRequest.id }, redirect_uri: redirectUri, exit_uri: exitUri, prefilled_customer: { email } },
        `series-${seriesId}-mandate-flow-${billingRequest.id}`,
      );
      if (!flow.authorisation_url) throw new Error('GoCardless answered a flow without its page');
      return { billingRequestId: billingRequest.id, url: flow.authorisation_url };
    },
    async mandateOf(billingRequestId) {
      const billingRequest = await client.billingRequests.find(billingRequestId);
      return billingRequest.status === 'fulfilled' ? billingRequest.links?.mandate_request_mandate ?? null : null;
    },
    async createPayment({ mandate, amountPence, description, orderId, idempotencyKey }) {
      const payment = await client.payments.create(
        { amount: amountPence, currency: 'GBP', description, metadata: { order_id: String(orderId) }, links: { mandate } },
        idempotencyKey,
      );
      return { id: payment.id!, status: payment.status ?? 'pending_submission' };
    },
    async retryPayment(paymentId) {
      await client.payments.retry(paymentId, {});
    },
    verifyWebhook(body, signature) {
      if (!signature) return null;
      let events: Event[];
      try {
        events = parse(body, settings.webhookSecret, signature);
      } catch {
        return null;
      }
      // GoCardless does not promise the order of the events in one webhook: they are applied in the
      // order they happened (created_at), and each payment ignores one older than its last.
      return events
        .map((event) => ({
          id: String(event.id),
          createdAt: new Date(String(event.created_at)),
          resourceType: String(event.resource_type),
          action: String(event.action),
          payment: event.links?.payment ?? null,
          mandate: event.links?.mandate ?? null,
          billingRequest: event.links?.billing_request ?? null,
          mandateRequestMandate: event.links?.mandate_request_mandate ?? null,
          cause: event.details?.cause ?? null,
          description: event.details?.description ?? null,
        }))
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
    },
  };
}
