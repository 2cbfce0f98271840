import { fromPromise } from 'xstate';
import type { RefundRequestResult } from '../../openapi/schema';
import type { RefundCall } from '../../machines/cancellation.machine';
import { api } from './client';
import { unwrap } from './errors';


/** POST /services/refund-request/{id}: cancel one of my orders, with a reason. */
export function requestRefund({ orderId, reason }: RefundCall): Promise<RefundRequestResult> {
  return unwrap(api.POST('/services/refund-request/{id}', { params: { path: { id: orderId } }, body: { reason } }));
}

/**
 * The `requestRefund` actor the cancellation machine invokes. No abort signal: React's development double mount
 * stops and rehydrates the machine, and an aborted first call would surface as 'Request aborted'.
 */
export const requestRefundActor = fromPromise<RefundRequestResult, RefundCall>(({ input }) =>
  requestRefund(input),
);
