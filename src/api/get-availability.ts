import { fromPromise } from 'xstate';
import type { AvailabilityRequest } from '../../machines/availability.machine';
import { api } from './client';
import { unwrap } from './errors';
import type { Availability } from '../../openapi/schema';

/** GET /availability (public): per UK day, the start times with the number of free teams. */
export function getAvailability({ serviceId, duration, from, days, postcode }: AvailabilityRequest): Promise<Availability> {
  return unwrap(api.GET('/availability', { params: { query: { service: serviceId, from, days, ...(duration ? { duration } : {}), ...(postcode ? { postcode } : {}) } } }));
}

/** The `loadAvailability` actor the availability machine invokes. */
export const loadAvailabilityActor = fromPromise<Availability, AvailabilityRequest>(({ input }) => getAvailability(input));
