import type { PaymentOptions } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';


/** GET /services/payment-options: card is offered only when the server has a payment provider. */
export function getPaymentOptions(): Promise<PaymentOptions> {
  return unwrap(api.GET('/services/payment-options'));
}
