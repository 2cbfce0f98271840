import { api } from './client';
import { unwrap } from './errors';

/** POST /user/delete: anonymises the signed-in customer's account (needs the password). */
export function deleteMyAccount(params: { password: string }): Promise<{ message: string }> {
  return unwrap(api.POST('/user/delete', { body: { password: params.password } }));
}
