import { fromPromise } from 'xstate';
import type { Quote, QuoteRequest } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';


/** POST /quotes: the server prices the choices and holds the price 30 minutes (no sign-in). */
export function createQuote(body: QuoteRequest, signal?: AbortSignal): Promise<Quote> {
  return unwrap(api.POST('/quotes', { body, ...(signal ? { signal } : {}) }));
}

/** The `createQuote` actor of the quote machine; a newer choice stops it (and aborts its request). */
export const createQuoteActor = fromPromise<Quote, QuoteRequest>(({ input, signal }) => createQuote(input, signal));
