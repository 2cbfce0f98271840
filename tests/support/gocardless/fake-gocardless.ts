import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkRequest } from './gocardless-request-check';

/**
 * A local stand-in for the part of GoCardless's API the shop uses (decision 093): billing requests
 * for a Bacs mandate and their hosted page (a Billing Request Flow), payments on the mandate and
 * their retry; stateful, with GoCardless's idempotency keys (a repeated create is answered 409
 * `idempotent_creation_conflict` naming the first resource, which the SDK then fetches). Every request
 * is checked against the published API reference (gocardless-request-check.ts). What the customer,
 * the banks and GoCardless do is driven by the test, each sending the shop a webhook signed as
 * GoCardless signs them (HMAC-SHA256 of the body with the endpoint's secret, hex, in
 * `Webhook-Signature`), its events in the lifecycle order GoCardless documents: a payment is
 * `submitted` then `confirmed` (collected), or `failed`; `charged_back` comes after `confirmed`;
 * a mandate is `cancelled`. The hosted page (`/flow/:id`) has one button that sets the mandate up
 * and sends the browser to the flow's redirect_uri.
 */
export interface FakeFlow { id: string; billingRequest: string; redirectUri: string | null; exitUri: string | null; email: string | null }
export interface FakeBillingRequest { id: string; status: 'pending' | 'fulfilled'; mandate: string | null; metadata: Record<string, string> }
export interface FakePayment {
  id: string; amount: number; currency: string; status: string; mandate: string; description: string | null;
  metadata: Record<string, string>; idempotencyKey: string | null; retries: number;
}
export interface FakeWebhook { body: string; signature: string; status: number }

export interface FakeGoCardless {
  /** The shop's GOCARDLESS_API_URL. */
  apiUrl: string;
  accessToken: string;
  webhookSecret: string;
  /** Where the shop takes webhooks; set once the shop listens. */
  webhookUrl: string;
  requests: Array<{ method: string; path: string; body: unknown }>;
  violations: string[];
  flows: Map<string, FakeFlow>;
  billingRequests: Map<string, FakeBillingRequest>;
  payments: Map<string, FakePayment>;
  webhooks: FakeWebhook[];
  /** The customer completes the hosted page: the mandate is created; answers where the browser goes next. */
  completeFlow(flowId: string): Promise<string>;
  /** The payment is submitted and collected (confirmed). */
  collect(paymentId: string): Promise<FakeWebhook>;
  /** The bank refuses the collection (e.g. insufficient funds). */
  fail(paymentId: string, cause?: string): Promise<FakeWebhook>;
  /** The customer's bank gives the money back (an indemnity claim). */
  chargeBack(paymentId: string): Promise<FakeWebhook>;
  /** The customer cancels the mandate at their bank. */
  cancelMandate(mandateId: string): Promise<FakeWebhook>;
  /** Posts a body to the shop as a webhook, signed with `secret` (the endpoint's, unless a test forges one). */
  send(body: string, secret?: string): Promise<FakeWebhook>;
  close(): Promise<void>;
}

const DESCRIPTIONS: Record<string, string> = {
  insufficient_funds: 'The customer\'s account had insufficient funds to make this payment.',
  mandate_cancelled: 'The mandate for this payment was cancelled at a bank branch.',
  bank_account_closed: 'The customer\'s bank account was closed.',
  authorisation_disputed: 'The customer has disputed having authorised you to take this payment.',
};

/**
 * `payOrigin`: the origin of the hosted pages' addresses (`authorisation_url`), GoCardless's own
 * (`https://pay-sandbox.gocardless.com`) for a browser that routes it to this fake (the SPA sends the
 * browser only to an origin it trusts); the fake's own address by default.
 */
