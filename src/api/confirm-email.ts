import type { UserInfo } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';


/**
 * POST /auth/confirm-email/{token}: the mailed link proves the address; answers the session, as login does.
 * A registration's link needs the password chosen when registering; an email change's, the session of
 * its account (the bearer the client adds when signed in) (decision 074).
 */
export function confirmEmail(token: string, password?: string): Promise<UserInfo> {
  return unwrap(api.POST('/auth/confirm-email/{token}', { params: { path: { token } }, ...(password ? { body: { password } } : {}) }));
}
