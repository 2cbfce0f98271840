import { fromPromise } from 'xstate';
import type { CheckoutResponse } from '../../openapi/schema';
import type { CheckoutCall } from '../../machines/checkout.machine';
import { api } from './client';
import { unwrap } from './errors';
import { paymentPageUrl } from './payment-page';


/**
 * POST /services/order/checkout: address, time and payment; a card answer names the payment page.
 * The Idempotency-Key is the attempt's (same on retry), so the server replays instead of paying twice.
 */
export async function checkoutOrder({ idempotencyKey, body }: CheckoutCall): Promise<CheckoutResponse> {
  const response = await unwrap(
    api.POST('/services/order/checkout', { params: { header: { 'Idempotency-Key': idempotencyKey } }, body }),
  );
  return response.shippingInfo ? { ...response, shippingInfo: paymentPageUrl(response.shippingInfo) } : response;
}

/**
 * The `checkout` actor the checkout machine invokes. No abort signal: React's development double mount
 * stops and rehydrates the machine, and an aborted first call would surface as 'Request aborted'.
 */
export const checkoutActor = fromPromise<CheckoutResponse, CheckoutCall>(({ input }) => checkoutOrder(input));
