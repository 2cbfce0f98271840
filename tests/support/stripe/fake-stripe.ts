import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { checkRequest, decodeForm, findOperation, loadTrimmedSpec, type Form, type TrimmedSpec } from './stripe-request-check';

/**
 * A local stand-in for the part of Stripe's REST API the Stripe provider uses (decisions 034, 038):
 * Checkout Sessions (create, retrieve, expire; `customer_creation` and `setup_future_usage` save the card
 * on a customer), payment intents (create and confirm off session on a saved card, retrieve),
 * payment methods (detach), refunds; stateful, with Stripe's idempotency keys. Every request is
 * checked against Stripe's published OpenAPI description (stripe-request-check.ts) and a violation is
 * answered 400 as Stripe would, and kept in `violations` for the test to fail on. What Stripe's
 * dashboard and the customer do is driven by the test: `pay` completes a session and posts the signed
 * `checkout.session.completed` to the shop, `fail` posts a signed `payment_intent.payment_failed`;
 * events are signed with the SDK's own generateTestHeaderString. It also hosts a minimal Checkout
 * page (`/c/pay/:id`) whose Pay button does `pay` and sends the browser to the session's success_url.
 */
export interface FakeSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  /** The customer the session made (customer_creation=always), once it completed. */
  customer: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string | null;
  url: string;
  livemode: false;
  created: number;
  /** Not Stripe's: the metadata to put on the session's payment intent. */
  intentMetadata: Record<string, string>;
  /** Not Stripe's: what the session was asked for about the card (decision 038). */
  customerCreation: string | null;
  setupFutureUsage: string | null;
}

/** A payment intent as the fake keeps it; `off_session` ones were charged by the shop on a saved card. */
export interface FakeIntent {
  id: string;
  amount: number;
  refunded: number;
  status: string;
  metadata: Record<string, string>;
  customer: string | null;
  payment_method: string | null;
  setup_future_usage: string | null;
  offSession: boolean;
  idempotencyKey: string | null;
}

/** A card as Stripe keeps it: attached to a customer or detached (it can never be charged again). */
export interface FakePaymentMethod {
  id: string;
  customer: string | null;
  last4: string;
  /**
   * What the bank answers to a charge without the customer, as Stripe's test cards do: 4242… pays,
   * 4000 0000 0000 0341 is declined after it was saved, 4000 0027 6000 3184 always asks for authentication.
   */
  offSession: 'succeeds' | 'card_declined' | 'authentication_required';
}

/** Stripe's test card numbers the fake knows, and what a later charge without the customer gives. */
export const TEST_CARDS = {
  visa: '4242424242424242',
  declinedAfterSaving: '4000000000000341',
  authenticationRequired: '4000002760003184',
} as const;
const OFF_SESSION_OUTCOME: Record<string, FakePaymentMethod['offSession']> = {
  [TEST_CARDS.visa]: 'succeeds',
  [TEST_CARDS.declinedAfterSaving]: 'card_declined',
  [TEST_CARDS.authenticationRequired]: 'authentication_required',
};

export interface FakeRefund { id: string; object: 'refund'; amount: number; payment_intent: string; status: 'succeeded'; currency: string; idempotencyKey: string | null; metadata: Record<string, string> }

export interface RecordedRequest { method: string; path: string; idempotencyKey: string | null; body: Record<string, Form> }

