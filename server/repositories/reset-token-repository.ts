import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../db/database';

/** The mailed token is 256 random bits; only its SHA-256 is stored. */
export const newResetToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function createResetTokenRepository(db: Database) {
  return {
    async create(userId: number, token: string, expiresAt: Date): Promise<void> {
      await db.query('INSERT INTO password_reset_tokens (token_hash, user_id, expires_at) VALUES ($1, $2, $3)', [
        hashToken(token),
        userId,
        expiresAt,
      ]);
    },

    /** Whether the token could be used now (a cheap look-up, made before any password is hashed). */
    async isUsable(token: string, now: Date): Promise<boolean> {
      const rows = await db.query('SELECT 1 FROM password_reset_tokens WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2', [hashToken(token), now]);
      return rows.length > 0;
    },

    /**
     * Marks the token used and answers its user, in one statement so two concurrent uses cannot
     * both succeed; null when unknown, used or expired. Other open tokens of the user end too.
     */
    async consume(token: string, now: Date): Promise<number | null> {
      const [row] = await db.query<{ user_id: number }>(
        `UPDATE password_reset_tokens SET used_at = $2
         WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
         RETURNING user_id`,
        [hashToken(token), now],
      );
      if (!row) return null;
      await db.query('UPDATE password_reset_tokens SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [row.user_id, now]);
      return row.user_id;
    },
  };
}
