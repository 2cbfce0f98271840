/**
 * The bench's one table, figures beside their goals (issue 6), as Markdown: printed, written to
 * bench/RESULTS.md with the date and machine, and the raw figures to bench/results.json.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem, type as osType, release } from 'node:os';
import type { PageFigures } from './lighthouse';
import type { PressureFigure } from './pressure';
import type { ScaleFigure } from './scale';

export interface BenchResults {
  date: string;
  /** 1, 5 and 15 minute load averages when the bench started: other work on the machine skews times. */
  loadAverage: number[];
  machine: { cpu: string; cores: number; memoryGiB: number; os: string; node: string };
  bundle: { landingJsGzipBytes: number; landingCssGzipBytes: number; chunks: { file: string; gzipBytes: number }[] } | null;
  lighthouse: PageFigures[];
  /** bench/api-results.json of `npm run bench:api` (H5's script), as it wrote it. */
  api: unknown;
  /** The same on a PostgreSQL server (with two instances behind nginx). */
  apiPostgres?: unknown;
  scale: ScaleFigure[];
  /** A public read alone and beside heavy back-office and My orders use (PostgreSQL, 1M orders). */
  pressure?: PressureFigure[];
  /** How many orders the database held during `pressure` (1,000,000, or 10,000,000 with BENCH_SCALE=10m). */
  pressureOrders?: number;
  rss: { pgliteBytes: number | null; postgresBytes: number | null };
  notes: string[];
}

export function machine(): BenchResults['machine'] {
  const list = cpus();
  return {
    cpu: list[0]?.model.trim() ?? 'unknown',
    cores: list.length,
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    os: `${osType()} ${release()}`,
    node: process.version,
  };
}

const mark = (ok: boolean) => (ok ? '✓' : '✗');

/**
 * Lighthouse goals: LCP and TBT are issue 27's (first paint that can be used), the others decision
 * 026's. Each goal's header and its ✓/✗ come from here, so the two cannot disagree again.
 */
export const LIGHTHOUSE_GOALS = { performance: 0.98, lcpMs: 800, tbtMs: 100, cls: 0.01, accessibility: 1, bestPractices: 1, seo: 0.95 } as const;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes: number | null) => (bytes === null ? 'n/a' : `${Math.round(bytes / 2 ** 20)} MB`);
const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;

