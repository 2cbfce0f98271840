import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalescedWake, WAKE_GAP_MS } from '../../server/queue/queue';

/**
 * Decision 121: this instance's commits wake a queue's worker at once when it had no wake in the
 * last gap, else once at the gap's end, so a burst of checkouts costs pg-boss one fetch (of up to
 * ten jobs) a gap, not a fetch, a completion and an aborted sleep per job.
 */
describe('waking a queue worker once a gap', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('wakes at once, then gathers a burst into one wake at the end of the gap', () => {
    const woken: string[] = [];
    const wakes = coalescedWake((name) => woken.push(name));
    wakes.wake('mail');
    expect(woken).toEqual(['mail']);
    for (let n = 0; n < 20; n += 1) {
      vi.advanceTimersByTime(2);
      wakes.wake('mail');
    }
    expect(woken).toEqual(['mail']);
    vi.advanceTimersByTime(WAKE_GAP_MS);
    expect(woken).toEqual(['mail', 'mail']);
    // Quiet since: the next announcement wakes at once again.
    vi.advanceTimersByTime(WAKE_GAP_MS);
    wakes.wake('mail');
    expect(woken).toEqual(['mail', 'mail', 'mail']);
  });

  it('keeps each queue to its own gap, and wakes nothing once cancelled', () => {
    const woken: string[] = [];
    const wakes = coalescedWake((name) => woken.push(name), 100);
    wakes.wake('mail');
    wakes.wake('text');
    wakes.wake('mail');
    expect(woken).toEqual(['mail', 'text']);
    wakes.cancel();
    vi.advanceTimersByTime(1_000);
    expect(woken).toEqual(['mail', 'text']);
  });
});
