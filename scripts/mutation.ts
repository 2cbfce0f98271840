/**
 * `npm run mutation`: mutation testing of the rules (decision 013). Runs Stryker once per target
 * folder (stryker.config.mjs, incremental: only changed code or tests are mutated again), reads the
 * JSON reports and prints the score per folder beside its goal, then writes that table into the
 * README between the mutation markers. A benchmark-like command, not part of `npm test`.
 *
 *   npm run mutation                      every target
 *   npm run mutation -- machines          one target
 *   npm run mutation -- --report          only print the table of the last reports
 *   npm run mutation -- --files           also one row per file
 *   npm run mutation -- --folders         also one row per sub-folder (domain/money/, domain/time/ …)
 *   npm run mutation -- --survivors       also list the surviving mutants
 *   npm run mutation -- --report --readme write the last reports' table into the README
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';

interface Target {
  name: string;
  folder: string;
  goal: number;
}
const targets: Target[] = [
  { name: 'domain', folder: 'domain/', goal: 90 },
  { name: 'machines', folder: 'machines/', goal: 85 },
  { name: 'services', folder: 'server/services/', goal: 75 },
  { name: 'repositories', folder: 'server/repositories/', goal: 75 },
];

type Status = 'Killed' | 'Survived' | 'NoCoverage' | 'Timeout' | 'CompileError' | 'RuntimeError' | 'Ignored' | 'Pending';
interface Mutant {
  mutatorName: string;
  replacement?: string;
  status: Status;
  location: { start: { line: number; column: number } };
}
interface Report {
  files: Record<string, { source: string; mutants: Mutant[] }>;
}

const args = process.argv.slice(2);
const only = args.filter((arg) => !arg.startsWith('--'));
const chosen = only.length ? targets.filter((t) => only.includes(t.name)) : targets;
if (only.length && chosen.length !== only.length) {
  console.error(`Unknown target; choose from ${targets.map((t) => t.name).join(', ')}`);
  process.exit(2);
}

/**
 * A whole folder takes hours on two cores, longer than a session, and a session's machine is new
 * each time: Stryker's incremental result (what each mutant did against which tests) is kept in
 * the repository, gzipped, so the next session's parts add to this one's (decision 115).
 */
const keptResult = (name: string) => `stryker/incremental/${name}.json.gz`;
const workingResult = (name: string) => `.stryker-tmp/incremental-${name}.json`;

if (!args.includes('--report')) {
  for (const target of chosen) {
    if (existsSync(keptResult(target.name)) && !existsSync(workingResult(target.name))) {
      mkdirSync('.stryker-tmp', { recursive: true });
      writeFileSync(workingResult(target.name), gunzipSync(readFileSync(keptResult(target.name))));
    }
    console.log(`\n▶ Stryker on ${target.folder}`);
    const run = spawnSync('npx', ['stryker', 'run', 'stryker.config.mjs'], {
      stdio: 'inherit',
      env: { ...process.env, MUTATION_TARGET: target.name },
    });
    if (run.status !== 0) console.error(`Stryker on ${target.folder} exited with ${run.status}`);
    if (existsSync(workingResult(target.name))) {
      mkdirSync('stryker/incremental', { recursive: true });
      writeFileSync(keptResult(target.name), gzipSync(readFileSync(workingResult(target.name)), { level: 9 }));
    }
  }
}

interface Tally {
  label: string;
  killed: number;
  timeout: number;
  survived: number;
  noCoverage: number;
  errors: number;
}
const score = (t: Tally) => {
  const valid = t.killed + t.timeout + t.survived + t.noCoverage;
  return valid ? (100 * (t.killed + t.timeout)) / valid : 100;
};
function tally(label: string, mutants: Mutant[]): Tally {
  const count = (...statuses: Status[]) => mutants.filter((m) => statuses.includes(m.status)).length;
  return {
    label,
    killed: count('Killed'),
    timeout: count('Timeout'),
    survived: count('Survived'),
    noCoverage: count('NoCoverage'),
    errors: count('CompileError', 'RuntimeError'),
  };
}

