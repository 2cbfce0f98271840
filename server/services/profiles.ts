import type { components } from '../../openapi/schema';
import type { AppContext } from '../app-context';
import { badRequest, conflict, notFound } from '../lib/http-error';
import { createUserRepository } from '../repositories/user-repository';
import { hashPassword, verifyPassword } from './password-hasher';
import { assertAcceptablePassword } from './password-policy';
import { createSessions } from './sessions';

type RegisterRequest = components['schemas']['RegisterRequest'];
type ProfileUpdate = components['schemas']['ProfileUpdate'];
type UserInfo = components['schemas']['UserInfo'];

export const EMAIL_TAKEN = 'An account with this email already exists';
export const NAME_TOO_SHORT = 'Full name should be at least 6 characters';
export const WRONG_OLD_PASSWORD = 'Your old password is not correct';

/** Accounts: registering a customer and changing one's own name, email or password. */
export function createProfiles(ctx: AppContext) {
  const users = createUserRepository(ctx.db);
  const sessions = createSessions(ctx);

  return {
    async register({ name, email, password }: RegisterRequest): Promise<void> {
      if (name.trim().length < 6) throw badRequest(NAME_TOO_SHORT);
      assertAcceptablePassword(password);
      const created = await users.create({ name: name.trim(), email, passwordHash: await hashPassword(password) });
      if (!created) throw conflict(EMAIL_TAKEN);
    },

    /** Null or blank fields stay as they are. Email or password changes end earlier sessions. */
    async update(userId: number, changes: ProfileUpdate): Promise<UserInfo> {
      const user = await users.findById(userId);
      if (!user) throw notFound('User not found');
      const name = changes.name?.trim() || undefined;
      const email = changes.email?.trim() || undefined;
      const emailChanged = email !== undefined && email.toLowerCase() !== user.email.toLowerCase();
      let passwordHash: string | undefined;
      if (changes.newPassword) {
        if (!changes.oldPassword || !(await verifyPassword(changes.oldPassword, user.passwordHash))) {
          throw badRequest(WRONG_OLD_PASSWORD);
        }
        assertAcceptablePassword(changes.newPassword);
        passwordHash = await hashPassword(changes.newPassword);
      }
      const updated = await users.update(userId, {
        name,
        email,
        passwordHash,
        endSessions: emailChanged || passwordHash !== undefined,
      });
      if (!updated) throw conflict(EMAIL_TAKEN);
      return sessions.userInfo(updated);
    },
  };
}
