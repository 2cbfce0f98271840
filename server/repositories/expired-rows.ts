import { sql } from 'kysely';
import { kysely } from '../db/kysely';
import type { Database } from '../db/database';

/** An open card payment session, as payment_sessions_open_created_at_idx (007) names it: a literal, so the planner can use it. */
const OPEN = sql.lit('open');
/** Job states of the local queue (server/queue/local-queue.ts), not order statuses. */
const FINISHED = [sql.lit('completed'), sql.lit('failed')];

/** The purge's statements (services/purge.ts says how long each kind is kept): each answers how many rows went. */
export function expiredRowsRepository(db: Database) {
  const k = kysely(db);
  const count = async (statement: { execute(): Promise<readonly unknown[]> }) => (await statement.execute()).length;
  return {
    idempotencyKeys: (before: Date) => count(k.deleteFrom('idempotency_keys').where('created_at', '<', before).returning('key')),
    officeBookingKeys: (before: Date) => count(k.deleteFrom('office_booking_keys').where('created_at', '<', before).returning('key')),
    passwordResetTokens: (now: Date) =>
      count(k.deleteFrom('password_reset_tokens').where((eb) => eb.or([eb('expires_at', '<', now), eb('used_at', 'is not', null)])).returning('token_hash')),
    emailConfirmations: (now: Date) =>
      count(k.deleteFrom('email_confirmations').where((eb) => eb.or([eb('expires_at', '<', now), eb('used_at', 'is not', null)])).returning('token_hash')),
    /** A card payment session nobody paid, that its order does not name. */
    orphanPaymentSessions: (before: Date) =>
      count(
        k
          .deleteFrom('payment_sessions as s')
          .where('s.status', '=', OPEN)
          .where('s.created_at', '<', before)
          .where((eb) =>
            eb.not(eb.exists(eb.selectFrom('orders as o').select(sql<number>`1`.as('one')).whereRef('o.id', '=', 's.order_id').whereRef('o.payment_ref', '=', 's.id'))),
          )
          .returning('s.id'),
      ),
    finishedLocalJobs: (before: Date) => count(k.deleteFrom('local_jobs').where('state', 'in', FINISHED).where('completed_on', '<', before).returning('id')),
  };
}
