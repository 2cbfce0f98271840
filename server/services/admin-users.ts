import type { AdminUser } from '../../openapi/schema';
import type { Database } from '../db/database';
import type { Page, PageRequest } from '../repositories/paging';
import { createUserRepository, type UserSort } from '../repositories/user-repository';
import { iso } from './orders-views';

export type { UserSort } from '../repositories/user-repository';

/** One page of accounts, administrators included, oldest first unless `sort` says otherwise. */
export async function listUsers(
  db: Database,
  query: { sort?: UserSort; order?: 'asc' | 'desc' },
  page: PageRequest,
): Promise<Page<AdminUser>> {
  const found = await createUserRepository(db).accountsPage(query, page);
  return { total: found.total, rows: found.rows.map((row) => ({ id: row.id, name: row.name, email: row.email, created: iso(row.created_at) })) };
}
