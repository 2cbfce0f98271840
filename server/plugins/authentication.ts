import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../app-context';
import { unauthorized } from '../lib/http-error';
import type { UserRepository } from '../repositories/user-repository';
import type { TokenService } from '../services/token-service';

export interface Authenticator {
  /** The user of the request's bearer token; throws 401 when there is none or it is no longer valid. */
  authenticate(request: FastifyRequest): Promise<AuthUser>;
}

/**
 * A token is valid when its signature and expiry are, AND its user still exists with the same
 * token_version: logout and email/password changes raise the version and so end earlier tokens.
 * Roles are read from the database, not the token, so a removed role takes effect at once.
 */
export function createAuthenticator(tokens: TokenService, users: UserRepository): Authenticator {
  return {
    async authenticate(request) {
      const header = request.headers.authorization ?? '';
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match) throw unauthorized();
      const claims = await tokens.verify(match[1]!);
      if (!claims) throw unauthorized('Your session has expired, please log in again');
      const user = await users.findById(claims.userId);
      if (!user || user.tokenVersion !== claims.tokenVersion) {
        throw unauthorized('Your session has expired, please log in again');
      }
      return { id: user.id, name: user.name, email: user.email, roles: user.roles };
    },
  };
}
