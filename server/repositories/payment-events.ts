import { kysely } from '../db/kysely';
import type { Database } from '../db/database';

/** The provider's notifications already applied, by the provider's event id (decision 034). */
export function paymentEventsRepository(db: Database) {
  const k = kysely(db);
  return {
    /**
     * Claims the event for this transaction: true the first time, false when it was applied before.
     * One statement, so two deliveries of one event at the same moment cannot both claim it. An
     * order that is not there (any more) is named as none.
     */
    async claim(event: { id: string; orderId: number | null; type: string; at: Date }): Promise<boolean> {
      const { orderId } = event;
      const rows = await k
        .insertInto('payment_events')
        .columns(['id', 'order_id', 'type', 'received_at'])
        .expression(
          k.selectNoFrom((eb) => [
            eb.val(event.id).as('id'),
            orderId === null ? eb.val(null).as('order_id') : eb.selectFrom('orders').select('id').where('id', '=', orderId).as('order_id'),
            eb.val(event.type).as('type'),
            eb.val(event.at).as('received_at'),
          ]),
        )
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id')
        .execute();
      return rows.length === 1;
    },
  };
}
