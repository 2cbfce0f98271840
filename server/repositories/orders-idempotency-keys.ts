import { jsonb, kysely } from '../db/kysely';
import type { Database } from '../db/database';

export interface IdempotencyRecord {
  request_hash: string;
  response: unknown;
}

/** Checkout Idempotency-Keys, one namespace per user. */
export function idempotencyKeyRepository(db: Database) {
  const k = kysely(db);
  return {
    async find(userId: number, key: string): Promise<IdempotencyRecord | null> {
      return (await k.selectFrom('idempotency_keys').select(['request_hash', 'response']).where('user_id', '=', userId).where('key', '=', key).executeTakeFirst()) ?? null;
    },

    /**
     * Claims the key with the answer to replay. False when it is taken: on PostgreSQL a concurrent
     * claim of the same key waits here until the other transaction ends, then sees its row.
     */
    async claim(claim: { userId: number; key: string; requestHash: string; response: unknown; at: Date }): Promise<boolean> {
      const rows = await k
        .insertInto('idempotency_keys')
        .values({ user_id: claim.userId, key: claim.key, request_hash: claim.requestHash, response: jsonb(claim.response), created_at: claim.at })
        .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
        .returning('key')
        .execute();
      return rows.length === 1;
    },
  };
}
