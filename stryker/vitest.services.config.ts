import { defineConfig } from 'vitest/config';

/**
 * The tests Stryker runs against mutants of server/services/: the API suites over real HTTP on
 * PGlite (in-process server, so the mutated services are the ones answering) and the unit tests of
 * services. Left out: the suites that spawn server processes (reliability, crash), fuzzing and the
 * authorisation matrix (minutes per run; they guard other promises than the services' rules).
 */
export default defineConfig({
  test: {
    environment: 'node',
    include: [
      'tests/unit/cancellation-terms.test.ts',
      'tests/services/**/*.test.ts',
      'tests/api/*.test.ts',
      'tests/api/security/logs.test.ts',
    ],
    exclude: ['tests/api/fuzz.test.ts', 'tests/api/authorization-matrix.test.ts'],
    globalSetup: ['tests/api/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
