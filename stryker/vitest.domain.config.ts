import { defineConfig } from 'vitest/config';

/**
 * The tests Stryker runs against mutants of domain/: the unit and machine tests, no database. The
 * pure rules are meant to be pinned here; a rule only the service tests kill is a unit test missing.
 */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/machines/**/*.test.ts', 'tests/unit/**/*.test.ts'],
    // Instrumented, the London-time walk over every midnight of a year takes longer than the default 5 s.
    testTimeout: 60_000,
  },
});
