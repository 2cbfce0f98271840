import { describe, expect, it } from 'vitest';
import { createAccountReadRate } from '../../server/lib/account-read-rate';

/** A clock the test moves. */
function clock(start = Date.UTC(2030, 0, 1)) {
  let at = start;
  return { now: () => new Date(at), advance: (ms: number) => void (at += ms) };
}

describe('an account read rate', () => {
  it('lets an account start `limit` reads a window, refuses the next with the seconds left, and counts accounts apart', () => {
    const time = clock();
    const rate = createAccountReadRate({ limit: 3, windowMs: 10_000 }, time.now);
    expect([rate.take(1), rate.take(1), rate.take(1)]).toEqual([null, null, null]);
    time.advance(2_500);
    expect(rate.take(1)).toBe(8); // 7.5 s left, rounded up
    expect(rate.take(2)).toBeNull();
    time.advance(7_400);
    expect(rate.take(1)).toBe(1); // never "0": a client that waits 0 s would ask again at once
    time.advance(100);
    expect(rate.take(1)).toBeNull();
  });

  it('keeps refusing a client that asks again and again within the window (refusals do not move its end)', () => {
    const time = clock();
    const rate = createAccountReadRate({ limit: 1, windowMs: 10_000 }, time.now);
    expect(rate.take(7)).toBeNull();
    for (let i = 0; i < 9; i += 1) {
      time.advance(1_000);
      expect(rate.take(7)).toBe(9 - i);
    }
    time.advance(1_000);
    expect(rate.take(7)).toBeNull();
  });

  it('forgets the accounts whose window has ended, so memory follows the accounts reading now', () => {
    const time = clock();
    const rate = createAccountReadRate({ limit: 5, windowMs: 10_000 }, time.now);
    for (let account = 1; account <= 1_000; account += 1) rate.take(account);
    expect(rate.trackedAccounts).toBe(1_000);
    time.advance(10_000);
    rate.take(1);
    expect(rate.trackedAccounts).toBe(1);
  });
});
