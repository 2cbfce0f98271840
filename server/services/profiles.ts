import type { ProfileUpdate, RegisterRequest, UserInfo } from '../../openapi/schema';
import type { AppContext } from '../app-context';
import { badRequest, notFound } from '../lib/http-error';
import { createRateLimiter } from './rate-limiter';
import { createUserRepository } from '../repositories/user-repository';
import { hashPassword, verifyPassword } from './password-hasher';
import { assertAcceptablePassword } from './password-policy';
import { assertOwnName, assertPlainName } from './plain-names';
import { clientNetwork } from '../rate-limits';
import { createSessions } from './sessions';
import { createEmailConfirmation } from './email-confirmation';


/** Answered to every registration, whether or not the address has an account (issue 24, row 8). */
export const CHECK_YOUR_MAIL = 'Check your mail: follow the link we sent to confirm your email address';
export const NAME_TOO_SHORT = 'Full name should be at least 6 characters';
export const WRONG_OLD_PASSWORD = 'Your old password is not correct';
export const EMAIL_CHANGE_NEEDS_PASSWORD = 'Enter your current password to change your email';

/** Accounts: registering a customer and changing one's own name, email or password. */
export function createProfiles(ctx: AppContext) {
  const users = createUserRepository(ctx.db);
  const sessions = createSessions(ctx);
  const limiter = createRateLimiter(ctx.db, ctx.now);
  const confirmation = createEmailConfirmation(ctx);

  return {
    /**
     * `ip`: the client's address; accounts created (or tried) per client are limited. Nothing is
     * created until the mailed link is followed (email-confirmation.ts); a taken address gets its
     * owner a notice instead, after the same work (the password is hashed either way).
     */
    async register({ name, email, password, returnTo }: RegisterRequest, ip: string): Promise<void> {
      if (name.trim().length < 6) throw badRequest(NAME_TOO_SHORT);
      assertPlainName('Full name', name);
      assertOwnName('Full name', name);
      assertAcceptablePassword(password);
      // After the free checks, before the hashing and the insert (a taken email counts too).
      await limiter.reserve({ key: `register:client:${clientNetwork(ip)}`, ...ctx.config.rateLimits.register });
      const passwordHash = await hashPassword(password);
      await confirmation.claimForRegistration({ name: name.trim(), email: email.trim(), passwordHash }, returnTo);
    },

    /**
     * Null or blank fields stay as they are. Email or password changes need the current password
     * (`oldPassword`). A password change ends earlier sessions. A new email is only asked for here:
     * a link goes to it and the account keeps its address until the link is followed (then the old
     * address is told, so a stolen session cannot quietly take the account over). The answer is the
     * same whether or not the new address is taken.
     */
    async update(userId: number, changes: ProfileUpdate, ip?: string): Promise<UserInfo> {
      const user = await users.findById(userId);
      if (!user) throw notFound('User not found');
      const name = changes.name?.trim() || undefined;
      if (name !== undefined) assertPlainName('Full name', name);
      // Staff may say what they are; a name kept unchanged (chosen before the rule) is not refused.
      if (name !== undefined && name !== user.name && !user.roles.includes('ROLE_ADMIN')) assertOwnName('Full name', name);
      const email = changes.email?.trim() || undefined;
      const emailChanged = email !== undefined && email.toLowerCase() !== user.email.toLowerCase();
      if (emailChanged && !changes.oldPassword && !changes.newPassword) throw badRequest(EMAIL_CHANGE_NEEDS_PASSWORD);
      if (emailChanged || changes.newPassword) {
        if (!changes.oldPassword || !(await verifyPassword(changes.oldPassword, user.passwordHash))) {
          throw badRequest(WRONG_OLD_PASSWORD);
        }
      }
      let passwordHash: string | undefined;
      if (changes.newPassword) {
        assertAcceptablePassword(changes.newPassword);
        passwordHash = await hashPassword(changes.newPassword);
      }
      // Every link mailed is limited per account, per client and per address (issue 34 row 2).
      if (emailChanged) {
        const limits = ctx.config.rateLimits;
        await limiter.reserve(
          { key: `email-change:account:${userId}`, ...limits.emailChangeAccount },
          ...(ip === undefined ? [] : [{ key: `email-change:client:${clientNetwork(ip)}`, ...limits.emailChange }]),
        );
        await confirmation.reserveMail(email);
      }
      // The link to the new address is written with the change (same transaction) and sent after it.
      const updated = await ctx.db.transaction(async (tx) => {
        const changed = await createUserRepository(tx).update(userId, { name, passwordHash, endSessions: passwordHash !== undefined });
        if (!changed) throw notFound('User not found');
        if (emailChanged) await confirmation.claimForChange(tx, changed, email);
        return changed;
      });
      return sessions.userInfo(updated);
    },
  };
}
