import type { components } from '../../openapi/schema';
import type { Database } from '../db/database';
import { iso } from './orders-views';

/** Every account, administrators included, oldest first (the table sorts on the client). */
export async function listUsers(db: Database): Promise<components['schemas']['AdminUser'][]> {
  const rows = await db.query<{ id: number; name: string; email: string; created_at: Date }>(
    'SELECT id, name, email, created_at FROM users ORDER BY id',
  );
  return rows.map((row) => ({ id: row.id, name: row.name, email: row.email, created: iso(row.created_at) }));
}
