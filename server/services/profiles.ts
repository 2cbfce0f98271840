import type { ProfileUpdate, RegisterRequest, UserInfo } from '../../openapi/schema';
import type { AppContext } from '../app-context';
import { badRequest, conflict, notFound } from '../lib/http-error';
import { createRateLimiter } from '../lib/rate-limiter';
import { createUserRepository } from '../repositories/user-repository';
import { hashPassword, verifyPassword } from './password-hasher';
import { assertAcceptablePassword } from './password-policy';
import { assertOwnName, assertPlainName } from './plain-names';
import { clientNetwork } from './rate-limits';
import { createSessions } from './sessions';


export const EMAIL_TAKEN = 'An account with this email already exists';
export const NAME_TOO_SHORT = 'Full name should be at least 6 characters';
export const WRONG_OLD_PASSWORD = 'Your old password is not correct';
export const EMAIL_CHANGE_NEEDS_PASSWORD = 'Enter your current password to change your email';

/** Accounts: registering a customer and changing one's own name, email or password. */
export function createProfiles(ctx: AppContext) {
  const users = createUserRepository(ctx.db);
  const sessions = createSessions(ctx);
  const limiter = createRateLimiter(ctx.db, ctx.now);

  return {
    /** `ip`: the client's address; accounts created (or tried) per client are limited. */
    async register({ name, email, password }: RegisterRequest, ip: string): Promise<void> {
      if (name.trim().length < 6) throw badRequest(NAME_TOO_SHORT);
      assertPlainName('Full name', name);
      assertOwnName('Full name', name);
      assertAcceptablePassword(password);
      // After the free checks, before the hashing and the insert (a taken email counts too).
      await limiter.reserve({ key: `register:client:${clientNetwork(ip)}`, ...ctx.config.rateLimits.register });
      const created = await users.create({ name: name.trim(), email, passwordHash: await hashPassword(password) });
      if (!created) throw conflict(EMAIL_TAKEN);
    },

    /**
     * Null or blank fields stay as they are. Email or password changes need the current password
     * (`oldPassword`) and end earlier sessions; the old address is told of an email change, so a
     * stolen session cannot quietly take the account over.
     */
    async update(userId: number, changes: ProfileUpdate): Promise<UserInfo> {
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
      // The notice to the old address is written with the change (same transaction) and sent after
      // it: it exists exactly when the email changed, and a slow mail server delays nothing.
      const updated = await ctx.db.transaction(async (tx) => {
        const changed = await createUserRepository(tx).update(userId, {
          name,
          email,
          passwordHash,
          endSessions: emailChanged || passwordHash !== undefined,
        });
        if (!changed) throw conflict(EMAIL_TAKEN);
        if (emailChanged) {
          await ctx.outbox.add(tx, {
            to: user.email,
            subject: 'The email of your Sparkle Cleaning account was changed',
            text: [
              'Hello,',
              '',
              `The email of your Sparkle Cleaning account was changed from ${user.email} to ${changed.email}.`,
              'Mails about your account and your bookings now go to the new address.',
              '',
              'If you did not make this change, reply to this email or use our contact page at once:',
              `${ctx.config.publicUrl}/contact`,
            ].join('\n'),
          });
        }
        return changed;
      });
      return sessions.userInfo(updated);
    },
  };
}
