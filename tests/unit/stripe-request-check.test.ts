import { describe, expect, it } from 'vitest';
import { checkRequest, decodeForm, findOperation, loadTrimmedSpec } from '../support/stripe/stripe-request-check';

/**
 * The fake Stripe's check (decision 034) must refuse what Stripe refuses, or the Stripe suite would
 * pass against requests the real API answers 400. Checked against the trimmed description itself.
 */
const spec = loadTrimmedSpec();
const createSession = findOperation(spec, 'POST', '/v1/checkout/sessions')!;
const valid =
  'mode=payment&success_url=https%3A%2F%2Fx.test%2Fsuccess&client_reference_id=7&metadata[order_id]=7' +
  '&line_items[0][quantity]=1&line_items[0][price_data][currency]=gbp&line_items[0][price_data][unit_amount]=9650' +
  '&line_items[0][price_data][product_data][name]=Home%20cleaning';
const problems = (form: string) => checkRequest(createSession.operation, createSession.params, {}, decodeForm(form));

describe('the fake Stripe checks requests against Stripe\'s OpenAPI description', () => {
  it('decodes the SDK\'s form encoding into nested objects and arrays', () => {
    expect(decodeForm('a[b][0][c]=x&a[b][0][d]=y&e=1&f[]=p&f[]=q')).toEqual({ a: { b: [{ c: 'x', d: 'y' }] }, e: '1', f: ['p', 'q'] });
  });

  it('accepts what the provider sends', () => {
    expect(problems(valid)).toEqual([]);
  });

  it('refuses an unknown parameter, at the top and nested', () => {
    expect(problems(`${valid}&amount=9650`)).toEqual(['Received unknown parameter: amount']);
    expect(problems(`${valid}&line_items[0][price_data][amount]=1`)).toEqual(['Received unknown parameter: line_items[0][price_data][amount]']);
  });

  it('refuses a wrong type, a value outside the enum, and a missing required parameter', () => {
    expect(problems(valid.replace('unit_amount]=9650', 'unit_amount]=96.50'))).toEqual(['Invalid integer: line_items[0][price_data][unit_amount]']);
    expect(problems(valid.replace('mode=payment', 'mode=pay'))).toEqual([expect.stringMatching(/^Invalid mode: must be one of .*payment/)]);
    expect(problems(valid.replace('[product_data][name]=Home%20cleaning', '[product_data][description]=Home%20cleaning'))).toEqual([
      'Missing required param: line_items[0][price_data][product_data][name].',
    ]);
    expect(problems(valid.replace('&line_items[0][price_data][currency]=gbp', ''))).toEqual(['Missing required param: line_items[0][price_data][currency].']);
  });

  it('knows the operations it describes, and no others', () => {
    expect(findOperation(spec, 'GET', '/v1/checkout/sessions/cs_test_1')?.params).toEqual({ session: 'cs_test_1' });
    expect(findOperation(spec, 'POST', '/v1/charges')).toBeNull();
    expect(findOperation(spec, 'DELETE', '/v1/refunds')).toBeNull();
  });
});
