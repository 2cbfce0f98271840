import { api } from './client';
import { unwrap } from './errors';
import type { PersonalData } from '../../openapi/schema';

/** GET /user/data: the signed-in customer's account, orders and messages. */
export function exportMyData(): Promise<PersonalData> {
  return unwrap(api.GET('/user/data'));
}