export interface FakeStripe {
  /** `{ host, port, protocol }` for the SDK's options. */
  api: { host: string; port: number; protocol: 'http' };
  baseUrl: string;
  secretKey: string;
  webhookSecret: string;
  /** Where events are posted (the shop's /payments/notifications); set once the shop listens. */
  webhookUrl: string | null;
  spec: TrimmedSpec['source'];
  sessions: Map<string, FakeSession>;
  intents: Map<string, FakeIntent>;
  paymentMethods: Map<string, FakePaymentMethod>;
  /** Customers the Checkout Sessions made: id → email. */
  customers: Map<string, string | null>;
  refunds: FakeRefund[];
  requests: RecordedRequest[];
  /** Requests Stripe would have refused (answered 400): a test fails when any is left. */
  violations: string[];
  /**
   * The customer pays on the Checkout page with a test card (visa by default): the session completes,
   * the signed event is posted; a session set to save the card attaches it to a new customer.
   */
  pay(sessionId: string, card?: string): Promise<DeliveredEvent>;
  /**
   * The customer pays, but the event reaches the shop only when `deliver` is called (Stripe's
   * webhooks can come minutes later): the shop may cancel the order, or replace the page, meanwhile.
   */
  payNow(sessionId: string, card?: string): { deliver(): Promise<DeliveredEvent> };
  /** A card attempt on the session's page fails (declined, or the bank wants authentication). */
  fail(sessionId: string, code: 'card_declined' | 'authentication_required'): Promise<DeliveredEvent>;
  /** Posts the signed `payment_intent.payment_failed` Stripe sends after a refused charge of `intentId`. */
  intentFailed(intentId: string): Promise<DeliveredEvent>;
  /** Posts an event's exact body again, freshly signed (Stripe resends until acknowledged). */
  redeliver(event: DeliveredEvent): Promise<DeliveredEvent>;
  close(): Promise<void>;
}

export interface DeliveredEvent { id: string; body: string; signature: string; status: number; answer: string }

const SECRET_KEY = `sk_test_fake${randomBytes(12).toString('hex')}`;

