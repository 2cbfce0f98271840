import { describe, expect, it } from 'vitest';
import { accountKey, clientNetwork, DEFAULT_RATE_LIMITS, parseRateLimits } from '../../server/rate-limits';

/**
 * The rate limits' settings and keys (decision 010): RATE_LIMITS as an operator writes it (the
 * server refuses to start on a bad one, with the message below after "RATE_LIMITS: "), the client's
 * network and the account a sign-in or a reset is counted under.
 */
const parse = (text: string) => parseRateLimits(text, (message) => new Error(message));
const KNOWN = 'signIn, signInPair, signInAccount, forgotPassword, resetMails, resetPassword, confirmMails, emailChangeAccount, emailChange, invitations, confirmEmail, register, contact, areaWaitlist, quotes, orders, openOrders, listReads';

describe('RATE_LIMITS', () => {
  it('changes the counts it names, spaces and empty entries aside, and keeps every window and every other limit', () => {
    const limits = parse(' register = 50 ,, contact=7,signIn=1000, ');
    expect(limits).toEqual({
      ...DEFAULT_RATE_LIMITS,
      register: { limit: 50, windowMs: 60 * 60_000 },
      contact: { limit: 7, windowMs: 60 * 60_000 },
      signIn: { limit: 1000, windowMs: 15 * 60_000 },
    });
    expect(parse('')).toEqual(DEFAULT_RATE_LIMITS);
    // The defaults themselves are not changed by a parse.
    expect(DEFAULT_RATE_LIMITS.register).toEqual({ limit: 10, windowMs: 60 * 60_000 });
  });

  it('refuses an unknown name, naming the known ones', () => {
    expect(() => parse('signin=5')).toThrow(`unknown limit "signin" (known: ${KNOWN})`);
    expect(() => parse('=5')).toThrow(`unknown limit "" (known: ${KNOWN})`);
    // Names every object has are not limits (this took `toString=5` and `__proto__=5` before).
    expect(() => parse('toString=5')).toThrow('unknown limit "toString"');
    expect(() => parse('__proto__=5')).toThrow('unknown limit "__proto__"');
  });

  it.each(['signIn=0', 'signIn=-3', 'signIn=1.5', 'signIn=05', 'signIn=', 'signIn', 'signIn=5x', 'signIn=x5', 'signIn=1e3'])('refuses "%s": a count is a positive whole number', (entry) => {
    expect(() => parse(entry)).toThrow(`"${entry}" needs a positive whole count`);
  });

  it('answers what `fail` makes of the message', () => {
    class ConfigError extends Error {}
    expect(() => parseRateLimits('nope=1', (message) => new ConfigError(`RATE_LIMITS: ${message}`))).toThrow(ConfigError);
  });
});

describe('the client a limit counts', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:203.0.113.7', '203.0.113.7'],
    ['::ffff:198.51.100.23', '198.51.100.23'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:DB8:A:B:3:4:5:6', '2001:db8:a:b::/64'],
    ['2001:db8:1:2:ffff::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002::', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:db8::5:6:7:8', '2001:db8:0:0::/64'],
    ['2001:db8:1::4:5:6:7', '2001:db8:1:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['::', '0:0:0:0::/64'],
    ['fe80::1:2:3:4', 'fe80:0:0:0::/64'],
    ['::ffff:203.0.113.7:1', '::ffff:203.0.113.7:1'],
    ['x::ffff:203.0.113.7', 'x::ffff:203.0.113.7'],
    ['not an address', 'not an address'],
  ])('%s is counted as %s (IPv4 per address, IPv6 per /64: one household holds a whole /64)', (ip, network) => {
    expect(clientNetwork(ip)).toBe(network);
  });
});

describe('the account a limit counts', () => {
  it('is the email however it is typed', () => {
    expect(accountKey('  Jane.Customer@Sparkle.TEST \n')).toBe('jane.customer@sparkle.test');
  });
});
