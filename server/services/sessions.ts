import type { UserInfo } from '../../openapi/schema';
import type { AppContext } from '../app-context';
import { HttpError } from '../lib/http-error';
import { createUserRepository, type UserRecord } from '../repositories/user-repository';
import { dummyPasswordHash, verifyPassword } from './password-hasher';
import { createSignInLimits } from './sign-in-limits';
import { createTokenService } from './token-service';


export const WRONG_CREDENTIALS = 'Wrong email or password';

/** Signing in and out: a signed token per session, ended early by raising token_version. */
export function createSessions(ctx: AppContext) {
  const users = createUserRepository(ctx.db);
  const tokens = createTokenService(ctx.config, ctx.now);
  const limits = createSignInLimits(ctx);

  async function userInfo(user: UserRecord): Promise<UserInfo> {
    const token = await tokens.issue({ userId: user.id, roles: user.roles, tokenVersion: user.tokenVersion });
    return { id: user.id, name: user.name, email: user.email, roles: user.roles as UserInfo['roles'], token };
  }

  return {
    userInfo,

    /** `ip`: the client's address (behind TRUST_PROXY, the one the proxy saw). */
    async login(email: string, password: string, ip: string): Promise<UserInfo> {
      // Counted before the password is checked: simultaneous guesses cannot outrun the limit.
      const attempt = await limits.reserve(email, ip);
      const user = await users.findByEmail(email);
      // An unknown email costs the same scrypt time as a wrong password: no account discovery.
      const valid = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
      if (!user || !valid) throw new HttpError(401, WRONG_CREDENTIALS);
      await attempt.succeeded();
      return userInfo(user);
    },

    async logout(userId: number): Promise<void> {
      await users.endSessions(userId);
    },
  };
}
