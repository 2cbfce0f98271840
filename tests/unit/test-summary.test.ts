import { describe, expect, it } from 'vitest';
import { summarise } from '../../scripts/test-summary';

describe('the closing line of npm test', () => {
  it('counts a step that failed without a failed test (e2e server on a taken port) as failed', () => {
    const tallies = [
      { name: 'unit', passed: 1000, failed: 0, skipped: 0 },
      { name: 'e2e', passed: 0, failed: 0, skipped: 0 },
    ];
    expect(summarise(tallies, ['e2e']).line).toBe('1000 passed, 1 failed');
  });

  it('counts a failed step that has no report of its own (the build)', () => {
    expect(summarise([{ name: 'unit', passed: 3, failed: 0, skipped: 0 }], ['build']).line).toBe('3 passed, 1 failed');
  });

  it('does not count a step twice when its report already counted failures', () => {
    expect(summarise([{ name: 'api', passed: 5, failed: 2, skipped: 0 }], ['api']).line).toBe('5 passed, 2 failed');
  });

  it('says 0 failed only when no step failed', () => {
    expect(summarise([{ name: 'lint', passed: 1, failed: 0, skipped: 0 }], []).line).toBe('1 passed, 0 failed');
  });
});
