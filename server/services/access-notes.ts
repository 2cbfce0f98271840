import type { AccessNotes } from '../../openapi/schema';
import { IN_QUEUE_STATUSES } from '../../domain/orders/order-statuses';
import type { Database } from '../db/database';
import { conflict, notFound } from '../lib/http-error';
import type { AuthUser } from '../app-context';
import type { OrderRow } from '../repositories/orders';
import { orderRepository } from '../repositories/orders';
import { lockOwnAccountFirst } from './account-lock';

export const ACCESS_NOTES_CLOSED = 'The access notes can be changed only before the job starts, on a booked job';

/**
 * The one rule of who may still change a booking's access notes: a booked job (a time, still to be
 * done) that has not started. Once the team is in, the notes they read stay as they were.
 */
export function accessNotesEditable(row: Pick<OrderRow, 'status' | 'due_at'>, now: Date): boolean {
  const open: readonly string[] = IN_QUEUE_STATUSES;
  return row.due_at !== null && open.includes(row.status) && new Date(row.due_at).getTime() > now.getTime();
}

/**
 * The customer sets or clears how the team gets in (decision 050). The order is locked after the
 * account (account-lock.ts), so an erasure running meanwhile either comes first (401) or clears the
 * notes after this. Nothing is mailed: the notes reach only the assigned team on the job's day.
 */
export async function updateAccessNotes(db: Database, user: AuthUser, orderId: number, input: AccessNotes, now: Date): Promise<AccessNotes> {
  const notes = input.accessNotes?.trim() ? input.accessNotes.trim() : null;
  return db.transaction(async (tx) => {
    await lockOwnAccountFirst(tx, user.id);
    const order = await orderRepository(tx).find(orderId, { forUpdate: true });
    if (!order || order.user_id !== user.id) throw notFound('Order not found');
    if (!accessNotesEditable(order, now)) throw conflict(ACCESS_NOTES_CLOSED);
    await orderRepository(tx).setAccessNotes(orderId, notes);
    return { accessNotes: notes };
  });
}