export function formatResults(r: BenchResults): string {
  const lines: string[] = [];
  lines.push(`Measured ${r.date} on ${r.machine.cores} × ${r.machine.cpu}, ${r.machine.memoryGiB} GiB, ${r.machine.os}, Node ${r.machine.node}; load average at the start ${r.loadAverage.join(' / ')}.`, '');
  if (r.bundle) {
    const ok = r.bundle.landingJsGzipBytes <= 135 * 1024;
    lines.push(row(['Bytes', 'Goal', 'Measured']), row(['---', '---', '---']));
    lines.push(row(['JS on `/` (gzip -9, from the manifest)', '≤ 135 KB', `${kb(r.bundle.landingJsGzipBytes)} ${mark(ok)}`]));
    lines.push(row(['CSS on `/` (gzip -9)', 'no runtime', kb(r.bundle.landingCssGzipBytes)]), '');
  }
  if (r.lighthouse.length) {
    const g = LIGHTHOUSE_GOALS;
    lines.push(row(['Lighthouse 12 mobile (median of 3)', `Perf ≥ ${g.performance}`, `LCP ≤ ${(g.lcpMs / 1000).toFixed(1)} s`, `TBT ≤ ${g.tbtMs} ms`, `CLS ≤ ${g.cls}`, `A11y ${g.accessibility.toFixed(2)}`, `BP ${g.bestPractices.toFixed(2)}`, `SEO ≥ ${g.seo}`, 'JS sent']));
    lines.push(row(Array(9).fill('---')));
    for (const p of r.lighthouse) {
      lines.push(row([
        `\`${p.route}\`${p.signedIn ? ' signed in' : ''}`,
        `${p.performance.toFixed(2)} ${mark(p.performance >= g.performance)}`,
        `${(p.lcpMs / 1000).toFixed(2)} s ${mark(p.lcpMs <= g.lcpMs)}`,
        `${Math.round(p.tbtMs)} ms ${mark(p.tbtMs <= g.tbtMs)}`,
        `${p.cls.toFixed(3)} ${mark(p.cls <= g.cls)}`,
        `${p.accessibility.toFixed(2)} ${mark(p.accessibility >= g.accessibility)}`,
        `${p.bestPractices.toFixed(2)} ${mark(p.bestPractices >= g.bestPractices)}`,
        `${p.seo.toFixed(2)} ${mark(p.seo >= g.seo)}`,
        kb(p.scriptTransferBytes),
      ]));
    }
    const lost = r.lighthouse.filter((p) => p.failedAudits.length).map((p) => `\`${p.route}\`${p.signedIn ? ' signed in' : ''}: ${p.failedAudits.join(', ')}`);
    if (lost.length) lines.push('', `Audits that lost points: ${lost.join('; ')}`);
    lines.push('');
  }
  const api = formatApi(r.api);
  if (api) lines.push(api, '');
  const apiPostgres = formatApi(r.apiPostgres);
  if (apiPostgres) lines.push(apiPostgres.replace('API load (`npm run bench:api`)', 'API load on PostgreSQL (`DATABASE_URL=… npm run bench:api`)'), '');
  if (r.scale.length) {
    lines.push(row(['Back office at scale (Chromium)', 'Orders', 'First page from the API ≤ 100 ms', 'First data row ≤ 1 s', 'Sort ≤ 1 s', 'API response']), row(Array(6).fill('---')));
    for (const s of r.scale) {
      const api = s.apiMs === undefined ? '—' : `${Math.round(s.apiMs)} ms ${mark(s.apiMs <= 100)}`;
      lines.push(row([`\`${s.path}\``, s.orders, api, `${Math.round(s.interactiveMs)} ms ${mark(s.interactiveMs <= 1000)}`, `${Math.round(s.sortMs)} ms ${mark(s.sortMs <= 1000)}`, kb(s.apiBytes)]));
    }
    lines.push('');
  }
  const pressure = r.pressure ?? [];
  if (pressure.length) {
    const alone = pressure[0]!.publicP99Ms;
    lines.push(row([`Public read, 200 a second on schedule (PostgreSQL, ${(r.pressureOrders ?? 1_000_000).toLocaleString('en-GB')} orders; median of 3 rounds)`, 'p99', 'Goal ≤ 2× alone', 'Background answers', 'Peak RSS (goal ≤ 400 MB)']), row(Array(5).fill('---')));
    for (const p of pressure) {
      const ratio = alone > 0 ? p.publicP99Ms / alone : 0;
      const rss = Math.round(p.peakRssBytes / 2 ** 20);
      lines.push(row([p.load, `${p.publicP99Ms} ms`, p === pressure[0] ? '—' : `${ratio.toFixed(1)}× ${mark(ratio <= 2)}`, `${p.background} (${p.backgroundRefused === undefined ? '' : `${p.backgroundRefused} refused, `}${p.backgroundFailed} failed)`, `${rss} MB ${mark(rss <= 400)}`]));
    }
    lines.push('');
  }
  lines.push(row(['Server memory (RSS after the runs)', 'PGlite', 'PostgreSQL']), row(['---', '---', '---']));
  lines.push(row(['server process', mb(r.rss.pgliteBytes), mb(r.rss.postgresBytes)]));
  if (r.notes.length) lines.push('', ...r.notes.map((n) => `- ${n}`));
  return lines.join('\n');
}

/** H5's API results as a table: an array of flat objects, or an object holding one under `rows`/`results`. */
function formatApi(api: unknown): string | null {
  if (!api) return null;
  const record = api as { rows?: unknown; results?: unknown; table?: unknown };
  if (typeof record.table === 'string') return record.table;
  const rows = (Array.isArray(api) ? api : Array.isArray(record.rows) ? record.rows : Array.isArray(record.results) ? record.results : null) as Record<string, unknown>[] | null;
  if (!rows?.length) return `API load (npm run bench:api): see bench/api-results.json`;
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r).filter((k) => typeof r[k] !== 'object' || r[k] === null)))];
  return [`API load (\`npm run bench:api\`)`, '', row(keys), row(keys.map(() => '---')), ...rows.map((r) => row(keys.map((k) => String(r[k] ?? ''))))].join('\n');
}

/** Where docs/benchmarks.md shows the latest table (between these two lines). */
const BENCH_DOC = 'docs/benchmarks.md';
const README_START = '<!-- bench:start -->';
const README_END = '<!-- bench:end -->';

export function writeResults(r: BenchResults): string {
  const table = formatResults(r);
  mkdirSync('bench', { recursive: true });
  writeFileSync('bench/results.json', `${JSON.stringify(r, null, 2)}\n`);
  writeFileSync('bench/RESULTS.md', `# Benchmark results\n\nWritten by \`npm run bench\` (scripts/bench.ts); a benchmark, never a test.\n\n${table}\n`);
  if (existsSync(BENCH_DOC)) {
    const readme = readFileSync(BENCH_DOC, 'utf8');
    const start = readme.indexOf(README_START);
    const end = readme.indexOf(README_END);
    if (start >= 0 && end > start) writeFileSync(BENCH_DOC, `${readme.slice(0, start + README_START.length)}\n${table}\n${readme.slice(end)}`);
  }
  return table;
}
