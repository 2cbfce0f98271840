/**
 * The requests the shop may send GoCardless, written down from GoCardless's published API reference
 * (https://developer.gocardless.com/api-reference, API version 2015-07-06: "Billing Requests: Create
 * a Billing Request", "Billing Request Flows: Create a Billing Request Flow", "Payments: Create a
 * payment", "Payments: Retry a payment", "Payments: Get a single payment"; "Making requests": the
 * headers, the JSON envelope named after the resource, idempotency keys). The SDK's types are
 * generated from the same description. A request that does not fit is a violation the test fails on,
 * and the fake answers it 422 `validation_failed` or 400 as GoCardless does.
 */
type Field = 'string' | 'integer' | 'boolean' | 'object' | { [key: string]: Field };

interface Operation {
  method: 'GET' | 'POST';
  /** The path, `:id` standing for a resource's id with its documented prefix. */
  path: RegExp;
  /** The envelope the body is wrapped in (`payments`, `data`), or null for a GET. */
  envelope: string | null;
  required: string[];
  fields: Record<string, Field>;
}

const METADATA: Field = 'object';

export const OPERATIONS: Operation[] = [
  {
    method: 'POST', path: /^\/billing_requests$/, envelope: 'billing_requests', required: [],
    fields: {
      mandate_request: { currency: 'string', scheme: 'string', verify: 'string', description: 'string', metadata: METADATA, sweeping: 'boolean', authorisation_source: 'string' },
      payment_request: { amount: 'integer', currency: 'string', description: 'string', scheme: 'string', metadata: METADATA },
      metadata: METADATA, fallback_enabled: 'boolean', links: { creditor: 'string', customer: 'string', customer_bank_account: 'string' },
      purpose_code: 'string', payment_purpose_code: 'string', payment_context_code: 'string',
    },
  },
  {
    method: 'POST', path: /^\/billing_request_flows$/, envelope: 'billing_request_flows', required: ['links.billing_request'],
    fields: {
      links: { billing_request: 'string' }, redirect_uri: 'string', exit_uri: 'string', language: 'string', auto_fulfil: 'boolean',
      lock_bank_account: 'boolean', lock_currency: 'boolean', lock_customer_details: 'boolean', customer_details_captured: 'boolean',
      show_redirect_buttons: 'boolean', show_success_redirect_button: 'boolean', skip_success_screen: 'boolean',
      prefilled_customer: {
        given_name: 'string', family_name: 'string', company_name: 'string', email: 'string', address_line1: 'string', address_line2: 'string',
        address_line3: 'string', city: 'string', region: 'string', postal_code: 'string', country_code: 'string', danish_identity_number: 'string',
        swedish_identity_number: 'string',
      },
      prefilled_bank_account: { account_type: 'string' },
    },
  },
  { method: 'GET', path: /^\/billing_requests\/BRQ[0-9A-Z]+$/, envelope: null, required: [], fields: {} },
  {
    method: 'POST', path: /^\/payments$/, envelope: 'payments', required: ['amount', 'currency', 'links.mandate'],
    fields: {
      amount: 'integer', currency: 'string', charge_date: 'string', description: 'string', metadata: METADATA, reference: 'string',
      app_fee: 'integer', retry_if_possible: 'boolean', faster_ach: 'boolean', links: { mandate: 'string' },
    },
  },
  { method: 'GET', path: /^\/payments\/PM[0-9A-Z]+$/, envelope: null, required: [], fields: {} },
  { method: 'POST', path: /^\/payments\/PM[0-9A-Z]+\/actions\/retry$/, envelope: 'data', required: [], fields: { charge_date: 'string', metadata: METADATA } },
];

const CURRENCIES = new Set(['AUD', 'CAD', 'DKK', 'EUR', 'GBP', 'NZD', 'SEK', 'USD']);

/** What is wrong with a request, as GoCardless's reference describes it; an empty list when nothing. */
export function checkRequest(method: string, path: string, headers: Record<string, string | string[] | undefined>, body: unknown): string[] {
  const operation = OPERATIONS.find((candidate) => candidate.method === method && candidate.path.test(path));
  if (!operation) return [`${method} ${path} is not an operation the shop uses in GoCardless's reference`];
  const wrong: string[] = [];
  if (!/^Bearer (live|sandbox)_[\w-]+$/.test(String(headers.authorization ?? ''))) wrong.push('Authorization must be "Bearer <access token>"');
  if (headers['gocardless-version'] !== '2015-07-06') wrong.push('GoCardless-Version must be 2015-07-06');
  if (method === 'POST') {
    if (!String(headers['content-type'] ?? '').startsWith('application/json')) wrong.push('a POST body must be JSON');
    if (!headers['idempotency-key']) wrong.push('a create must send an Idempotency-Key');
    const envelope = (body as Record<string, unknown> | null)?.[operation.envelope!];
    if (typeof envelope !== 'object' || envelope === null || Array.isArray(envelope)) {
      wrong.push(`the body must be {"${operation.envelope}": {...}}`);
      return wrong;
    }
    if (Object.keys(body as object).length !== 1) wrong.push(`the body has more than the "${operation.envelope}" envelope`);
    checkFields(envelope as Record<string, unknown>, operation.fields, operation.envelope!, wrong);
    for (const name of operation.required) {
      if (name.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], envelope) === undefined) wrong.push(`${operation.envelope}.${name} is required`);
    }
    const fields = envelope as Record<string, unknown>;
    if (operation.envelope === 'payments') {
      if (typeof fields.amount === 'number' && fields.amount < 1) wrong.push('payments.amount must be a positive whole number of pence');
      if (typeof fields.currency === 'string' && !CURRENCIES.has(fields.currency)) wrong.push(`payments.currency ${fields.currency} is not supported`);
      if (typeof fields.charge_date === 'string' && !/^\d{4}-\d{2}-\d{2}$/.test(fields.charge_date)) wrong.push('payments.charge_date must be YYYY-MM-DD');
    }
    const metadata = [fields.metadata, (fields.mandate_request as Record<string, unknown> | undefined)?.metadata].filter((m) => m !== undefined);
    for (const m of metadata) {
      const entries = Object.entries(m as Record<string, unknown>);
      // "Up to 3 keys, key names up to 50 characters and values up to 500 characters", strings only.
      if (entries.length > 3 || entries.some(([key, value]) => key.length > 50 || typeof value !== 'string' || value.length > 500)) wrong.push('metadata: at most 3 string keys and values');
    }
  } else if (body !== undefined && body !== '') {
    wrong.push('a GET has no body');
  }
  return wrong;
}

function checkFields(value: Record<string, unknown>, fields: Record<string, Field>, at: string, wrong: string[]): void {
  for (const [key, item] of Object.entries(value)) {
    const kind = fields[key];
    if (kind === undefined) {
      wrong.push(`${at}.${key} is not a documented field`);
      continue;
    }
    if (typeof kind === 'object') {
      if (typeof item !== 'object' || item === null || Array.isArray(item)) wrong.push(`${at}.${key} must be an object`);
      else checkFields(item as Record<string, unknown>, kind, `${at}.${key}`, wrong);
    } else if (kind === 'integer' ? !Number.isInteger(item) : kind === 'object' ? typeof item !== 'object' || item === null : typeof item !== kind) {
      wrong.push(`${at}.${key} must be ${kind === 'integer' ? 'an integer' : `a ${kind}`}`);
    }
  }
}
