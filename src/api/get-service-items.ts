import { fromPromise } from 'xstate';
import type { ServiceItems } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';


/** GET /services/get-items/{id}: the service's name and its items with prices (needs a login). */
export function getServiceItems(serviceId: number): Promise<ServiceItems> {
  return unwrap(api.GET('/services/get-items/{id}', { params: { path: { id: serviceId } } }));
}

/**
 * The `loadItems` actor the booking machine invokes. No abort signal: React's development double mount
 * stops and rehydrates the machine, and an aborted first call would surface as 'Request aborted'.
 */
export const loadItemsActor = fromPromise<ServiceItems, { serviceId: number }>(({ input }) =>
  getServiceItems(input.serviceId),
);
