import { fromPromise } from 'xstate';
import type { NewOrderRequest, OrderSummary } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';


/** POST /services/order/new: the server prices the chosen items and answers the order summary. */
export function createOrder(body: NewOrderRequest): Promise<OrderSummary> {
  return unwrap(api.POST('/services/order/new', { body }));
}

/**
 * The `createOrder` actor the booking machine invokes. No abort signal: React's development double mount
 * stops and rehydrates the machine, and an aborted first call would surface as 'Request aborted'.
 */
export const createOrderActor = fromPromise<OrderSummary, NewOrderRequest>(({ input }) =>
  createOrder(input),
);
