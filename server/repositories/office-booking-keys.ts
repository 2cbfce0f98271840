import { jsonb, kysely } from '../db/kysely';
import type { Database } from '../db/database';

export interface OfficeBookingKey {
  request_hash: string;
  /** Null while the booking is being made. */
  response: unknown;
}

/** Office bookings' Idempotency-Keys (decision 062), one namespace per member of staff. */
export function officeBookingKeysRepository(db: Database) {
  const k = kysely(db);
  return {
    /**
     * Claims the key before the booking is made. False when it is held: by a booking that stands
     * or is being made. A claim left unanswered since `staleBefore` (its server stopped mid-way) is
     * taken over. Concurrent claims of one key: the primary key lets one in, the other waits and sees it.
     */
    async claim(claim: { staffId: number; key: string; requestHash: string; at: Date; staleBefore: Date }): Promise<boolean> {
      const rows = await k
        .insertInto('office_booking_keys')
        .values({ staff_id: claim.staffId, key: claim.key, request_hash: claim.requestHash, response: null, created_at: claim.at })
        .onConflict((oc) =>
          oc
            .columns(['staff_id', 'key'])
            .doUpdateSet((eb) => ({ request_hash: eb.ref('excluded.request_hash'), created_at: eb.ref('excluded.created_at') }))
            .where('office_booking_keys.response', 'is', null)
            .where('office_booking_keys.created_at', '<', claim.staleBefore),
        )
        .returning('key')
        .execute();
      return rows.length === 1;
    },

    async find(staffId: number, key: string): Promise<OfficeBookingKey | null> {
      return (await k.selectFrom('office_booking_keys').select(['request_hash', 'response']).where('staff_id', '=', staffId).where('key', '=', key).executeTakeFirst()) ?? null;
    },

    /** The booking stands: its answer is what a retry gets. */
    async answer(staffId: number, key: string, response: unknown): Promise<void> {
      await k.updateTable('office_booking_keys').set({ response: jsonb(response) }).where('staff_id', '=', staffId).where('key', '=', key).execute();
    },

    /** The booking was refused (and left nothing behind): a retry tries it afresh. */
    async release(staffId: number, key: string): Promise<void> {
      await k.deleteFrom('office_booking_keys').where('staff_id', '=', staffId).where('key', '=', key).where('response', 'is', null).execute();
    },
  };
}
