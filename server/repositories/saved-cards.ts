import type { Database } from '../db/database';

/** A card kept by the payment provider: the shop holds only the provider's references (never a number). */
export interface SavedCard {
  customer: string;
  paymentMethod: string;
}

/**
 * The card a series keeps to pay its later visits (032_saved_cards.sql, decision 038): the
 * provider's customer and payment method, saved only where the customer consented at checkout.
 */
export function savedCardRepository(db: Database) {
  return {
    /** Whether paying this order should save the card: the first visit of a series whose customer consented, no card yet. */
    async wantedFor(orderId: number): Promise<boolean> {
      const rows = await db.query(
        'SELECT 1 FROM booking_series WHERE first_order_id = $1 AND card_consent_at IS NOT NULL AND card_payment_method IS NULL AND ended_at IS NULL',
        [orderId],
      );
      return rows.length === 1;
    },

    /** Keeps the card the first visit's payment saved; nothing without consent. Answers whether it was kept. */
    async save(firstOrderId: number, card: SavedCard, at: Date): Promise<boolean> {
      const rows = await db.query(
        `UPDATE booking_series SET card_customer = $2, card_payment_method = $3, card_saved_at = $4
          WHERE first_order_id = $1 AND card_consent_at IS NOT NULL AND ended_at IS NULL RETURNING id`,
        [firstOrderId, card.customer, card.paymentMethod, at],
      );
      return rows.length === 1;
    },

    /** The card that pays this order (its series' saved card, if any) and the order's reference, which names the charge. */
    async forOrder(orderId: number): Promise<{ card: SavedCard; reference: number | null } | null> {
      const [row] = await db.query<{ card_customer: string; card_payment_method: string; reference: number | null }>(
        `SELECT b.card_customer, b.card_payment_method, o.reference FROM orders o JOIN booking_series b ON b.id = o.series_id
          WHERE o.id = $1 AND b.card_payment_method IS NOT NULL`,
        [orderId],
      );
      return row ? { card: { customer: row.card_customer, paymentMethod: row.card_payment_method }, reference: row.reference } : null;
    },

    /** The series' saved card, locked for removal; null when the series is not this customer's. */
    async ofSeries(seriesId: number, userId: number): Promise<{ card: SavedCard | null } | null> {
      const [row] = await db.query<{ card_customer: string | null; card_payment_method: string | null }>(
        'SELECT card_customer, card_payment_method FROM booking_series WHERE id = $1 AND user_id = $2 FOR UPDATE',
        [seriesId, userId],
      );
      if (!row) return null;
      return { card: row.card_customer && row.card_payment_method ? { customer: row.card_customer, paymentMethod: row.card_payment_method } : null };
    },

    /** Forgets the card and the consent: later visits wait for Pay now. */
    async remove(seriesId: number): Promise<void> {
      await db.query(
        'UPDATE booking_series SET card_customer = NULL, card_payment_method = NULL, card_saved_at = NULL, card_consent_at = NULL WHERE id = $1',
        [seriesId],
      );
    },
  };
}
