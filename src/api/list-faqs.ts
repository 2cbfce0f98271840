import type { components } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';

export type Faq = components['schemas']['Faq'];

/** GET /home/faqs: the questions and answers of /faqs. */
export function listFaqs(): Promise<Faq[]> {
  return unwrap(api.GET('/home/faqs'));
}
