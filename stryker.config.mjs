// @ts-check
/**
 * Mutation testing (decision 013). `npm run mutation` (scripts/mutation.ts) runs Stryker once per
 * folder of MUTATION_TARGETS below, each with the tests that can kill its mutants, then prints the
 * score table. Incremental: only mutants whose code or tests changed since the last run are run
 * again (`.stryker-tmp/incremental-<name>.json`). Slow on two cores: one test process at a time.
 */
const target = process.env.MUTATION_TARGET ?? 'machines';

/**
 * `ignoreStatic`: a machine's states and transitions are module-level ("static") code, exactly what
 * must be mutated, so machines/ keeps them (every related test file runs per such mutant); the
 * services' module-level constants are few and would need the whole API suite per mutant.
 * @type {Record<string, { mutate: string[], vitestConfig: string, ignoreStatic: boolean }>}
 */
const targets = {
  machines: {
    mutate: ['machines/**/*.ts'],
    vitestConfig: 'stryker/vitest.machines.config.ts',
    ignoreStatic: false,
  },
  services: {
    mutate: ['server/services/**/*.ts'],
    vitestConfig: 'stryker/vitest.services.config.ts',
    ignoreStatic: true,
  },
};
const chosen = targets[target];
if (!chosen) throw new Error(`MUTATION_TARGET must be one of ${Object.keys(targets).join(', ')}`);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: chosen.vitestConfig, related: true },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: process.env.MUTATE ? process.env.MUTATE.split(',') : chosen.mutate,
  coverageAnalysis: 'perTest',
  ignoreStatic: chosen.ignoreStatic,
  concurrency: Number(process.env.MUTATION_CONCURRENCY ?? 1),
  timeoutMS: 20_000,
  timeoutFactor: 2,
  incremental: true,
  incrementalFile: `.stryker-tmp/incremental-${target}.json`,
  reporters: ['json', 'clear-text', 'progress'],
  jsonReporter: { fileName: `reports/mutation/${target}.json` },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true, reportMutants: false },
  // Only sources and tests go into the sandbox, not data folders or build output.
  ignorePatterns: ['.data', 'dist', 'reports', 'test-results', 'playwright-report', 'bench', '.ci'],
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
};
