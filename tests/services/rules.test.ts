import { describe, expect, it } from 'vitest';
import { HttpError } from '../../server/lib/http-error';
import { formatLondon, londonLocalToInstant } from '../../domain/time/london-time';
import { formatPounds, percentOf, toPence, toPounds } from '../../domain/money/money';
import { assertAcceptablePassword, COMMON_PASSWORD } from '../../server/services/password-policy';
import { SignJWT } from 'jose';
import { createTokenService, seconds } from '../../server/services/token-service';

/**
 * The services' plain rules (docs/requirements.md R-MONEY, R-TIME, R-AUTH): money in pence, UK
 * time, passwords, tokens, text the database can store. Kept beside the lifecycle tests so
 * `npm run mutation` kills their mutants without starting a server.
 */
function refusal(run: () => unknown): { status: number; message: string } | null {
  try {
    run();
    return null;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { status: error.statusCode, message: error.message };
  }
}

describe('money (R-MONEY)', () => {
  it('counts pounds as whole pence, from the database text or the API number', () => {
    expect(toPence('123.45')).toBe(12_345);
    expect(toPence(0.1 + 0.2)).toBe(30);
    expect(toPence(19.99)).toBe(1_999);
    expect(toPounds(12_345)).toBe(123.45);
  });

  it('takes a percentage to the nearest penny, half a penny up', () => {
    expect(percentOf(12_345, 30)).toBe(3_704); // 3,703.5
    expect(percentOf(10_001, 30)).toBe(3_000); // 3,000.3
    expect(percentOf(10_000, 30)).toBe(3_000);
    expect(percentOf(5, 10)).toBe(1); // 0.5 → 1
  });

  it('shows £1,234.50', () => {
    expect(formatPounds(123_450)).toBe('£1,234.50');
    expect(formatPounds(5)).toBe('£0.05');
  });
});

describe('UK time (R-TIME)', () => {
  it('reads a winter wall-clock time as GMT and a summer one as BST', () => {
    expect(londonLocalToInstant('2030-01-09', '10:00').toISOString()).toBe('2030-01-09T10:00:00.000Z');
    expect(londonLocalToInstant('2030-07-01', '09:30').toISOString()).toBe('2030-07-01T08:30:00.000Z');
  });

  it('around the clock changes: a skipped spring time is an hour later, an ambiguous autumn time the first one', () => {
    // 2030: clocks go forward on 31 March at 01:00 UTC, back on 27 October at 01:00 UTC.
    expect(londonLocalToInstant('2030-03-31', '00:30').toISOString()).toBe('2030-03-31T00:30:00.000Z');
    expect(londonLocalToInstant('2030-03-31', '01:30').toISOString()).toBe('2030-03-31T01:30:00.000Z');
    expect(londonLocalToInstant('2030-03-31', '02:30').toISOString()).toBe('2030-03-31T01:30:00.000Z');
    expect(londonLocalToInstant('2030-10-27', '01:30').toISOString()).toBe('2030-10-27T00:30:00.000Z');
    expect(londonLocalToInstant('2030-10-27', '02:30').toISOString()).toBe('2030-10-27T02:30:00.000Z');
  });

  it('shows an instant as YYYY-MM-DD HH:mm in UK time', () => {
    expect(formatLondon(new Date('2030-07-01T08:30:00.000Z'))).toBe('2030-07-01 09:30');
    expect(formatLondon(new Date('2030-01-09T23:05:00.000Z'))).toBe('2030-01-09 23:05');
    expect(formatLondon(new Date('2030-06-30T23:05:00.000Z'))).toBe('2030-07-01 00:05');
  });
});

describe('passwords (R-AUTH)', () => {
  it('refuses the most common passwords whatever their case or spacing, and one character repeated', () => {
    for (const password of ['password', 'PassWord1', ' qwerty123 ', 'Sparkle123', 'aaaaaaa', '1111111111']) {
      expect(refusal(() => assertAcceptablePassword(password)), password).toEqual({ status: 400, message: COMMON_PASSWORD });
    }
    expect(COMMON_PASSWORD).toBe('This password is too common, please choose a less predictable one');
  });

  it('accepts others', () => {
    for (const password of ['correct horse battery', 'aab-aab-aab', 'Tr0ub4dor&3', 'ab']) {
      expect(refusal(() => assertAcceptablePassword(password)), password).toBeNull();
    }
  });
});

