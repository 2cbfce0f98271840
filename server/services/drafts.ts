import type { Database } from '../db/database';
import { orderRepository, type OrderRow } from '../repositories/orders';

/**
 * Booking drafts (docs/decisions/007): Next creates an order that stays a draft until its checkout.
 * Nobody sees a draft as a booking, and it expires DRAFT_LIFETIME_MS after Next: it can no longer be
 * checked out, and `purgeExpiredDrafts` deletes it. The purge is a plain function of the database
 * and the clock, run by the scheduled purge job (server/services/purge.ts, PURGERS).
 */
export const DRAFT_LIFETIME_MS = 24 * 3_600_000;
export const EXPIRED_DRAFT_MESSAGE = 'This booking has expired: please choose your items again';

export function isExpiredDraft(order: Pick<OrderRow, 'checked_out_at' | 'created_at'>, now: Date): boolean {
  return order.checked_out_at === null && now.getTime() - new Date(order.created_at).getTime() >= DRAFT_LIFETIME_MS;
}

/** Deletes every draft older than DRAFT_LIFETIME_MS at `now` (with its items); answers how many. */
export function purgeExpiredDrafts(db: Database, now: Date): Promise<number> {
  return orderRepository(db).deleteDraftsCreatedBy(new Date(now.getTime() - DRAFT_LIFETIME_MS));
}
