import { describe, expect, it } from 'vitest';
import { clientNetwork, DEFAULT_RATE_LIMITS, parseRateLimits } from '../../server/services/rate-limits';

describe('clientNetwork: the key a client is rate limited under', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002::', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('%s → %s (IPv6 per /64: one household holds a whole /64)', (ip, network) => {
    expect(clientNetwork(ip)).toBe(network);
  });
});

describe('RATE_LIMITS', () => {
  it('changes counts by name, keeps windows, refuses unknown names and bad counts', () => {
    const limits = parseRateLimits('register=50, contact=20', (message) => new Error(message));
    expect(limits.register).toEqual({ limit: 50, windowMs: DEFAULT_RATE_LIMITS.register.windowMs });
    expect(limits.contact.limit).toBe(20);
    expect(limits.signIn).toEqual(DEFAULT_RATE_LIMITS.signIn);
    expect(() => parseRateLimits('signin=5', (message) => new Error(message))).toThrow(/unknown limit "signin"/);
    expect(() => parseRateLimits('signIn=0', (message) => new Error(message))).toThrow(/positive whole count/);
  });
});
