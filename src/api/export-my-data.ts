import type { PersonalData } from './export-customer';
import { api } from './client';
import { unwrap } from './errors';

/** GET /user/data: the signed-in customer's account, orders and messages. */
export function exportMyData(): Promise<PersonalData> {
  return unwrap(api.GET('/user/data'));
}
