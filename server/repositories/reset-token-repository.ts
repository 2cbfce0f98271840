import { createHash, randomBytes } from 'node:crypto';
import { kysely } from '../db/kysely';
import type { Database } from '../db/database';

/** The mailed token is 256 random bits; only its SHA-256 is stored. */
export const newResetToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function createResetTokenRepository(db: Database) {
  const k = kysely(db);
  return {
    async create(userId: number, token: string, expiresAt: Date): Promise<void> {
      await k.insertInto('password_reset_tokens').values({ token_hash: hashToken(token), user_id: userId, expires_at: expiresAt }).execute();
    },

    /** Whether the token could be used now (a cheap look-up, made before any password is hashed). */
    async isUsable(token: string, now: Date): Promise<boolean> {
      const rows = await k
        .selectFrom('password_reset_tokens')
        .select('user_id')
        .where('token_hash', '=', hashToken(token))
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .execute();
      return rows.length > 0;
    },

    /**
     * Marks the token used and answers its user, in one statement so two concurrent uses cannot
     * both succeed; null when unknown, used or expired. Other open tokens of the user end too.
     */
    async consume(token: string, now: Date): Promise<number | null> {
      const row = await k
        .updateTable('password_reset_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', hashToken(token))
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('user_id')
        .executeTakeFirst();
      if (!row) return null;
      await k.updateTable('password_reset_tokens').set({ used_at: now }).where('user_id', '=', row.user_id).where('used_at', 'is', null).execute();
      return row.user_id;
    },
  };
}
