import { sql, type InferResult, type NotNull, type RawBuilder, type Selectable, type SqlBool } from 'kysely';
import type { Database } from '../db/database';
import { kysely, type Db } from '../db/kysely';
import type { Users } from '../db/schema';
import { countAccounts, SEARCH_COUNT_CAP, SEARCH_STATEMENT_TIMEOUT_MS, UNKNOWN_TOTAL, type Page, type PageRequest } from './paging';
import { cappedTypedCount, conditionOf, selectTypedLatePage, selectTypedPage } from './typed-paging';
import type { OrderStatus, PaymentMethod } from '../../openapi/schema';
import { userRowMatchesSql, usersMatchingSql } from './user-search';

export type CustomerSort = 'id' | 'name' | 'email' | 'created';

/** The account as the back office lists it (users.email is null once erased). */
export type CustomerRow = Pick<Selectable<Users>, 'id' | 'name' | 'email' | 'created_at' | 'anonymised_at'>;

const customerOrdersQuery = (k: Db, userId: number) =>
  k
    .selectFrom('orders as o')
    .innerJoin('services as s', 's.id', 'o.service_id')
    .select([
      'o.id', 'o.reference', 's.name as service_name', 'o.status', 'o.total', 'o.payment_method', 'o.due_at', 'o.address', 'o.city',
      'o.code_postal', 'o.phone', 'o.client_note', 'o.access_notes', 'o.created_at',
    ])
    .where('o.user_id', '=', userId)
    .where('o.checked_out_at', 'is not', null)
    // A placed order has its reference (037_order_references.sql's trigger gives it at checkout).
    .$narrowType<{ reference: NotNull; status: OrderStatus; payment_method: PaymentMethod | null }>();

export type CustomerOrderRow = InferResult<ReturnType<typeof customerOrdersQuery>>[number];

/** Customers are the accounts that are neither administrators nor cleaners (the dashboard's Total Users counts the same). */
const IS_CUSTOMER = `NOT (roles && ARRAY['ROLE_ADMIN', 'ROLE_CLEANER'])`;
/** A sort key both the customers and their search's matches (a CTE of the same columns) can take. */
type SortKey = { by: RawBuilder<unknown>; desc: boolean; nullsLast?: boolean };
// Names and emails sort without regard to case (users_name_idx, users_email_sort_idx).
const SORT_BY: Record<Exclude<CustomerSort, 'id'>, RawBuilder<unknown>> = { name: sql`lower(name)`, email: sql`lower(email)`, created: sql.ref('created_at') };
const customerColumns = ['id', 'name', 'email', 'created_at', 'anonymised_at'] as const;
export function customerRepository(db: Database) {
  const k = kysely(db);
  return {
    async page(query: { sort?: CustomerSort; order?: 'asc' | 'desc'; q?: string }, page: PageRequest, searchCountCap = SEARCH_COUNT_CAP): Promise<Page<CustomerRow>> {
      const desc = query.order === 'desc';
      const sort = query.sort ?? 'name';
      const keys: SortKey[] = sort === 'id' ? [{ by: sql.ref('id'), desc }] : [{ by: SORT_BY[sort], desc, nullsLast: sort === 'email' ? true : undefined }, { by: sql.ref('id'), desc }];
      const customers = (kx: Db) => kx.selectFrom('users').where(sql.raw<SqlBool>(IS_CUSTOMER));
      const q = query.q?.trim();
      // The page's ids from the sort's index alone, then those customers (late row lookup, decision 020).
      if (!q) return selectTypedLatePage(k.selectFrom('users').select(customerColumns), customers(k).select('id'), { idColumn: 'id', keys, total: await countAccounts(db, 'customers'), page });
      // By name (accents and case ignored) or email (by its start when it has an "@"): user-search.ts.
      // An address being typed ("@") is found by its start through a btree (053): kept as the lookup
      // of ids it is; any other text is tested on each row, so a walk in the sort's order can use it.
      const found = q.includes('@') ? usersMatchingSql(q) : userRowMatchesSql('users', q);
      const match = conditionOf(q.includes('@') ? { sql: `id IN (${found.sql})`, values: found.values } : found);
      // A backstop: a search that still runs long answers 503 in seconds, not after the pool's 15 s.
      return db.transaction(async (tx) => {
        const kt = kysely(tx);
        await sql`SET LOCAL statement_timeout = ${sql.lit(SEARCH_STATEMENT_TIMEOUT_MS)}`.execute(kt);
        const matching = customers(kt).where(match);
        // Counted up to the cap only (decision 092): a fragment every address shares matches every customer.
        const { total, lowerBound } = await cappedTypedCount(kt, matching.select(sql.lit(1).as('one')), searchCountCap);
        // A search that matches few: its matches first (trigram indexes), then sorted. Left to itself
        // PostgreSQL walks every customer in name order hoping to meet the one match soon (15 s at
        // 2,000,000 customers), as the orders' search did (decision 017).
        if (!lowerBound) {
          const matches = kt.with((cte) => cte('matches').materialized(), () => matching.select(customerColumns)).selectFrom('matches').selectAll();
          return selectTypedPage(matches, { keys, total, page });
        }
        // More than the cap: common enough that walking the sort's index and testing each customer fills the page soon.
        const walked = await selectTypedLatePage(kt.selectFrom('users').select(customerColumns), matching.select('id'), { idColumn: 'id', keys, total: UNKNOWN_TOTAL, page });
        return { rows: walked.rows, total, totalIsLowerBound: true };
      });
    },

    /** The customer, or null for an unknown id or an administrator. */
    async find(id: number): Promise<CustomerRow | null> {
      const row = await k.selectFrom('users').select(customerColumns).where('id', '=', id).where(sql.raw<boolean>(IS_CUSTOMER)).executeTakeFirst();
      return row ?? null;
    },

    /** Any account, administrators included: everyone may download their own data. */
    async findAccount(id: number): Promise<CustomerRow | null> {
      return (await k.selectFrom('users').select(customerColumns).where('id', '=', id).executeTakeFirst()) ?? null;
    },

    /** Placed (checked-out) orders, newest first; drafts are nobody's booking. */
    orders(userId: number): Promise<CustomerOrderRow[]> {
      return customerOrdersQuery(k, userId).orderBy('o.created_at', 'desc').orderBy('o.id', 'desc').execute();
    },
  };
}
