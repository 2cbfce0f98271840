import type { Database } from '../db/database';
import { hashToken } from './reset-token-repository';

/** What a confirmation link claims: a new account (name and password hash) or an account's new address. */
export type EmailClaim =
  | { kind: 'registration'; email: string; name: string; passwordHash: string }
  | { kind: 'change'; email: string; userId: number };

interface ClaimRow {
  user_id: number | null;
  email: string;
  name: string | null;
  password_hash: string | null;
}

const toClaim = (row: ClaimRow): EmailClaim =>
  row.user_id === null
    ? { kind: 'registration', email: row.email, name: row.name ?? '', passwordHash: row.password_hash ?? '' }
    : { kind: 'change', email: row.email, userId: row.user_id };

/** Claims on addresses awaiting their mailed link (022_email_confirmations.sql); tokens stored hashed. */
export function createEmailConfirmationRepository(db: Database) {
  return {
    async create(token: string, claim: EmailClaim, expiresAt: Date): Promise<void> {
      await db.query(
        'INSERT INTO email_confirmations (token_hash, user_id, email, name, password_hash, expires_at) VALUES ($1, $2, $3, $4, $5, $6)',
        claim.kind === 'registration'
          ? [hashToken(token), null, claim.email, claim.name, claim.passwordHash, expiresAt]
          : [hashToken(token), claim.userId, claim.email, null, null, expiresAt],
      );
    },

    /** The claim of a token that could be used now, without using it (what the link asks of whoever follows it); null otherwise. */
    async find(token: string, now: Date): Promise<EmailClaim | null> {
      const [row] = await db.query<ClaimRow>(
        'SELECT user_id, email, name, password_hash FROM email_confirmations WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2',
        [hashToken(token), now],
      );
      return row ? toClaim(row) : null;
    },

    /** Marks the token used and answers its claim, in one statement (two uses cannot both win); null when unknown, used or expired. */
    async consume(token: string, now: Date): Promise<EmailClaim | null> {
      const [row] = await db.query<ClaimRow>(
        `UPDATE email_confirmations SET used_at = $2
          WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
          RETURNING user_id, email, name, password_hash`,
        [hashToken(token), now],
      );
      return row ? toClaim(row) : null;
    },

    /** The address is taken: every other open claim on it ends (the people who did not prove it lose it). */
    async endClaimsOn(email: string, now: Date): Promise<void> {
      await db.query('UPDATE email_confirmations SET used_at = $2 WHERE lower(email) = lower($1) AND used_at IS NULL', [email, now]);
    },

    /** An account's own open claims end (a newer change replaces them; erasure removes them). */
    async deleteForUser(userId: number): Promise<void> {
      await db.query('DELETE FROM email_confirmations WHERE user_id = $1', [userId]);
    },
  };
}
