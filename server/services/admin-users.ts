import type { AdminUser } from '../../openapi/schema';
import type { Database } from '../db/database';
import { Conditions, countAccounts, selectPage, type Page, type PageRequest, type SortKey } from '../repositories/paging';
import { iso } from './orders-views';

export type UserSort = 'id' | 'name' | 'email' | 'created';

/** Names and emails sort without regard to case (indexes users_name_idx, users_email_lower_key). */
const SORT_SQL: Record<UserSort, string> = { id: 'id', name: 'lower(name)', email: 'lower(email)', created: 'created_at' };

/** One page of accounts, administrators included, oldest first unless `sort` says otherwise. */
export async function listUsers(
  db: Database,
  query: { sort?: UserSort; order?: 'asc' | 'desc' },
  page: PageRequest,
): Promise<Page<AdminUser>> {
  const desc = query.order === 'desc';
  const sort = query.sort ?? 'id';
  const keys: SortKey[] = sort === 'id' ? [{ sql: 'id', desc }] : [{ sql: SORT_SQL[sort], desc }, { sql: 'id', desc }];
  const conditions = new Conditions();
  const total = await countAccounts(db, 'accounts');
  const found = await selectPage<{ id: number; name: string; email: string; created_at: Date }>(db, {
    // An anonymised account has no email: the spec's table shows it empty.
    select: "SELECT id, name, COALESCE(email, '') AS email, created_at FROM users",
    // The page's ids from the sort's index alone, then those accounts (late row lookup, paging.ts).
    lateLookup: { ids: 'SELECT id FROM users', idColumn: 'id' },
    conditions,
    keys,
    total,
    page,
  });
  return { total, rows: found.rows.map((row) => ({ id: row.id, name: row.name, email: row.email, created: iso(row.created_at) })) };
}
