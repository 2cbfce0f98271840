import type { AppContext } from '../app-context';
import { badRequest } from '../lib/http-error';
import { createRateLimiter } from '../lib/rate-limiter';
import { createResetTokenRepository, newResetToken } from '../repositories/reset-token-repository';
import { createUserRepository } from '../repositories/user-repository';
import { hashPassword } from './password-hasher';
import { assertAcceptablePassword } from './password-policy';

export const RESET_LINK_VALIDITY_MS = 60 * 60_000;
export const INVALID_RESET_LINK = 'This password reset link is invalid or has expired, please ask for a new one';

/**
 * Forgotten passwords: a single-use link valid one hour, mailed to the account's address. The link
 * is built from PUBLIC_URL, never from the request's Host header (which a caller controls).
 */
export function createPasswordReset(ctx: AppContext) {
  const users = createUserRepository(ctx.db);
  // Five mails per address per hour at most, whether or not it has an account.
  const mails = createRateLimiter({ limit: 5, windowMs: 60 * 60_000, now: ctx.now });

  return {
    async sendLink(email: string): Promise<void> {
      const key = email.trim().toLowerCase();
      mails.check(key);
      mails.hit(key);
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
          subject: 'Reset your Sparkle Cleaning password',
          text: [
            `Hello ${user.name},`,
            '',
            'Someone (hopefully you) asked to reset the password of your Sparkle Cleaning account.',
            `Choose a new password here within the next hour: ${link}`,
            '',
            'If you did not ask for this, ignore this email: your password stays as it is.',
          ].join('\n'),
        });
      });
    },

    async reset(token: string, password: string): Promise<void> {
      assertAcceptablePassword(password);
      const passwordHash = await hashPassword(password);
      await ctx.db.transaction(async (tx) => {
        const userId = await createResetTokenRepository(tx).consume(token, ctx.now());
        if (userId === null) throw badRequest(INVALID_RESET_LINK);
        // A new password ends every session, including one an attacker may hold.
        await createUserRepository(tx).update(userId, { passwordHash, endSessions: true });
      });
    },
  };
}
