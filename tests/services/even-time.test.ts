import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FORGOT_PASSWORD_FLOOR_MS, inEvenTime } from '../../server/services/even-time';

/**
 * forgot-password answers in the same time whether or not the email has an account: no sooner than
 * the floor, and never before the work (writing the mail) is done. On Vitest's fake clock, so that
 * "no sooner" is exact and nothing waits for real.
 */
beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

/** The answer, and whether it came yet. */
function answering(work: Promise<unknown>, floorMs = FORGOT_PASSWORD_FLOOR_MS) {
  const state = { answered: false, error: null as unknown };
  const answer = inEvenTime(work, floorMs).then(
    () => void (state.answered = true),
    (error: unknown) => void (state.error = error),
  );
  return { state, answer };
}

describe('answering in even time', () => {
  it('answers quick work only once the floor has passed', async () => {
    const { state } = answering(Promise.resolve());
    await vi.advanceTimersByTimeAsync(FORGOT_PASSWORD_FLOOR_MS - 1);
    expect(state.answered).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(state.answered).toBe(true);
  });

  it('answers slow work when it is done, not at the floor', async () => {
    let finish: () => void = () => {};
    const { state } = answering(new Promise<void>((resolve) => (finish = resolve)));
    await vi.advanceTimersByTimeAsync(FORGOT_PASSWORD_FLOOR_MS * 10);
    expect(state.answered).toBe(false);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(state.answered).toBe(true);
  });

  it('passes on the work’s failure (a 429 stays a 429)', async () => {
    const failure = new Error('Too many attempts');
    const { state, answer } = answering(Promise.reject(failure));
    await vi.advanceTimersByTimeAsync(FORGOT_PASSWORD_FLOOR_MS);
    await answer;
    expect(state.error).toBe(failure);
  });
});
