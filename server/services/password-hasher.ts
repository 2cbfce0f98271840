import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Passwords are hashed with scrypt (node:crypto): N=2^15, r=8, p=1, a 64-byte key and a 16-byte
 * random salt. The whole password is hashed (no truncation; the contract caps it at 128 chars).
 * Stored as `scrypt$N$r$p$salt$key` (base64url) so the cost can be raised later per hash.
 */
const COST = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  // 128 * N * r bytes = 32 MiB for the default cost; leave room above Node's 32 MiB default.
  const maxmem = 256 * (options.N ?? COST.N) * (options.r ?? COST.r);
  return new Promise((resolve, reject) =>
    scryptCallback(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/**
 * How many scrypt computations this process has made (hashes and checks): the cost an attacker can
 * make the server pay, which the rate limits bound (tests/api/security/rate-limits.test.ts reads it).
 */
export const scryptRuns = { hashed: 0, verified: 0 };

export async function hashPassword(password: string): Promise<string> {
  scryptRuns.hashed += 1;
  const salt = randomBytes(SALT_LENGTH);
  const key = await scrypt(password, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  scryptRuns.verified += 1;
  const expected = Buffer.from(key, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash of a random password, compared against when the email is unknown: same time, same answer. */
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}
