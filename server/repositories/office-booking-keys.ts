import type { Database } from '../db/database';

export interface OfficeBookingKey {
  request_hash: string;
  /** Null while the booking is being made. */
  response: unknown;
}

/** Office bookings' Idempotency-Keys (decision 062), one namespace per member of staff. */
export function officeBookingKeysRepository(db: Database) {
  return {
    /**
     * Claims the key before the booking is made. False when it is held: by a booking that stands
     * or is being made. A claim left unanswered since `staleBefore` (its server stopped mid-way) is
     * taken over. Concurrent claims of one key: the primary key lets one in, the other waits and sees it.
     */
    async claim(claim: { staffId: number; key: string; requestHash: string; at: Date; staleBefore: Date }): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO office_booking_keys (staff_id, key, request_hash, response, created_at) VALUES ($1, $2, $3, NULL, $4)
         ON CONFLICT (staff_id, key) DO UPDATE SET request_hash = EXCLUDED.request_hash, created_at = EXCLUDED.created_at
           WHERE office_booking_keys.response IS NULL AND office_booking_keys.created_at < $5
         RETURNING key`,
        [claim.staffId, claim.key, claim.requestHash, claim.at, claim.staleBefore],
      );
      return rows.length === 1;
    },

    async find(staffId: number, key: string): Promise<OfficeBookingKey | null> {
      const [row] = await db.query<OfficeBookingKey>('SELECT request_hash, response FROM office_booking_keys WHERE staff_id = $1 AND key = $2', [staffId, key]);
      return row ?? null;
    },

    /** The booking stands: its answer is what a retry gets. */
    async answer(staffId: number, key: string, response: unknown): Promise<void> {
      await db.query('UPDATE office_booking_keys SET response = $3::jsonb WHERE staff_id = $1 AND key = $2', [staffId, key, JSON.stringify(response)]);
    },

    /** The booking was refused (and left nothing behind): a retry tries it afresh. */
    async release(staffId: number, key: string): Promise<void> {
      await db.query('DELETE FROM office_booking_keys WHERE staff_id = $1 AND key = $2 AND response IS NULL', [staffId, key]);
    },
  };
}
