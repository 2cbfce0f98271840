import type { AccessNotes } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';

/** PUT /services/order/{id}/access-notes: how the team gets in, until the job starts (empty clears). */
export function updateAccessNotes({ orderId, accessNotes }: { orderId: number; accessNotes: string }): Promise<AccessNotes> {
  return unwrap(api.PUT('/services/order/{id}/access-notes', { params: { path: { id: orderId } }, body: { accessNotes } }));
}
