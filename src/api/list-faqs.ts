import type { Faq } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';


/** GET /home/faqs: the questions and answers of /faqs. */
export function listFaqs(): Promise<Faq[]> {
  return unwrap(api.GET('/home/faqs'));
}
