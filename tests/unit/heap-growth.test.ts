import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';

const probe = path.resolve(__dirname, '../support/heap-growth-probe.ts');
/** How far the old generation grew past what a full collection kept, before V8 began the next one. */
const growthWith = (percent: number): number =>
  (JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', '--expose-gc', probe, String(percent)], { encoding: 'utf8' })) as { growth: number }).growth;

/**
 * HEAP_GROWING_PERCENT (decision 137) is set once the process runs, not on its command line: V8
 * must still follow it. V8 marks while the probe still allocates, so each heap ends past its limit,
 * and further when the machine is busy (30 % once reached 2.01 during the whole suite, 1.70 alone):
 * the two settings are compared with each other, each run under the same load. Left to V8 (the
 * setting ignored), both grew about 4.1 times.
 */
describe('the heap growth setting', () => {
  it('sets how far the heap grows before V8 collects it fully again', () => {
    const little = growthWith(10);
    const much = growthWith(200);
    expect(much - little).toBeGreaterThan(1);
    expect(little).toBeLessThan(3);
  }, 30_000);
});

describe('HEAP_GROWING_PERCENT', () => {
  it('is 100 by default, 0 for V8’s own rule, and refused when it is no whole number from 0 to 400', () => {
    expect(loadConfig({}).heapGrowingPercent).toBe(100);
    expect(loadConfig({ HEAP_GROWING_PERCENT: '0' }).heapGrowingPercent).toBe(0);
    expect(() => loadConfig({ HEAP_GROWING_PERCENT: 'lots' })).toThrow('HEAP_GROWING_PERCENT must be a whole number of at least 0: lots');
    expect(() => loadConfig({ HEAP_GROWING_PERCENT: '1000' })).toThrow('HEAP_GROWING_PERCENT must be at most 400: 1000');
  });
});
