/** One runner's count in `npm test`. */
export interface Tally { name: string; passed: number; failed: number; skipped: number }

/**
 * The closing line's numbers. A step that failed without its report counting a failed test (an
 * end-to-end server that could not start on a taken port, a runner that crashed after its last
 * test) is one failure: the closing line never says "0 failed" when a step failed.
 */
export function summarise(tallies: readonly Tally[], failedSteps: readonly string[]) {
  const counted = tallies.map((t) => ({ ...t }));
  for (const name of failedSteps) {
    const tally = counted.find((t) => t.name === name);
    if (!tally) counted.push({ name, passed: 0, failed: 1, skipped: 0 });
    else if (tally.failed === 0) tally.failed = 1;
  }
  const passed = counted.reduce((sum, t) => sum + t.passed, 0);
  const failed = counted.reduce((sum, t) => sum + t.failed, 0);
  return { passed, failed, tallies: counted, line: `${passed} passed, ${failed} failed` };
}
