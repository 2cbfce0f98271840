import type { Database } from '../db/database';

export interface IdempotencyRecord {
  request_hash: string;
  response: unknown;
}

/** Checkout Idempotency-Keys, one namespace per user. */
export function idempotencyKeyRepository(db: Database) {
  return {
    async find(userId: number, key: string): Promise<IdempotencyRecord | null> {
      const rows = await db.query<IdempotencyRecord>(
        'SELECT request_hash, response FROM idempotency_keys WHERE user_id = $1 AND key = $2',
        [userId, key],
      );
      return rows[0] ?? null;
    },

    /**
     * Claims the key with the answer to replay. False when it is taken: on PostgreSQL a concurrent
     * claim of the same key waits here until the other transaction ends, then sees its row.
     */
    async claim(claim: { userId: number; key: string; requestHash: string; response: unknown; at: Date }): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO idempotency_keys (user_id, key, request_hash, response, created_at)
         VALUES ($1, $2, $3, $4::jsonb, $5)
         ON CONFLICT (user_id, key) DO NOTHING RETURNING key`,
        [claim.userId, claim.key, claim.requestHash, JSON.stringify(claim.response), claim.at],
      );
      return rows.length === 1;
    },
  };
}
