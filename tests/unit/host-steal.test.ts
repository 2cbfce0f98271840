import { describe, expect, it } from 'vitest';
import { sentWhileNothingStolen, stolenShare, type StealSample } from '../../scripts/bench/host-steal';

// The bench's reading of the host's stolen time (docs/benchmarks.md, "The host's stolen time"):
// a request is kept by when it was sent, and a stall's next 100 ms count as stolen too.
const at = (ms: number, steal: number, total: number): StealSample => ({ at: 1_000_000 + ms, steal, total });

describe('the requests sent while the host stole nothing', () => {
  // Read every 20 ms; 3 ticks stolen between 240 and 260 ms.
  const samples = [at(0, 10, 0), at(100, 10, 20), at(200, 10, 40), at(240, 10, 48), at(260, 13, 52), at(400, 13, 80), at(600, 13, 120)];
  const clean = sentWhileNothingStolen(samples);

  it('keeps what was sent before the stall and well after it', () => {
    expect(clean(1_000_000 + 150)).toBe(true);
    expect(clean(1_000_000 + 450)).toBe(true);
  });

  it('leaves out what was sent during the stall and in the 100 ms after it', () => {
    expect(clean(1_000_000 + 250)).toBe(false);
    expect(clean(1_000_000 + 350)).toBe(false);
  });

  it('leaves out what was sent outside the readings', () => {
    expect(clean(1_000_000 - 1)).toBe(false);
    expect(clean(1_000_000 + 601)).toBe(false);
  });

  it('gives the stolen share of all the cores’ time', () => {
    expect(stolenShare(samples)).toBeCloseTo(3 / 120);
    expect(stolenShare(samples.slice(0, 1))).toBe(0);
  });
});
