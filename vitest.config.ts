import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'machines',
          environment: 'node',
          include: ['tests/machines/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          // Both cores: with Vitest's default of one worker fewer than the cores, one file ran at a
          // time and the machine was 60% busy (87 s); with two, 98% (55 s; decision 129).
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts', 'tests/services/**/*.test.ts'],
          globalSetup: ['tests/api/global-setup.ts'],
          // A pg warning of overlapping queries on one client fails the test (decision 060).
          setupFiles: ['tests/api/support/pg-warning-guard.ts'],
          // Vitest's default is one worker fewer than the cores: one file at a time on two cores, the
          // second core idle while a file waits on a mail or PGlite works in its thread. Two files at
          // once pass at load 13 (1,218 tests) and keep `npm test` inside CI's 45 minutes.
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // As Playwright's `retries` in CI: real servers, PostgreSQL and mail deadlines on a loaded
          // two-core machine. A test that passes only on its retry is listed as flaky by `npm test`.
          retry: process.env.CI ? 1 : 0,
        },
      },
    ],
  },
});
