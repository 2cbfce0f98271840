import type { components } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';

export type LoginRequest = components['schemas']['LoginRequest'];
export type UserInfo = components['schemas']['UserInfo'];

/** POST /auth/login: the email goes as `username`; answers the session kept under `userInfo`. */
export function login(body: LoginRequest): Promise<UserInfo> {
  return unwrap(api.POST('/auth/login', { body }));
}
