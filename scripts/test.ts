/**
 * `npm test`: everything, in the order that fails fastest — static checks, the contract, machine
 * and unit tests, the API (on PostgreSQL when DATABASE_URL is set, and on PGlite), then the
 * built SPA end to end in Chromium. Each runner writes a JSON report; the last line sums them as
 * `N passed, N failed` (CI reads that line).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { findChromium } from './find-chromium';
import { summarise, type Tally } from './test-summary';

const reports = 'reports';
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const tallies: Tally[] = [];
const failedSteps: string[] = [];
/** Names of the failed tests, printed again beside the summary: CI keeps only the output's tail. */
const failedTests: string[] = [];
const flakyTests: string[] = [];

/** Minutes each step took, printed in the summary: CI must stay under 45 minutes in all. */
const elapsed = new Map<string, number>();
const minutes = (ms: number) => `${Math.floor(ms / 60_000)}m ${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')}s`;

function run(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  elapsed.set(name, Date.now() - started);
  const ok = result.status === 0;
  if (!ok) failedSteps.push(name);
  return ok;
}

function vitest(name: string, project: string, env: NodeJS.ProcessEnv = {}, files: string[] = []) {
  const file = `${reports}/${name}.json`;
  run(name, 'npx', ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`, ...files], env);
  if (!existsSync(file)) return tallies.push({ name, passed: 0, failed: 1, skipped: 0 });
  const report = JSON.parse(readFileSync(file, 'utf8'));
  // Each failed test once, and a file that failed to load once (numFailedTestSuites also counts
  // each describe block around a failed test, so it cannot be added).
  const failed = report.numFailedTests + countFilesThatDidNotLoad(report);
  for (const file of report.testResults as VitestFile[]) {
    const where = relative(process.cwd(), file.name);
    const tests = file.assertionResults.filter((t) => t.status === 'failed');
    for (const t of tests) failedTests.push(`${name}: ${where} › ${t.fullName}`);
    // Passed, yet with a failure: it passed on its retry (vitest keeps the first attempt's error).
    for (const t of file.assertionResults) if (t.status === 'passed' && t.failureMessages?.length) flakyTests.push(`${name}: ${where} › ${t.fullName}: ${firstLine(t.failureMessages[0])}`);
    if (!tests.length && file.status === 'failed') failedTests.push(`${name}: ${where} (did not load: ${firstLine(file.message)})`);
  }
  tallies.push({ name, passed: report.numPassedTests, failed, skipped: report.numPendingTests + report.numTodoTests });
}

interface VitestFile { name: string; status: string; message?: string; assertionResults: { status: string; fullName: string; failureMessages?: string[] }[] }
const firstLine = (text = '') => (text.split('\n')[0] ?? '').slice(0, 200);

function countFilesThatDidNotLoad(report: { testResults: VitestFile[] }) {
  return report.testResults.filter((file) => file.status === 'failed' && !file.assertionResults.some((t) => t.status === 'failed')).length;
}

function playwright() {
  const file = `${reports}/e2e.json`;
  const chromium = findChromium();
  run('e2e', 'npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: file, CHROMIUM_PATH: chromium });
  if (!existsSync(file)) return tallies.push({ name: 'e2e', passed: 0, failed: 1, skipped: 0 });
  const { stats, suites } = JSON.parse(readFileSync(file, 'utf8'));
  collectPlaywrightFailures(suites ?? []);
  tallies.push({ name: 'e2e', passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped });
  if (stats.flaky) console.log(`\n${stats.flaky} end-to-end test(s) passed only on retry (flaky): see the list above.`);
}

interface PlaywrightSuite { title: string; file?: string; suites?: PlaywrightSuite[]; specs?: { title: string; file: string; tests: { projectName: string; status: string }[] }[] }
function collectPlaywrightFailures(suites: PlaywrightSuite[]) {
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests) {
        if (t.status === 'unexpected') failedTests.push(`e2e: [${t.projectName}] ${spec.file} › ${spec.title}`);
        if (t.status === 'flaky') flakyTests.push(`e2e: [${t.projectName}] ${spec.file} › ${spec.title}`);
      }
    }
    collectPlaywrightFailures(suite.suites ?? []);
  }
}

const staticChecks: [string, string, string[]][] = [
  ['typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['lint', 'npx', ['eslint', '.']],
  ['contract lint', 'npx', ['redocly', 'lint', 'openapi/openapi.yaml']],
  ['generated types are current', 'npm', ['run', '-s', 'api:check']],
  ['database types are current', 'npm', ['run', '-s', 'db:check']],
  ['machine diagrams are current', 'node', ['--import', 'tsx', 'scripts/diagrams.ts', '--check']],
];
for (const [name, command, args] of staticChecks) {
  const ok = run(name, command, args);
  tallies.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 });
}

vitest('unit', 'machines');
const { DATABASE_URL, ...withoutDatabase } = process.env;
// The contract fuzzing sends 100 valid and 100 invalid requests per operation on each database here
// (a fresh seed each run); `npm run fuzz` sends 1,000 of each, outside the 45 minutes (decision 078).
// The crash test kills the server 3 times on each database here (random kill points, a new seed each
// run); `npm run crash` kills it 20 times, outside the 45 minutes (decision 127).
const fuzz = { FUZZ_RUNS: process.env.FUZZ_RUNS ?? '100', CRASH_ROUNDS: process.env.CRASH_ROUNDS ?? '3' };
// With a PostgreSQL server (CI), the whole API suite runs on it, production's engine, and on PGlite
// the files about what the embedded engine does its own way: start-up and its data folder, the job
// runner and mail, crash recovery, the one connection's queue (checkouts at the same moment
// included), stored types, and every money figure through the mails (one-truth). The booking, card,
// refund and series journeys run on PGlite in the browser suite, which runs whole on it (decision
// 129). Without a server, the whole suite runs on PGlite (decision 081).
const EMBEDDED_FILES = [
  'tests/api/operations/', 'tests/api/reliability/', 'tests/api/contract', 'tests/api/one-truth.test.ts',
  'tests/api/booking-concurrency.test.ts',
];
if (DATABASE_URL) vitest('api-postgres', 'api', { ...fuzz, DATABASE_URL });
vitest('api-pglite', 'api', { ...withoutDatabase, ...fuzz, DATABASE_URL: '' }, DATABASE_URL ? EMBEDDED_FILES : []);
if (!DATABASE_URL) console.log('\n(DATABASE_URL is not set: the API suite ran on PGlite only)');

// The SPA trusts GoCardless's sandbox pages, as a demo's build does (docs/direct-debit.md): the
// Direct Debit journey sends the browser there, and Chromium's requests are answered by the local fake.
if (run('build', 'npm', ['run', 'build', '--silent'], { NODE_ENV: 'production', VITE_PAYMENT_ORIGINS: 'https://pay-sandbox.gocardless.com' })) playwright();
else tallies.push({ name: 'e2e', passed: 0, failed: 1, skipped: 0 });

const total = summarise(tallies, failedSteps);
console.log('\nSummary');
for (const t of total.tallies) {
  const took = elapsed.has(t.name) ? `  (${minutes(elapsed.get(t.name)!)})` : '';
  console.log(`  ${t.name.padEnd(30)} ${t.passed} passed, ${t.failed} failed${t.skipped ? `, ${t.skipped} skipped` : ''}${took}`);
}
console.log(`  ${'all steps'.padEnd(30)} ${minutes([...elapsed.values()].reduce((sum, ms) => sum + ms, 0))}`);
if (failedSteps.length) console.log(`  failing steps: ${failedSteps.join(', ')}`);
if (flakyTests.length) {
  console.log('  passed only on retry (flaky):');
  for (const line of flakyTests.slice(0, 30)) console.log(`    ${line}`);
}
if (failedTests.length) {
  console.log('  failed tests:');
  for (const line of failedTests.slice(0, 30)) console.log(`    ${line}`);
  if (failedTests.length > 30) console.log(`    … and ${failedTests.length - 30} more (reports/*.json)`);
}
writeFileSync(`${reports}/summary.json`, JSON.stringify({ passed: total.passed, failed: total.failed, tallies: total.tallies, failedSteps, failedTests, flakyTests }, null, 2));
console.log(total.line);
process.exit(total.failed > 0 || failedSteps.length > 0 ? 1 : 0);
