import type { Database } from '../db/database';
import { cappedCount, Conditions, countAccounts, SEARCH_COUNT_CAP, SEARCH_STATEMENT_TIMEOUT_MS, selectPage, UNKNOWN_TOTAL, type Page, type PageRequest, type SortKey } from './paging';
import type { OrderStatus, PaymentMethod } from '../../openapi/schema';
import { userRowMatchesSql, usersMatchingSql } from './user-search';

export type CustomerSort = 'id' | 'name' | 'email' | 'created';

export interface CustomerRow {
  id: number;
  name: string;
  email: string | null;
  created_at: Date;
  anonymised_at: Date | null;
}

export interface CustomerOrderRow {
  id: number;
  reference: number;
  service_name: string;
  status: OrderStatus;
  total: number;
  payment_method: PaymentMethod | null;
  due_at: Date | null;
  address: string | null;
  city: string | null;
  code_postal: string | null;
  phone: string | null;
  client_note: string | null;
  access_notes: string | null;
  created_at: Date;
}

/** Customers are the accounts that are neither administrators nor cleaners (the dashboard's Total Users counts the same). */
const IS_CUSTOMER = `NOT (roles && ARRAY['ROLE_ADMIN', 'ROLE_CLEANER'])`;
// Names and emails sort without regard to case (users_name_idx, users_email_sort_idx).
const SORT_SQL: Record<CustomerSort, string> = { id: 'id', name: 'lower(name)', email: 'lower(email)', created: 'created_at' };
const COLUMNS = 'id, name, email, created_at, anonymised_at';
export function customerRepository(db: Database) {
  return {
    async page(query: { sort?: CustomerSort; order?: 'asc' | 'desc'; q?: string }, page: PageRequest, searchCountCap = SEARCH_COUNT_CAP): Promise<Page<CustomerRow>> {
      const desc = query.order === 'desc';
      const sort = query.sort ?? 'name';
      const keys: SortKey[] = sort === 'id' ? [{ sql: 'id', desc }] : [{ sql: SORT_SQL[sort], desc, nullsLast: sort === 'email' ? true : undefined }, { sql: 'id', desc }];
      const conditions = new Conditions().add(IS_CUSTOMER);
      const q = query.q?.trim();
      if (!q) return selectPage<CustomerRow>(db, { select: `SELECT ${COLUMNS} FROM users`, lateLookup: { ids: 'SELECT id FROM users', idColumn: 'id' }, conditions, keys, total: await countAccounts(db, 'customers'), page });
      // By name (accents and case ignored) or email (by its start when it has an "@"): user-search.ts.
      // An address being typed ("@") is found by its start through a btree (053): kept as the lookup
      // of ids it is; any other text is tested on each row, so a walk in the sort's order can use it.
      const match = q.includes('@') ? usersMatchingSql(q) : userRowMatchesSql('users', q);
      conditions.add(q.includes('@') ? `id IN (${match.sql})` : match.sql, ...match.values);
      // A backstop: a search that still runs long answers 503 in seconds, not after the pool's 15 s.
      return db.transaction(async (tx) => {
        await tx.query(`SET LOCAL statement_timeout = ${SEARCH_STATEMENT_TIMEOUT_MS}`);
        // Counted up to the cap only (decision 092): a fragment every address shares matches every customer.
        const { total, lowerBound } = await cappedCount(tx, `SELECT 1 FROM users ${conditions.where}`, conditions.params, searchCountCap);
        // A search that matches few: its matches first (trigram indexes), then sorted. Left to itself
        // PostgreSQL walks every customer in name order hoping to meet the one match soon (15 s at
        // 2,000,000 customers), as the orders' search did (decision 017).
        if (!lowerBound) {
          return selectPage<CustomerRow>(tx, { select: (where) => `WITH matches AS MATERIALIZED (SELECT ${COLUMNS} FROM users ${where.where}) SELECT * FROM matches`, conditions, keys, total, page });
        }
        // More than the cap: common enough that walking the sort's index and testing each customer fills the page soon.
        const found = await selectPage<CustomerRow>(tx, { select: `SELECT ${COLUMNS} FROM users`, lateLookup: { ids: 'SELECT id FROM users', idColumn: 'id' }, conditions, keys, total: UNKNOWN_TOTAL, page });
        return { rows: found.rows, total, totalIsLowerBound: true };
      });
    },

    /** The customer, or null for an unknown id or an administrator. */
    async find(id: number): Promise<CustomerRow | null> {
      const [row] = await db.query<CustomerRow>(`SELECT ${COLUMNS} FROM users WHERE id = $1 AND ${IS_CUSTOMER}`, [id]);
      return row ?? null;
    },

    /** Any account, administrators included: everyone may download their own data. */
    async findAccount(id: number): Promise<CustomerRow | null> {
      const [row] = await db.query<CustomerRow>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]);
      return row ?? null;
    },

    /** Placed (checked-out) orders, newest first; drafts are nobody's booking. */
    orders(userId: number): Promise<CustomerOrderRow[]> {
      return db.query<CustomerOrderRow>(
        `SELECT o.id, o.reference, s.name AS service_name, o.status, o.total, o.payment_method, o.due_at, o.address, o.city,
                o.code_postal, o.phone, o.client_note, o.access_notes, o.created_at
           FROM orders o JOIN services s ON s.id = o.service_id
          WHERE o.user_id = $1 AND o.checked_out_at IS NOT NULL
          ORDER BY o.created_at DESC, o.id DESC`,
        [userId],
      );
    },
  };
}
