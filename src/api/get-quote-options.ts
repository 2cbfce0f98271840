import { fromPromise } from 'xstate';
import type { QuoteOptions } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';


/** GET /quotes/options/{id}: a service's items, frequencies, extras, VAT and Congestion Charge (no sign-in). */
export function getQuoteOptions(serviceId: number): Promise<QuoteOptions> {
  return unwrap(api.GET('/quotes/options/{id}', { params: { path: { id: serviceId } } }));
}

/** The `loadOptions` actor of the quote machine. */
export const loadQuoteOptionsActor = fromPromise<QuoteOptions, { serviceId: number }>(({ input }) => getQuoteOptions(input.serviceId));
