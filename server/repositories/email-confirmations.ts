import type { Selectable } from 'kysely';
import { kysely } from '../db/kysely';
import type { Database } from '../db/database';
import type { EmailConfirmations } from '../db/schema';
import { hashToken } from './reset-token-repository';

/** What a confirmation link claims: a new account (name and password hash) or an account's new address. */
export type EmailClaim =
  | { kind: 'registration'; email: string; name: string; passwordHash: string }
  | { kind: 'change'; email: string; userId: number };

const CLAIM = ['user_id', 'email', 'name', 'password_hash'] as const;
type ClaimRow = Pick<Selectable<EmailConfirmations>, (typeof CLAIM)[number]>;

const toClaim = (row: ClaimRow): EmailClaim =>
  row.user_id === null
    ? { kind: 'registration', email: row.email, name: row.name ?? '', passwordHash: row.password_hash ?? '' }
    : { kind: 'change', email: row.email, userId: row.user_id };

/** Claims on addresses awaiting their mailed link (022_email_confirmations.sql); tokens stored hashed. */
export function createEmailConfirmationRepository(db: Database) {
  const k = kysely(db);
  return {
    async create(token: string, claim: EmailClaim, expiresAt: Date): Promise<void> {
      const claimed =
        claim.kind === 'registration'
          ? { user_id: null, email: claim.email, name: claim.name, password_hash: claim.passwordHash }
          : { user_id: claim.userId, email: claim.email, name: null, password_hash: null };
      await k.insertInto('email_confirmations').values({ token_hash: hashToken(token), ...claimed, expires_at: expiresAt }).execute();
    },

    /** The claim of a token that could be used now, without using it (what the link asks of whoever follows it); null otherwise. */
    async find(token: string, now: Date): Promise<EmailClaim | null> {
      const row = await k
        .selectFrom('email_confirmations')
        .select(CLAIM)
        .where('token_hash', '=', hashToken(token))
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return row ? toClaim(row) : null;
    },

    /** Marks the token used and answers its claim, in one statement (two uses cannot both win); null when unknown, used or expired. */
    async consume(token: string, now: Date): Promise<EmailClaim | null> {
      const row = await k
        .updateTable('email_confirmations')
        .set({ used_at: now })
        .where('token_hash', '=', hashToken(token))
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning(CLAIM)
        .executeTakeFirst();
      return row ? toClaim(row) : null;
    },

    /** The address is taken: every other open claim on it ends (the people who did not prove it lose it). */
    async endClaimsOn(email: string, now: Date): Promise<void> {
      await k
        .updateTable('email_confirmations')
        .set({ used_at: now })
        .where((eb) => eb(eb.fn('lower', ['email']), '=', eb.fn('lower', [eb.val(email)])))
        .where('used_at', 'is', null)
        .execute();
    },

    /** An account's own open claims end (a newer change replaces them; erasure removes them). */
    async deleteForUser(userId: number): Promise<void> {
      await k.deleteFrom('email_confirmations').where('user_id', '=', userId).execute();
    },
  };
}
