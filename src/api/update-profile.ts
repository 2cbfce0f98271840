import type { ProfileUpdate, UserInfo } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';


/** PUT /user/update: changes name, email or password; fields sent as null stay unchanged. */
export function updateProfile(body: ProfileUpdate): Promise<UserInfo> {
  return unwrap(api.PUT('/user/update', { body }));
}
