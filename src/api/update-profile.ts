import type { components } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';

export type ProfileUpdate = components['schemas']['ProfileUpdate'];
export type UserInfo = components['schemas']['UserInfo'];

/** PUT /user/update: changes name, email or password; fields sent as null stay unchanged. */
export function updateProfile(body: ProfileUpdate): Promise<UserInfo> {
  return unwrap(api.PUT('/user/update', { body }));
}
