import { SignJWT, jwtVerify } from 'jose';
import type { Config } from '../config';

export interface TokenClaims {
  /** The user's id. */
  userId: number;
  roles: string[];
  /** The user's token_version when the token was issued. */
  tokenVersion: number;
}

export interface TokenService {
  issue(claims: TokenClaims): Promise<string>;
  /** The claims of a valid, unexpired token signed by us; null otherwise. */
  verify(token: string): Promise<TokenClaims | null>;
}

const ISSUER = 'sparkle-cleaning';

/** Tokens whose signature was checked, kept so a busy client's calls skip the HMAC and its promises. */
const VERIFIED_CACHE_SIZE = 10_000;

/** HS256 bearer tokens with claims sub, roles and tv (token_version); they expire after TOKEN_TTL. */
export function createTokenService(config: Pick<Config, 'jwtSecret' | 'tokenTtl'>, now: () => Date): TokenService {
  const key = new TextEncoder().encode(config.jwtSecret);
  // A signature checked once stays valid; only the expiry moves with the clock, so it is checked
  // again on every call, as jose does (valid while now, in whole seconds, is before exp).
  const verified = new Map<string, { claims: TokenClaims; exp: number }>();
  const stillValid = (exp: number) => Math.floor(now().getTime() / 1000) < exp;
  return {
    async issue({ userId, roles, tokenVersion }) {
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new SignJWT({ roles, tv: tokenVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + seconds(config.tokenTtl))
        .sign(key);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) return stillValid(known.exp) ? known.claims : null;
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          currentDate: now(),
          // A token without an expiry would be valid for ever if it leaked: refused even when signed.
          requiredClaims: ['exp'],
        });
        const userId = Number(payload.sub);
        const roles = payload.roles;
        const tokenVersion = payload.tv;
        if (!Number.isInteger(userId) || !Array.isArray(roles) || typeof tokenVersion !== 'number') return null;
        const claims = { userId, roles: roles.map(String), tokenVersion };
        if (verified.size >= VERIFIED_CACHE_SIZE) verified.clear();
        verified.set(token, { claims, exp: payload.exp! });
        return claims;
      } catch {
        return null;
      }
    },
  };
}

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

/** TOKEN_TTL ("12h") in seconds; config.ts has already checked its shape. */
export function seconds(span: string): number {
  const match = /^(\d+)([smhd])$/.exec(span);
  if (!match) throw new Error(`Not a time span: ${span}`);
  return Number(match[1]) * (UNIT_SECONDS[match[2]!] ?? 1);
}