describe('sign-in tokens (R-AUTH)', () => {
  const config = { jwtSecret: 'a-test-secret-that-is-long-enough-for-hs256', tokenTtl: '2h' };

  it('TOKEN_TTL spans in seconds', () => {
    expect([seconds('45s'), seconds('3m'), seconds('12h'), seconds('2d')]).toEqual([45, 180, 43_200, 172_800]);
    expect(() => seconds('12 hours')).toThrow('Not a time span: 12 hours');
    expect(() => seconds('h')).toThrow();
  });

  it('a token carries the user, roles and token version until TOKEN_TTL has passed', async () => {
    let now = new Date('2030-01-07T12:00:00.000Z');
    const tokens = createTokenService(config, () => now);
    const token = await tokens.issue({ userId: 42, roles: ['ROLE_USER'], tokenVersion: 3 });
    const claims = { userId: 42, roles: ['ROLE_USER'], tokenVersion: 3 };
    expect(await tokens.verify(token)).toEqual(claims);
    now = new Date('2030-01-07T13:59:59.000Z');
    expect(await tokens.verify(token)).toEqual(claims);
    now = new Date('2030-01-07T14:00:00.000Z');
    expect(await tokens.verify(token)).toBeNull();
    // A fresh service (another instance) checks the expiry the same way.
    expect(await createTokenService(config, () => now).verify(token)).toBeNull();
  });

  it('refuses a token signed with another secret, a tampered one and garbage', async () => {
    const now = () => new Date('2030-01-07T12:00:00.000Z');
    const ours = createTokenService(config, now);
    const theirs = createTokenService({ ...config, jwtSecret: 'another-secret-that-is-long-enough-too' }, now);
    const foreign = await theirs.issue({ userId: 1, roles: ['ROLE_ADMIN'], tokenVersion: 0 });
    expect(await ours.verify(foreign)).toBeNull();
    const token = await ours.issue({ userId: 1, roles: ['ROLE_USER'], tokenVersion: 0 });
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: '1', roles: ['ROLE_ADMIN'], tv: 0, iss: 'sparkle-cleaning', exp: 9_999_999_999 })).toString('base64url');
    expect(await ours.verify(`${header}.${forged}.${signature}`)).toBeNull();
    expect(await ours.verify('not-a-token')).toBeNull();
  });

  it('refuses a token signed with our secret whose claims are not ours: issuer, expiry, algorithm, user, roles, version', async () => {
    const at = new Date('2030-01-07T12:00:00.000Z');
    const ours = createTokenService(config, () => at);
    const key = new TextEncoder().encode(config.jwtSecret);
    const iat = Math.floor(at.getTime() / 1000);
    const signed = (claims: Record<string, unknown>, options: { issuer?: string; exp?: number | null; alg?: string; sub?: string } = {}) => {
      const jwt = new SignJWT({ roles: ['ROLE_USER'], tv: 0, ...claims })
        .setProtectedHeader({ alg: options.alg ?? 'HS256' })
        .setSubject(options.sub ?? '7')
        .setIssuer(options.issuer ?? 'sparkle-cleaning')
        .setIssuedAt(iat);
      if (options.exp !== null) jwt.setExpirationTime(options.exp ?? iat + 60);
      return jwt.sign(key);
    };
    expect(await ours.verify(await signed({}))).toEqual({ userId: 7, roles: ['ROLE_USER'], tokenVersion: 0 });
    expect(await ours.verify(await signed({}, { issuer: 'someone-else' }))).toBeNull();
    expect(await ours.verify(await signed({}, { exp: null }))).toBeNull();
    expect(await ours.verify(await signed({}, { alg: 'HS512' }))).toBeNull();
    expect(await ours.verify(await signed({}, { sub: 'admin' }))).toBeNull();
    expect(await ours.verify(await signed({ roles: 'ROLE_ADMIN' }))).toBeNull();
    expect(await ours.verify(await signed({ tv: '0' }))).toBeNull();
    // Valid up to the last second before exp, then not, also when the first answer was remembered.
    const token = await signed({}, { exp: iat + 10 });
    expect(await ours.verify(token)).not.toBeNull();
    at.setTime((iat + 9) * 1000 + 999);
    expect(await ours.verify(token)).not.toBeNull();
    at.setTime((iat + 10) * 1000);
    expect(await ours.verify(token)).toBeNull();
  });
});
