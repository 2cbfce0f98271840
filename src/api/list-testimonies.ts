import type { Testimony } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';


/** GET /home/testimonies: what customers said, shown on the landing page. */
export function listTestimonies(): Promise<Testimony[]> {
  return unwrap(api.GET('/home/testimonies'));
}
