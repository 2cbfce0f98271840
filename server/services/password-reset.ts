import type { AppContext } from '../app-context';
import { badRequest } from '../lib/http-error';
import { createRateLimiter } from './rate-limiter';
import { accountKey, clientNetwork } from '../rate-limits';
import { createSignInLimits } from './sign-in-limits';
import { createResetTokenRepository, newResetToken } from '../repositories/reset-token-repository';
import { createUserRepository } from '../repositories/user-repository';
import { hashPassword } from './password-hasher';
import { assertAcceptablePassword } from './password-policy';
import { passwordResetMail } from '../mails/account-mails';

export const RESET_LINK_VALIDITY_MS = 60 * 60_000;
export const INVALID_RESET_LINK = 'This password reset link is invalid or has expired, please ask for a new one';

/**
 * Forgotten passwords: a single-use link valid one hour, mailed to the account's address. The link
 * is built from PUBLIC_URL, never from the request's Host header (which a caller controls).
 */
export function createPasswordReset(ctx: AppContext) {
  const users = createUserRepository(ctx.db);
  const resetTokens = createResetTokenRepository(ctx.db);
  const limiter = createRateLimiter(ctx.db, ctx.now);
  const limits = ctx.config.rateLimits;
  const signInLimits = createSignInLimits(ctx);

  return {
    /** `ip`: the client's address. Mails per address and requests per client are limited, whether or not it has an account. */
    async sendLink(email: string, ip: string): Promise<void> {
      await limiter.reserve(
        { key: `forgot:client:${clientNetwork(ip)}`, ...limits.forgotPassword },
        { key: `forgot:address:${accountKey(email)}`, ...limits.resetMails },
      );
      const user = await users.findByEmail(email);
      if (!user) return;
      const token = newResetToken();
      const link = `${ctx.config.publicUrl}/reset-password/${token}`;
      // The token and its mail commit together; the mail is sent after, so a slow or refusing SMTP
      // server neither delays this answer nor fails it, and the mail is retried until it goes.
      await ctx.db.transaction(async (tx) => {
        await createResetTokenRepository(tx).create(user.id, token, new Date(ctx.now().getTime() + RESET_LINK_VALIDITY_MS));
        await ctx.outbox.add(tx, {
          to: user.email,
          ...passwordResetMail(user.name, link),
        });
      });
    },

    /** Sets the password; answers the account's email (to sign in with). */
    async reset(token: string, password: string, ip: string): Promise<string> {
      // A bogus token is counted and refused before any hashing: guessing tokens costs the server
      // one indexed look-up, and a client is paused after a few (issue 12, row 5).
      const attempt = await limiter.reserve({ key: `reset:client:${clientNetwork(ip)}`, ...limits.resetPassword });
      if (!(await resetTokens.isUsable(token, ctx.now()))) throw badRequest(INVALID_RESET_LINK);
      await attempt.release();
      assertAcceptablePassword(password);
      const passwordHash = await hashPassword(password);
      const user = await ctx.db.transaction(async (tx) => {
        const userId = await createResetTokenRepository(tx).consume(token, ctx.now());
        if (userId === null) throw badRequest(INVALID_RESET_LINK);
        // A new password ends every session, including one an attacker may hold.
        return createUserRepository(tx).update(userId, { passwordHash, endSessions: true });
      });
      // The owner proved they read the account's mail: the sign-in pauses on it end.
      if (!user) throw badRequest(INVALID_RESET_LINK);
      await signInLimits.lift(user.email);
      return user.email;
    },
  };
}
