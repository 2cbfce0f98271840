import { defineConfig } from 'vitest/config';

/**
 * The tests Stryker runs against mutants of server/services/: the services called directly on a
 * real seeded PGlite database (tests/services/) and the unit tests of services' pure rules. The API suites
 * (tests/api/) check the same rules over HTTP, but at 10–30 s per file they are too slow to run
 * once per mutant on two cores (decision 013).
 */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/unit/cancellation-terms.test.ts', 'tests/unit/pricing.test.ts', 'tests/unit/series-dates.test.ts', 'tests/services/**/*.test.ts'],
    globalSetup: ['tests/api/global-setup.ts'],
    // One worker kept across Stryker's runs, so tests/services loads its database once.
    isolate: false,
    env: { SPARKLE_SHARED_TEST_DB: '1' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
