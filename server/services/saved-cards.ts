import type { AuthUser } from '../app-context';
import type { Database } from '../db/database';
import { HttpError, notFound } from '../lib/http-error';
import { savedCardRepository } from '../repositories/saved-cards';
import type { PaymentProvider, SavedCardResult } from './payment-provider';
import { orderReference } from '../../domain/orders/order-reference';

/**
 * A series' saved card (decision 038): charged without the customer for a later visit or a fee, and
 * removed by the customer. The card is kept by the provider; the shop keeps only its references.
 */
export interface SavedCardDeps {
  db: Database;
  payments: PaymentProvider | null;
}

/** What a charge is for, part of its idempotency key: one charge per order, reason and amount, however often asked. */
const REASON = /^[a-z][a-z0-9_-]{0,39}$/;

export type SavedCardCharge = SavedCardResult | { status: 'no_card' };

/**
 * Charges `amountPence` to the card saved for the order's series, off session. The same order,
 * amount and reason (e.g. `visit`, `reschedule-fee-2`) never charge twice, whoever calls it again or
 * however often: the provider's idempotency key is made of them (Stripe keeps a key 24 hours at
 * least). `no_card` when the order's series has none saved (or the provider keeps no cards): the
 * amount is then for Pay now. A refusal by the bank is answered as `failed`, never thrown; a
 * provider that cannot be reached throws (the caller retries with the same key).
 * Records nothing in the shop's database: the caller does (visit-charges.ts, the balance's collection).
 */
export async function chargeSavedCard(deps: SavedCardDeps, orderId: number, amountPence: number, reason: string): Promise<SavedCardCharge> {
  if (!Number.isInteger(amountPence) || amountPence < 1) throw new RangeError(`chargeSavedCard: ${amountPence} is not a positive whole number of pence`);
  if (!REASON.test(reason)) throw new RangeError(`chargeSavedCard: the reason ${JSON.stringify(reason)} is not a short lower-case name`);
  const provider = deps.payments;
  if (!provider?.chargeSavedCard) return { status: 'no_card' };
  const saved = await savedCardRepository(deps.db).forOrder(orderId);
  if (!saved) return { status: 'no_card' };
  return provider.chargeSavedCard({
    card: saved.card,
    amountPence,
    // The bank statement's line: the number the customer reads (decision 073), never the id.
    description: `Order ${orderReference(saved)}: ${reason.replace(/[-_]/g, ' ')}`,
    metadata: { order_id: String(orderId), reason },
    idempotencyKey: `${reason}-order-${orderId}-${amountPence}`,
  });
}

export const CARD_REMOVAL_FAILED_MESSAGE = 'The card could not be removed just now. Please try again in a moment';

/**
 * "Remove saved card": detached at the provider first (it can never be charged again), then forgotten
 * with the consent, in one transaction holding the series' row so the charge job cannot read it
 * half-removed. Answers quietly when no card is saved; 404 for a series that is not the customer's.
 */
export async function removeSeriesCard(deps: SavedCardDeps, user: AuthUser, seriesId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const cards = savedCardRepository(tx);
    const found = await cards.ofSeries(seriesId, user.id);
    if (!found) throw notFound('Series not found');
    if (found.card && deps.payments?.removeSavedCard) {
      try {
        await deps.payments.removeSavedCard(found.card);
      } catch {
        // Kept as it was: the customer tries again; nothing is forgotten that the provider still holds.
        throw new HttpError(502, CARD_REMOVAL_FAILED_MESSAGE);
      }
    }
    await cards.remove(seriesId);
  });
}
