import { fromPromise } from 'xstate';
import { api } from './client';
import { unwrap } from './errors';
import { paymentPageUrl } from './payment-page';

/** POST /services/order/{id}/pay: "Pay now" for a card order whose payment was not completed. */
export async function payOrder(orderId: number): Promise<string> {
  const { shippingInfo } = await unwrap(api.POST('/services/order/{id}/pay', { params: { path: { id: orderId } } }));
  return paymentPageUrl(shippingInfo) ?? shippingInfo;
}

/** The `payOrder` actor of My orders: the order's payment page. */
export const payOrderActor = fromPromise<string, { orderId: number }>(({ input }) => payOrder(input.orderId));