const rows: string[] = [];
const extra: string[] = [];
const folders: string[] = [];
let belowGoal = 0;
for (const target of targets) {
  const file = `reports/mutation/${target.name}.json`;
  // On a new machine the last report is the kept incremental result (the same schema).
  const text = existsSync(file) ? readFileSync(file, 'utf8') : existsSync(keptResult(target.name)) ? gunzipSync(readFileSync(keptResult(target.name))).toString('utf8') : null;
  if (text === null) {
    rows.push(`| \`${target.folder}\` | — | — | — | — | not run | ≥ ${target.goal}% |`);
    continue;
  }
  const report = JSON.parse(text) as Report;
  const all = Object.values(report.files).flatMap((f) => f.mutants);
  const t = tally(target.folder, all);
  const s = score(t);
  // A run limited with MUTATE covers part of the folder: say which part.
  const inFolder = readdirSync(target.folder, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.ts')).length;
  const mutated = Object.keys(report.files).length;
  const part = mutated < inFolder ? ` (${mutated} of ${inFolder} files)` : '';
  if (s < target.goal) belowGoal++;
  rows.push(
    `| \`${target.folder}\`${part} | ${t.killed + t.timeout + t.survived + t.noCoverage} | ${t.killed + t.timeout} | ${t.survived} | ${t.noCoverage} | ${s.toFixed(1)}% ${s >= target.goal ? '✓' : '✗'} | ≥ ${target.goal}% |`,
  );
  if (args.includes('--folders')) {
    // domain/ is split by concept (decision 035): one row per concept folder.
    const folderOf = (path: string) => path.slice(0, path.lastIndexOf('/') + 1);
    for (const folder of [...new Set(Object.keys(report.files).map(folderOf))].sort()) {
      const ft = tally(folder, Object.entries(report.files).filter(([path]) => folderOf(path) === folder).flatMap(([, entry]) => entry.mutants));
      folders.push(`| \`${folder}\` | ${ft.killed + ft.timeout + ft.survived + ft.noCoverage} | ${ft.killed + ft.timeout} | ${ft.survived} | ${ft.noCoverage} | ${score(ft).toFixed(1)}% |`);
    }
  }
  if (args.includes('--files')) {
    for (const [path, entry] of Object.entries(report.files).sort()) {
      const ft = tally(path, entry.mutants);
      extra.push(`| \`${path}\` | ${ft.killed + ft.timeout}/${ft.killed + ft.timeout + ft.survived + ft.noCoverage} | ${score(ft).toFixed(1)}% |`);
    }
  }
  if (args.includes('--survivors')) {
    for (const [path, entry] of Object.entries(report.files).sort()) {
      for (const m of entry.mutants.filter((x) => x.status === 'Survived' || x.status === 'NoCoverage')) {
        const line = entry.source.split('\n')[m.location.start.line - 1]?.trim() ?? '';
        console.log(`${m.status === 'Survived' ? 'survived' : 'no cover'} ${path}:${m.location.start.line} ${m.mutatorName} → ${JSON.stringify(m.replacement ?? '')}\n    ${line}`);
      }
    }
  }
}

const table = [
  `Measured ${new Date().toISOString().slice(0, 10)} (\`npm run mutation\`; score = killed ÷ (killed + survived + not covered), static mutants ignored).`,
  '',
  '| Folder | Mutants | Killed | Survived | Not covered | Score | Goal |',
  '| --- | --- | --- | --- | --- | --- | --- |',
  ...rows,
].join('\n');
console.log(`\n${table}`);
if (folders.length) console.log(['', '| Folder | Mutants | Killed | Survived | Not covered | Score |', '| --- | --- | --- | --- | --- | --- |', ...folders].join('\n'));
if (extra.length) console.log(['', '| File | Killed | Score |', '| --- | --- | --- |', ...extra].join('\n'));

// The README keeps the latest table of a full run.
if (args.includes('--readme') || (!args.includes('--report') && chosen.length === targets.length)) {
  const readme = readFileSync('README.md', 'utf8');
  const start = '<!-- mutation:start -->';
  const end = '<!-- mutation:end -->';
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  if (from !== -1 && to > from) {
    writeFileSync('README.md', `${readme.slice(0, from + start.length)}\n${table}\n${readme.slice(to)}`);
    console.log('\nREADME.md updated.');
  }
}
process.exitCode = belowGoal ? 1 : 0;
