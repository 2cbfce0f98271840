import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../app-context';
import { createCoalescer } from '../lib/coalesce';
import { unauthorized } from '../lib/http-error';
import type { UserRepository } from '../repositories/user-repository';
import type { TokenService } from '../services/token-service';

const BEARER = /^Bearer\s+(\S+)$/i;

export interface Authenticator {
  /** The user of the request's bearer token; throws 401 when there is none or it is no longer valid. */
  authenticate(request: FastifyRequest): Promise<AuthUser>;
}

/**
 * A token is valid when its signature and expiry are, AND its user still exists with the same
 * token_version: logout and email/password changes raise the version and so end earlier tokens.
 * Roles are read from the database, not the token, so a removed role takes effect at once.
 * The users of concurrent requests are read together, in one query per batch (lib/coalesce.ts):
 * each request still reads the users table after it arrived, never an older copy.
 */
export function createAuthenticator(tokens: TokenService, users: UserRepository): Authenticator {
  const findUser = createCoalescer(async (ids: number[]) => {
    const found = new Map((await users.findByIds([...new Set(ids)])).map((user) => [user.id, user]));
    return ids.map((id) => found.get(id) ?? null);
  });
  return {
    async authenticate(request) {
      const header = request.headers.authorization ?? '';
      const match = BEARER.exec(header);
      if (!match) throw unauthorized();
      const claims = await tokens.verify(match[1]!);
      if (!claims) throw unauthorized('Your session has expired, please log in again');
      const user = await findUser(claims.userId);
      if (!user || user.tokenVersion !== claims.tokenVersion) {
        throw unauthorized('Your session has expired, please log in again');
      }
      return { id: user.id, name: user.name, email: user.email, roles: user.roles };
    },
  };
}
