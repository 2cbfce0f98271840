import { sql, type InferResult } from 'kysely';
import type { Database } from '../db/database';
import { kysely, type Db } from '../db/kysely';
import { FIRST_STATUS } from '../../domain/orders/order-statuses';

/**
 * The test payment provider's own tables (services/test-payment-provider.ts): its sessions and their
 * refunds, as a real provider would keep them on its side. Amounts are pence (077).
 */
/**
 * An open session whose order was checked out with it and still awaits payment.
 * The provider's page also asks the shop's tables whether the order still awaits payment: a real
 * provider's session would be expired by the shop instead (not needed while this one is the only).
 */
const payableQuery = (k: Db, id: string) =>
  k.selectFrom('payment_sessions as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .select(['p.id', 'p.order_id', 'p.amount', 'p.description', 'p.email'])
    .where('p.id', '=', id).where('p.status', '=', sql.lit('open')).where('o.payment_method', '=', sql.lit('card'))
    .where((eb) => eb.or([
      eb.and([
        eb('o.payment_ref', '=', eb.ref('p.id')), eb('o.status', '=', sql.lit(FIRST_STATUS)),
        eb.not(eb.exists(eb.selectFrom('refund_requests as r').select(sql.lit(1).as('one')).whereRef('r.order_id', '=', 'o.id'))),
      ]),
      // A balance due after the first payment (a late fee, decision 036) while the job stands, or
      // the fee a cancelled order owes (decision 070): the shop checks the amount when told.
      eb('o.balance_payment_ref', '=', eb.ref('p.id')),
    ]));

export type PayableSession = InferResult<ReturnType<typeof payableQuery>>[number];

export function paymentSessionsRepository(db: Database) {
  const k = kysely(db);
  return {
    /** One statement: concurrent creates with one key all answer the single session it made. */
    async create(session: { id: string; orderId: number; amount: number; description: string; email: string; at: Date; idempotencyKey: string }): Promise<string> {
      const created = await k.insertInto('payment_sessions')
        .values({
          id: session.id, order_id: session.orderId, amount: session.amount, description: session.description, email: session.email,
          created_at: session.at, idempotency_key: session.idempotencyKey,
        })
        .onConflict((oc) => oc.column('idempotency_key').doUpdateSet((eb) => ({ idempotency_key: eb.ref('excluded.idempotency_key') })))
        .returning('id')
        .executeTakeFirstOrThrow();
      return created.id;
    },

    /** A paid session, locked: its amount and what was refunded of it so far; undefined when not paid. */
    lockPaid(id: string): Promise<{ amount: number; refunded_amount: number } | undefined> {
      return k.selectFrom('payment_sessions').select(['amount', 'refunded_amount'])
        .where('id', '=', id).where('status', '=', sql.lit('paid'))
        .forUpdate()
        .executeTakeFirst();
    },

    /** The refund made earlier with this key on this session. */
    refundByKey(idempotencyKey: string, sessionId: string): Promise<{ id: string; amount: number } | undefined> {
      return k.selectFrom('payment_session_refunds').select(['id', 'amount'])
        .where('idempotency_key', '=', idempotencyKey).where('session_id', '=', sessionId)
        .executeTakeFirst();
    },

    async refundCount(sessionId: string): Promise<number> {
      const { count } = await k.selectFrom('payment_session_refunds').select(sql<number>`count(*)::integer`.as('count'))
        .where('session_id', '=', sessionId)
        .executeTakeFirstOrThrow();
      return count;
    },

    /** A refund of the session, added to what was refunded of it. */
    async addRefund(refund: { idempotencyKey: string; id: string; sessionId: string; amount: number; at: Date }): Promise<void> {
      await k.insertInto('payment_session_refunds')
        .values({ idempotency_key: refund.idempotencyKey, id: refund.id, session_id: refund.sessionId, amount: refund.amount, created_at: refund.at })
        .execute();
      await k.updateTable('payment_sessions')
        .set((eb) => ({ refunded_amount: eb('refunded_amount', '+', refund.amount), refund_key: refund.idempotencyKey }))
        .where('id', '=', refund.sessionId)
        .execute();
    },

    async findPayable(id: string): Promise<PayableSession | null> {
      return (await payableQuery(k, id).executeTakeFirst()) ?? null;
    },

    lockPayable(id: string): Promise<PayableSession | undefined> {
      return payableQuery(k, id).forUpdate('p').executeTakeFirst();
    },

    async markPaid(id: string, at: Date): Promise<void> {
      await k.updateTable('payment_sessions').set({ status: sql.lit('paid'), paid_at: at }).where('id', '=', id).execute();
    },
  };
}