export async function startFakeGoCardless(options: { payOrigin?: string } = {}): Promise<FakeGoCardless> {
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}${(++counter).toString().padStart(6, '0')}${randomBytes(3).toString('hex').toUpperCase()}`;
  const idempotency = new Map<string, { kind: 'billing_requests' | 'billing_request_flows' | 'payments'; id: string }>();
  const mandates = new Map<string, { id: string; status: string }>();

  const fake: FakeGoCardless = {
    apiUrl: '', accessToken: `sandbox_${randomBytes(12).toString('hex')}`, webhookSecret: randomBytes(24).toString('hex'), webhookUrl: '',
    requests: [], violations: [], flows: new Map(), billingRequests: new Map(), payments: new Map(), webhooks: [],
    async completeFlow(flowId) {
      const flow = fake.flows.get(flowId);
      if (!flow) throw new Error(`no flow ${flowId}`);
      const request = fake.billingRequests.get(flow.billingRequest)!;
      if (request.status !== 'fulfilled') {
        const mandate = nextId('MD');
        mandates.set(mandate, { id: mandate, status: 'pending_submission' });
        request.status = 'fulfilled';
        request.mandate = mandate;
        await post([
          event('mandates', 'created', { mandate }, 'api', 'mandate_created', 'Mandate created via the API.'),
          event('billing_requests', 'fulfilled', { billing_request: request.id, mandate_request_mandate: mandate }, 'api', 'billing_request_fulfilled', 'This billing request has been fulfilled.'),
        ]);
      }
      return flow.redirectUri ?? '/';
    },
    async collect(paymentId) {
      const payment = paymentOf(paymentId);
      payment.status = 'confirmed';
      return post([
        event('payments', 'submitted', { payment: paymentId }, 'gocardless', 'payment_submitted', 'Payment submitted to the banks.'),
        event('payments', 'confirmed', { payment: paymentId }, 'gocardless', 'payment_confirmed', 'Payment was confirmed as collected.'),
      ]);
    },
    async fail(paymentId, cause = 'insufficient_funds') {
      const payment = paymentOf(paymentId);
      payment.status = 'failed';
      return post([
        event('payments', 'submitted', { payment: paymentId }, 'gocardless', 'payment_submitted', 'Payment submitted to the banks.'),
        event('payments', 'failed', { payment: paymentId }, 'bank', cause, DESCRIPTIONS[cause] ?? cause),
      ]);
    },
    async chargeBack(paymentId) {
      const payment = paymentOf(paymentId);
      if (payment.status !== 'confirmed' && payment.status !== 'paid_out') throw new Error(`a ${payment.status} payment cannot be charged back`);
      payment.status = 'charged_back';
      return post([event('payments', 'charged_back', { payment: paymentId }, 'bank', 'authorisation_disputed', DESCRIPTIONS.authorisation_disputed!)]);
    },
    async cancelMandate(mandateId) {
      const mandate = mandates.get(mandateId);
      if (!mandate) throw new Error(`no mandate ${mandateId}`);
      mandate.status = 'cancelled';
      return post([event('mandates', 'cancelled', { mandate: mandateId }, 'bank', 'bank_account_closed', DESCRIPTIONS.bank_account_closed!)]);
    },
    async send(body, secret = fake.webhookSecret) {
      const signature = createHmac('sha256', secret).update(body).digest('hex');
      const response = await fetch(fake.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'webhook-signature': signature }, body });
      const sent = { body, signature, status: response.status };
      fake.webhooks.push(sent);
      return sent;
    },
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  function paymentOf(id: string): FakePayment {
    const payment = fake.payments.get(id);
    if (!payment) throw new Error(`no payment ${id}`);
    return payment;
  }

  let clock = Date.now();
  function event(resource: string, action: string, links: Record<string, string>, origin: string, cause: string, description: string) {
    // Each event a moment after the last: created_at orders them as they happened.
    clock = Math.max(clock + 1000, Date.now());
    return {
      id: nextId('EV'), created_at: new Date(clock).toISOString(), resource_type: resource, action, links,
      details: { origin, cause, description, ...(origin === 'bank' ? { scheme: 'bacs', reason_code: 'ARUDD-0' } : {}) }, metadata: {},
    };
  }

  function post(events: unknown[]): Promise<FakeWebhook> {
    return fake.send(JSON.stringify({ events, meta: { webhook_id: nextId('WB') } }));
  }

  function paymentJson(payment: FakePayment) {
    return {
      id: payment.id, created_at: new Date().toISOString(), charge_date: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
      amount: payment.amount, amount_refunded: 0, currency: payment.currency, description: payment.description, status: payment.status,
      metadata: payment.metadata, retry_if_possible: false, links: { mandate: payment.mandate, creditor: 'CR000FAKE' },
    };
  }
  const billingRequestJson = (request: FakeBillingRequest) => ({
    id: request.id, status: request.status, created_at: new Date().toISOString(), metadata: request.metadata,
    mandate_request: { currency: 'GBP', scheme: 'bacs', verify: 'recommended' },
    links: { creditor: 'CR000FAKE', mandate_request: `MRQ${request.id.slice(3)}`, ...(request.mandate ? { mandate_request_mandate: request.mandate } : {}) },
  });

  const page = (flow: FakeFlow) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Set up a Direct Debit – GoCardless (fake)</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head><body><main><h1>Set up a Direct Debit</h1>
<p>For ${flow.email ?? 'you'}, by Bacs Direct Debit.</p><form method="post" action="/flow/${flow.id}/complete"><button type="submit">Set up Direct Debit</button></form></main></body></html>`;

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake');
    const text = await new Promise<string>((resolve) => {
      let all = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (all += chunk));
      request.on('end', () => resolve(all));
    });
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const flowPage = /^\/flow\/(BRF[0-9A-Z]+)(\/complete)?$/.exec(url.pathname);
    if (flowPage) {
      const flow = fake.flows.get(flowPage[1]!);
      if (!flow) return json(404, { error: { message: 'not found' } });
      if (request.method === 'GET') {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(page(flow));
        return;
      }
      response.writeHead(303, { location: await fake.completeFlow(flow.id) });
      response.end();
      return;
    }
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      fake.violations.push(`${request.method} ${url.pathname}: the body is not JSON`);
      return json(400, { error: { type: 'invalid_api_usage', code: 400, message: 'Invalid JSON' } });
    }
    fake.requests.push({ method: request.method ?? '', path: url.pathname, body });
    const wrong = checkRequest(request.method ?? '', url.pathname, request.headers, text ? body : undefined);
    if (wrong.length > 0) {
      fake.violations.push(...wrong.map((message) => `${request.method} ${url.pathname}: ${message}`));
      return json(422, { error: { type: 'validation_failed', code: 422, message: 'Validation failed', errors: wrong.map((message) => ({ message })) } });
    }
    const key = String(request.headers['idempotency-key'] ?? '');
    const envelope = (name: string) => (body as Record<string, Record<string, unknown>>)[name]!;
    const conflictWith = (kind: string, id: string) =>
      json(409, { error: { type: 'invalid_state', code: 409, message: 'A resource has already been created with this idempotency key',
        errors: [{ reason: 'idempotent_creation_conflict', message: 'A resource has already been created with this idempotency key', links: { conflicting_resource_id: id } }] } });

    if (request.method === 'POST' && url.pathname === '/billing_requests') {
      const earlier = idempotency.get(`billing_requests:${key}`);
      if (earlier) return conflictWith('billing_requests', earlier.id);
      const created: FakeBillingRequest = { id: nextId('BRQ'), status: 'pending', mandate: null, metadata: (envelope('billing_requests').metadata ?? {}) as Record<string, string> };
      fake.billingRequests.set(created.id, created);
      idempotency.set(`billing_requests:${key}`, { kind: 'billing_requests', id: created.id });
      return json(201, { billing_requests: billingRequestJson(created) });
    }
    const oneRequest = /^\/billing_requests\/(BRQ[0-9A-Z]+)$/.exec(url.pathname);
    if (request.method === 'GET' && oneRequest) {
      const found = fake.billingRequests.get(oneRequest[1]!);
      return found ? json(200, { billing_requests: billingRequestJson(found) }) : json(404, { error: { type: 'invalid_api_usage', code: 404, message: 'Resource not found' } });
    }
    if (request.method === 'POST' && url.pathname === '/billing_request_flows') {
      // Flows are not idempotent in GoCardless's reference: each create is a new flow.
      const asked = envelope('billing_request_flows');
      const links = asked.links as { billing_request: string };
      if (!fake.billingRequests.has(links.billing_request)) return json(422, { error: { type: 'invalid_api_usage', code: 422, message: 'Billing request not found' } });
      const flow: FakeFlow = {
        id: nextId('BRF'), billingRequest: links.billing_request, redirectUri: (asked.redirect_uri as string | undefined) ?? null,
        exitUri: (asked.exit_uri as string | undefined) ?? null, email: (asked.prefilled_customer as { email?: string } | undefined)?.email ?? null,
      };
      fake.flows.set(flow.id, flow);
      return json(201, { billing_request_flows: { id: flow.id, authorisation_url: `${options.payOrigin ?? fake.apiUrl}/flow/${flow.id}`, redirect_uri: flow.redirectUri, exit_uri: flow.exitUri, links: { billing_request: flow.billingRequest }, created_at: new Date().toISOString() } });
    }
    if (request.method === 'POST' && url.pathname === '/payments') {
      const earlier = idempotency.get(`payments:${key}`);
      if (earlier) return conflictWith('payments', earlier.id);
      const asked = envelope('payments');
      const mandate = (asked.links as { mandate: string }).mandate;
      const standing = mandates.get(mandate);
      if (!standing || standing.status === 'cancelled') {
        return json(422, { error: { type: 'invalid_state', code: 422, message: 'Mandate is not active', errors: [{ reason: 'mandate_is_inactive', message: 'Mandate is not active' }] } });
      }
      const payment: FakePayment = {
        id: nextId('PM'), amount: asked.amount as number, currency: asked.currency as string, status: 'pending_submission', mandate,
        description: (asked.description as string | undefined) ?? null, metadata: (asked.metadata ?? {}) as Record<string, string>, idempotencyKey: key, retries: 0,
      };
      fake.payments.set(payment.id, payment);
      idempotency.set(`payments:${key}`, { kind: 'payments', id: payment.id });
      return json(201, { payments: paymentJson(payment) });
    }
    const onePayment = /^\/payments\/(PM[0-9A-Z]+)(\/actions\/retry)?$/.exec(url.pathname);
    if (onePayment) {
      const payment = fake.payments.get(onePayment[1]!);
      if (!payment) return json(404, { error: { type: 'invalid_api_usage', code: 404, message: 'Resource not found' } });
      if (request.method === 'GET') return json(200, { payments: paymentJson(payment) });
      // "Retry a payment": only a failed payment can be retried.
      if (payment.status !== 'failed') return json(422, { error: { type: 'invalid_state', code: 422, message: 'Payment cannot be retried', errors: [{ reason: 'cannot_retry', message: 'Payment cannot be retried' }] } });
      payment.status = 'pending_submission';
      payment.retries += 1;
      return json(200, { payments: paymentJson(payment) });
    }
    fake.violations.push(`${request.method} ${url.pathname}: not handled by the fake`);
    return json(404, { error: { type: 'invalid_api_usage', code: 404, message: 'Not found' } });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      fake.violations.push(`the fake failed: ${String(error)}`);
      response.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  fake.apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
