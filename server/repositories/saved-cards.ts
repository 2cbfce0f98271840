import type { NotNull } from 'kysely';
import { kysely } from '../db/kysely';
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
  const k = kysely(db);
  return {
    /** Whether paying this order should save the card: the first visit of a series whose customer consented, no card yet. */
    async wantedFor(orderId: number): Promise<boolean> {
      const rows = await k
        .selectFrom('booking_series')
        .select('id')
        .where('first_order_id', '=', orderId)
        .where('card_consent_at', 'is not', null)
        .where('card_payment_method', 'is', null)
        .where('ended_at', 'is', null)
        .execute();
      return rows.length === 1;
    },

    /** Keeps the card the first visit's payment saved; nothing without consent. Answers whether it was kept. */
    async save(firstOrderId: number, card: SavedCard, at: Date): Promise<boolean> {
      const rows = await k
        .updateTable('booking_series')
        .set({ card_customer: card.customer, card_payment_method: card.paymentMethod, card_saved_at: at })
        .where('first_order_id', '=', firstOrderId)
        .where('card_consent_at', 'is not', null)
        .where('ended_at', 'is', null)
        .returning('id')
        .execute();
      return rows.length === 1;
    },

    /** The card that pays this order (its series' saved card, if any) and the order's reference, which names the charge. */
    async forOrder(orderId: number): Promise<{ card: SavedCard; reference: number | null } | null> {
      // `save` writes the customer and the payment method together: a card has both or neither.
      const row = await k
        .selectFrom('orders as o')
        .innerJoin('booking_series as b', 'b.id', 'o.series_id')
        .select(['b.card_customer', 'b.card_payment_method', 'o.reference'])
        .where('o.id', '=', orderId)
        .where('b.card_payment_method', 'is not', null)
        .where('b.card_customer', 'is not', null)
        .$narrowType<{ card_customer: NotNull; card_payment_method: NotNull }>()
        .executeTakeFirst();
      return row ? { card: { customer: row.card_customer, paymentMethod: row.card_payment_method }, reference: row.reference } : null;
    },

    /** The series' saved card, locked for removal; null when the series is not this customer's. */
    async ofSeries(seriesId: number, userId: number): Promise<{ card: SavedCard | null } | null> {
      const row = await k
        .selectFrom('booking_series')
        .select(['card_customer', 'card_payment_method'])
        .where('id', '=', seriesId)
        .where('user_id', '=', userId)
        .forUpdate()
        .executeTakeFirst();
      if (!row) return null;
      return { card: row.card_customer && row.card_payment_method ? { customer: row.card_customer, paymentMethod: row.card_payment_method } : null };
    },

    /** Forgets the card and the consent: later visits wait for Pay now. */
    async remove(seriesId: number): Promise<void> {
      await k
        .updateTable('booking_series')
        .set({ card_customer: null, card_payment_method: null, card_saved_at: null, card_consent_at: null })
        .where('id', '=', seriesId)
        .execute();
    },
  };
}
