import { fromPromise } from 'xstate';
import type { CheckoutAnswer, CheckoutCall, PriceChangedAnswer } from '../../machines/checkout.machine';
import { api } from './client';
import { unwrap } from './errors';
import { paymentPageUrl } from './payment-page';


/**
 * POST /services/order/checkout: address, time and payment; a card answer names the payment page.
 * The Idempotency-Key is the attempt's (same on retry), so the server replays instead of paying twice.
 * A 409 with `priceChanged` is not a failure but an answer: the address changes the price, and the
 * customer is to confirm the new total (decision 037).
 */
export async function checkoutOrder({ idempotencyKey, body }: CheckoutCall): Promise<CheckoutAnswer> {
  const call = api.POST('/services/order/checkout', { params: { header: { 'Idempotency-Key': idempotencyKey } }, body });
  const result = await call.catch(() => null);
  const refusal: unknown = result?.response.status === 409 ? result.error : null;
  if (refusal && typeof refusal === 'object' && 'priceChanged' in refusal) return refusal as PriceChangedAnswer;
  const response = await unwrap(result ? Promise.resolve(result) : call);
  return response.shippingInfo ? { ...response, shippingInfo: paymentPageUrl(response.shippingInfo) } : response;
}

/**
 * The `checkout` actor the checkout machine invokes. No abort signal: React's development double mount
 * stops and rehydrates the machine, and an aborted first call would surface as 'Request aborted'.
 */
export const checkoutActor = fromPromise<CheckoutAnswer, CheckoutCall>(({ input }) => checkoutOrder(input));
