import type { operations, AdminUser } from '../../openapi/schema';
import { api } from './client';
import { unwrapPage, type PageOf } from './paged';

export type UserListQuery = NonNullable<operations['listUsers']['parameters']['query']>;

/** GET /admin/users: one page of users in the table's sort, with the total. */
export function listUsers(query: UserListQuery): Promise<PageOf<AdminUser>> {
  return unwrapPage(api.GET('/admin/users', { params: { query } }));
}
