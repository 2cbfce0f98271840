import { defineConfig } from 'vitest/config';

/**
 * The tests Stryker runs against mutants of domain/: the unit tests, no database, no machine walks.
 * The pure rules are pinned here (tests/unit/domain/ and the older unit tests of a rule); a rule
 * only a machine or service test kills is a unit test missing, and the machines' model walks would
 * make each mutant cost seconds on the shared cores. `related` (stryker.config.mjs) then runs only
 * the tests that import the mutated file.
 */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/unit/**/*.test.ts'],
    // Instrumented, the London-time walk over every midnight of a year takes longer than the default 5 s.
    testTimeout: 60_000,
  },
});
