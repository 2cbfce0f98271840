import type { components } from '../../openapi/schema';
import type { AppContext } from '../app-context';
import { HttpError } from '../lib/http-error';
import { createRateLimiter } from '../lib/rate-limiter';
import { createUserRepository, type UserRecord } from '../repositories/user-repository';
import { dummyPasswordHash, verifyPassword } from './password-hasher';
import { createTokenService } from './token-service';

type UserInfo = components['schemas']['UserInfo'];

export const WRONG_CREDENTIALS = 'Wrong email or password';

/** Signing in and out: a signed token per session, ended early by raising token_version. */
export function createSessions(ctx: AppContext) {
  const users = createUserRepository(ctx.db);
  const tokens = createTokenService(ctx.config, ctx.now);
  // Ten wrong passwords for one email within 15 minutes, then a pause (429).
  const failures = createRateLimiter({ limit: 10, windowMs: 15 * 60_000, now: ctx.now });

  async function userInfo(user: UserRecord): Promise<UserInfo> {
    const token = await tokens.issue({ userId: user.id, roles: user.roles, tokenVersion: user.tokenVersion });
    return { id: user.id, name: user.name, email: user.email, roles: user.roles as UserInfo['roles'], token };
  }

  return {
    userInfo,

    async login(email: string, password: string): Promise<UserInfo> {
      const key = email.trim().toLowerCase();
      failures.check(key);
      const user = await users.findByEmail(email);
      // An unknown email costs the same scrypt time as a wrong password: no account discovery.
      const valid = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
      if (!user || !valid) {
        failures.hit(key);
        throw new HttpError(401, WRONG_CREDENTIALS);
      }
      failures.reset(key);
      return userInfo(user);
    },

    async logout(userId: number): Promise<void> {
      await users.endSessions(userId);
    },
  };
}
