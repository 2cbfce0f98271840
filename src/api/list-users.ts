import type { components } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';

export type AdminUser = components['schemas']['AdminUser'];

/** GET /admin/users: every user, for the back office's users table. */
export function listUsers(): Promise<AdminUser[]> {
  return unwrap(api.GET('/admin/users'));
}