export async function startFakeStripe(): Promise<FakeStripe> {
  const spec = loadTrimmedSpec();
  const webhookSecret = `whsec_${randomBytes(24).toString('hex')}`;
  const signer = new Stripe(SECRET_KEY);
  const sessions = new Map<string, FakeSession>();
  const intents = new Map<string, FakeIntent>();
  const paymentMethods = new Map<string, FakePaymentMethod>();
  const customers = new Map<string, string | null>();
  const refunds: FakeRefund[] = [];
  const requests: RecordedRequest[] = [];
  const violations: string[] = [];
  // Stripe's idempotency: one key answers the first result again, and refuses other parameters.
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
  let baseUrl = '';

  const fake: FakeStripe = {
    api: { host: '127.0.0.1', port: 0, protocol: 'http' },
    baseUrl: '',
    secretKey: SECRET_KEY,
    webhookSecret,
    webhookUrl: null,
    spec: spec.source,
    sessions,
    intents,
    paymentMethods,
    customers,
    refunds,
    requests,
    violations,
    async pay(sessionId, card = TEST_CARDS.visa) {
      return fake.payNow(sessionId, card).deliver();
    },
    payNow(sessionId, card = TEST_CARDS.visa) {
      const session = sessions.get(sessionId);
      if (!session || session.status !== 'open') throw new Error(`session ${sessionId} is not open`);
      const outcome = OFF_SESSION_OUTCOME[card];
      if (!outcome) throw new Error(`fake Stripe: unknown test card ${card}`);
      const customer = session.customerCreation === 'always' || session.setupFutureUsage ? id('cus') : null;
      if (customer) customers.set(customer, session.customer_email);
      // The card used on the page; kept on the customer only when the session saves it for later.
      const method: FakePaymentMethod = { id: id('pm'), customer: session.setupFutureUsage ? customer : null, last4: card.slice(-4), offSession: outcome };
      paymentMethods.set(method.id, method);
      const intent: FakeIntent = {
        id: id('pi'), amount: session.amount_total, refunded: 0, status: 'succeeded', metadata: session.intentMetadata,
        customer, payment_method: method.id, setup_future_usage: session.setupFutureUsage, offSession: false, idempotencyKey: null,
      };
      intents.set(intent.id, intent);
      Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: intent.id, customer });
      const completed = publicSession(session);
      return { deliver: () => deliver('checkout.session.completed', completed) };
    },
    async fail(sessionId, code) {
      const session = sessions.get(sessionId);
      if (!session || session.status !== 'open') throw new Error(`session ${sessionId} is not open`);
      const intent: FakeIntent = {
        id: id('pi'), amount: session.amount_total, refunded: 0, status: 'requires_payment_method', metadata: session.intentMetadata,
        customer: null, payment_method: null, setup_future_usage: session.setupFutureUsage, offSession: false, idempotencyKey: null,
      };
      intents.set(intent.id, intent);
      session.payment_intent = intent.id;
      const error =
        code === 'card_declined'
          ? { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' }
          : { type: 'card_error', code: 'authentication_required', decline_code: 'authentication_required', message: 'Your card was declined. This transaction requires authentication.' };
      return deliver('payment_intent.payment_failed', {
        id: intent.id, object: 'payment_intent', amount: intent.amount, currency: 'gbp', status: intent.status, metadata: intent.metadata, last_payment_error: error,
      });
    },
    async intentFailed(intentId) {
      const intent = intents.get(intentId);
      if (!intent || intent.status === 'succeeded') throw new Error(`intent ${intentId} did not fail`);
      const method = intent.payment_method ? paymentMethods.get(intent.payment_method) : undefined;
      const code = method?.offSession === 'authentication_required' ? 'authentication_required' : 'card_declined';
      return deliver('payment_intent.payment_failed', publicIntent(intent, { type: 'card_error', code, decline_code: code === 'card_declined' ? 'generic_decline' : code, message: 'Your card was declined.' }));
    },
    async redeliver(event) {
      return post(event.id, event.body);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  async function deliver(type: string, object: unknown): Promise<DeliveredEvent> {
    const eventId = id('evt');
    const body = JSON.stringify({ id: eventId, object: 'event', api_version: Stripe.API_VERSION, created: Math.floor(Date.now() / 1000), livemode: false, type, data: { object }, pending_webhooks: 1, request: { id: null, idempotency_key: null } }, null, 2);
    return post(eventId, body);
  }

  async function post(eventId: string, body: string): Promise<DeliveredEvent> {
    if (!fake.webhookUrl) throw new Error('fake Stripe: no webhookUrl to post events to');
    const signature = signer.webhooks.generateTestHeaderString({ payload: body, secret: webhookSecret });
    const response = await fetch(fake.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature }, body });
    return { id: eventId, body, signature, status: response.status, answer: await response.text() };
  }

  function publicSession(session: FakeSession): Omit<FakeSession, 'intentMetadata' | 'customerCreation' | 'setupFutureUsage'> {
    const { intentMetadata: _hidden, customerCreation: _creation, setupFutureUsage: _usage, ...rest } = session;
    return rest;
  }

  function publicIntent(intent: FakeIntent, error: unknown = null) {
    return {
      id: intent.id, object: 'payment_intent', amount: intent.amount, currency: 'gbp', status: intent.status, metadata: intent.metadata,
      customer: intent.customer, payment_method: intent.payment_method, setup_future_usage: intent.setup_future_usage,
      last_payment_error: error, livemode: false,
    };
  }

  /** Create and confirm off session on a saved card: the card's bank answers (its test number decides). */
  function chargeSavedCard(form: Record<string, Form>, key: string | null): { status: number; body: unknown } {
    const method = paymentMethods.get(String(form.payment_method));
    if (!method) return stripeError(404, `No such PaymentMethod: '${String(form.payment_method)}'`, 'invalid_request_error');
    if (form.confirm !== 'true' || form.off_session !== 'true') return stripeError(400, 'fake Stripe: only confirm=true off_session=true is spoken', 'invalid_request_error');
    if (!method.customer || method.customer !== form.customer) {
      return stripeError(400, `The provided PaymentMethod ${method.id} was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.`, 'invalid_request_error');
    }
    const intent: FakeIntent = {
      id: id('pi'), amount: Number(form.amount), refunded: 0, status: 'succeeded', metadata: (form.metadata ?? {}) as Record<string, string>,
      customer: method.customer, payment_method: method.id, setup_future_usage: null, offSession: true, idempotencyKey: key,
    };
    intents.set(intent.id, intent);
    if (method.offSession === 'succeeds') return { status: 200, body: publicIntent(intent) };
    // Stripe answers a refused off-session attempt 402 card_error, with the intent left unpaid.
    intent.status = 'requires_payment_method';
    const error = method.offSession === 'card_declined'
      ? { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' }
      : { type: 'card_error', code: 'authentication_required', decline_code: 'authentication_required', message: 'Your card was declined. This transaction requires authentication.' };
    return { status: 402, body: { error: { ...error, payment_intent: publicIntent(intent, error) } } };
  }

  function api(method: string, url: URL, form: Record<string, Form>, key: string | null): { status: number; body: unknown } {
    const found = findOperation(spec, method, url.pathname);
    if (!found) return stripeError(404, `Unrecognized request URL (${method}: ${url.pathname}).`, 'invalid_request_error');
    const query = method === 'GET' ? decodeForm(url.search.slice(1)) : {};
    const problems = checkRequest(found.operation, found.params, query, method === 'GET' ? {} : form);
    if (problems.length > 0) {
      violations.push(...problems.map((problem) => `${found.key}: ${problem}`));
      return stripeError(400, problems[0]!, 'invalid_request_error');
    }
    if (method === 'POST' && key) {
      const fingerprint = createHash('sha256').update(`${found.key} ${JSON.stringify(form)}`).digest('hex');
      const seen = idempotent.get(key);
      if (seen) {
        if (seen.fingerprint !== fingerprint) {
          return stripeError(400, `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`, 'idempotency_error');
        }
        return { status: seen.status, body: seen.body };
      }
      const answer = operate(found.key, found.params, form, key);
      idempotent.set(key, { fingerprint, ...answer });
      return answer;
    }
    return operate(found.key, found.params, form, key);
  }

  function operate(operation: string, params: Record<string, string>, form: Record<string, Form>, key: string | null): { status: number; body: unknown } {
    switch (operation) {
      case 'POST /v1/checkout/sessions': {
        const items = (form.line_items ?? []) as Array<{ quantity?: string; price_data?: { unit_amount?: string; currency?: string } }>;
        const amount = items.reduce((sum, item) => sum + Number(item.price_data?.unit_amount ?? 0) * Number(item.quantity ?? 1), 0);
        const sessionId = id('cs');
        const session: FakeSession = {
          id: sessionId, object: 'checkout.session', mode: String(form.mode), status: 'open', payment_status: 'unpaid', amount_total: amount,
          currency: String(items[0]?.price_data?.currency ?? 'gbp'),
          client_reference_id: typeof form.client_reference_id === 'string' ? form.client_reference_id : null,
          customer_email: typeof form.customer_email === 'string' ? form.customer_email : null,
          customer: null,
          customerCreation: typeof form.customer_creation === 'string' ? form.customer_creation : null,
          setupFutureUsage: String((form.payment_intent_data as Record<string, Form> | undefined)?.setup_future_usage ?? '') || null,
          metadata: (form.metadata ?? {}) as Record<string, string>,
          intentMetadata: ((form.payment_intent_data as Record<string, Form> | undefined)?.metadata ?? {}) as Record<string, string>,
          payment_intent: null,
          success_url: String(form.success_url), cancel_url: typeof form.cancel_url === 'string' ? form.cancel_url : null,
          url: `${baseUrl}/c/pay/${sessionId}`, livemode: false, created: Math.floor(Date.now() / 1000),
        };
        sessions.set(sessionId, session);
        return { status: 200, body: publicSession(session) };
      }
      case 'GET /v1/checkout/sessions/{session}': {
        const session = sessions.get(params.session!);
        return session ? { status: 200, body: publicSession(session) } : stripeError(404, `No such checkout.session: '${params.session}'`, 'invalid_request_error');
      }
      case 'POST /v1/checkout/sessions/{session}/expire': {
        const session = sessions.get(params.session!);
        if (!session) return stripeError(404, `No such checkout.session: '${params.session}'`, 'invalid_request_error');
        if (session.status !== 'open') {
          return stripeError(400, `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`, 'invalid_request_error');
        }
        session.status = 'expired';
        return { status: 200, body: publicSession(session) };
      }
      case 'POST /v1/payment_intents':
        return chargeSavedCard(form, key);
      case 'GET /v1/payment_intents/{intent}': {
        const intent = intents.get(params.intent!);
        return intent ? { status: 200, body: publicIntent(intent) } : stripeError(404, `No such payment_intent: '${params.intent}'`, 'invalid_request_error');
      }
      case 'POST /v1/payment_methods/{payment_method}/detach': {
        const method = paymentMethods.get(params.payment_method!);
        if (!method) return stripeError(404, `No such PaymentMethod: '${params.payment_method}'`, 'invalid_request_error');
        if (!method.customer) return stripeError(400, `The payment method you provided is not attached to a customer so detachment is impossible.`, 'invalid_request_error');
        method.customer = null;
        return { status: 200, body: { id: method.id, object: 'payment_method', type: 'card', customer: null, card: { last4: method.last4 } } };
      }
      case 'POST /v1/refunds': {
        const intent = intents.get(String(form.payment_intent));
        if (!intent) return stripeError(404, `No such payment_intent: '${String(form.payment_intent)}'`, 'invalid_request_error');
        if (intent.status !== 'succeeded') return stripeError(400, 'This PaymentIntent does not have a successful charge to refund.', 'invalid_request_error');
        const amount = form.amount === undefined ? intent.amount - intent.refunded : Number(form.amount);
        if (amount < 1 || intent.refunded + amount > intent.amount) {
          return stripeError(400, `Refund amount (£${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (£${((intent.amount - intent.refunded) / 100).toFixed(2)})`, 'invalid_request_error');
        }
        intent.refunded += amount;
        const refund: FakeRefund = {
          id: id('re'), object: 'refund', amount, payment_intent: intent.id, status: 'succeeded', currency: 'gbp', idempotencyKey: key,
          metadata: (form.metadata ?? {}) as Record<string, string>,
        };
        refunds.push(refund);
        return { status: 200, body: refund };
      }
      default:
        return stripeError(404, `Unrecognized request URL (${operation}).`, 'invalid_request_error');
    }
  }

  async function checkoutPage(request: IncomingMessage, response: ServerResponse, url: URL): Promise<boolean> {
    const match = /^\/c\/pay\/([\w]+)(\/pay)?$/.exec(url.pathname);
    if (!match) return false;
    const session = sessions.get(match[1]!);
    if (!session) return (send(response, 404, 'text/plain', 'No such session'), true);
    if (session.status === 'expired') {
      // As Stripe's page says of an expired session: it cannot be paid any more.
      send(response, 200, 'text/html; charset=utf-8', `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stripe Checkout (local fake)</title></head>
<body><main><h1>This Checkout Session is no longer active</h1></main></body></html>`);
      return true;
    }
    if (request.method === 'POST' && match[2]) {
      await fake.pay(session.id);
      response.writeHead(303, { location: session.success_url }).end();
      return true;
    }
    const pounds = `£${(session.amount_total / 100).toFixed(2)}`;
    send(response, 200, 'text/html; charset=utf-8', `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stripe Checkout (local fake)</title></head>
<body><main><h1>Pay ${pounds}</h1><form method="post" action="/c/pay/${session.id}/pay"><button type="submit">Pay ${pounds}</button></form>
${session.cancel_url ? `<a href="${session.cancel_url}">Back</a>` : ''}</main></body></html>`);
    return true;
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const url = new URL(request.url ?? '/', baseUrl);
        if (await checkoutPage(request, response, url)) return;
        if (request.headers.authorization !== `Bearer ${SECRET_KEY}`) {
          return send(response, 401, 'application/json', JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }));
        }
        const key = typeof request.headers['idempotency-key'] === 'string' ? request.headers['idempotency-key'] : null;
        const form = decodeForm(Buffer.concat(chunks).toString('utf8'));
        requests.push({ method: request.method ?? 'GET', path: url.pathname, idempotencyKey: key, body: form });
        const answer = api(request.method ?? 'GET', url, form, key);
        send(response, answer.status, 'application/json', JSON.stringify(answer.body));
      })().catch((error: unknown) => send(response, 500, 'text/plain', String(error)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  baseUrl = `http://127.0.0.1:${port}`;
  fake.api.port = port;
  fake.baseUrl = baseUrl;
  return fake;
}

function stripeError(status: number, message: string, type: string): { status: number; body: unknown } {
  return { status, body: { error: { type, message } } };
}

function send(response: ServerResponse, status: number, type: string, body: string): void {
  response.writeHead(status, { 'content-type': type, 'request-id': `req_${randomBytes(6).toString('hex')}` }).end(body);
}
