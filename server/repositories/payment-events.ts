import type { Database } from '../db/database';

/** The provider's notifications already applied, by the provider's event id (decision 034). */
export function paymentEventsRepository(db: Database) {
  return {
    /**
     * Claims the event for this transaction: true the first time, false when it was applied before.
     * One statement, so two deliveries of one event at the same moment cannot both claim it.
     */
    async claim(event: { id: string; orderId: number | null; type: string; at: Date }): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO payment_events (id, order_id, type, received_at)
         SELECT $1, (SELECT id FROM orders WHERE id = $2), $3, $4
         ON CONFLICT (id) DO NOTHING RETURNING id`,
        [event.id, event.orderId, event.type, event.at],
      );
      return rows.length === 1;
    },
  };
}
