import { defineConfig } from 'vitest/config';

/** The tests Stryker runs against mutants of machines/: the machine and unit tests (no server). */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/machines/**/*.test.ts', 'tests/unit/**/*.test.ts'],
  },
});
