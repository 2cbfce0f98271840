import type { Quote } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';


/** GET /quotes/{quoteId}: a stored quote and its choices (no sign-in); rejects once it is gone. */
export function getQuote(quoteId: string): Promise<Quote> {
  return unwrap(api.GET('/quotes/{quoteId}', { params: { path: { quoteId } } }));
}
