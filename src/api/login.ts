import type { LoginRequest, UserInfo } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';


/** POST /auth/login: the email goes as `username`; answers the session kept under `userInfo`. */
export function login(body: LoginRequest): Promise<UserInfo> {
  return unwrap(api.POST('/auth/login', { body }));
}
