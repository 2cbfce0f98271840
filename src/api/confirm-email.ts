import type { UserInfo } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';


/** POST /auth/confirm-email/{token}: the mailed link proves the address; answers the session, as login does. */
export function confirmEmail(token: string): Promise<UserInfo> {
  return unwrap(api.POST('/auth/confirm-email/{token}', { params: { path: { token } } }));
}
