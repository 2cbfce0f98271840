import { describe, expect, it } from 'vitest';
import type { PageFigures } from '../../scripts/bench/lighthouse';
import { formatResults, type BenchResults } from '../../scripts/bench/report';

// Issue 27 item 4: the bench table states LCP ≤ 0.8 s and TBT ≤ 100 ms, and marks each figure against them.
const page = (route: string, lcpMs: number, tbtMs: number): PageFigures => ({
  route, performance: 1, lcpMs, tbtMs, cls: 0, accessibility: 1, bestPractices: 1, seo: 1, scriptTransferBytes: 1024, failedAudits: [],
});

const results = (lighthouse: PageFigures[]): BenchResults => ({
  date: '2026-11-28T10:00:00.000Z',
  loadAverage: [0.1, 0.1, 0.1],
  machine: { cpu: 'test', cores: 2, memoryGiB: 1, os: 'Linux', node: 'v20' },
  bundle: null,
  lighthouse,
  api: null,
  scale: [],
  rss: { pgliteBytes: null, postgresBytes: null },
  notes: [],
});

const rowOf = (table: string, route: string) => table.split('\n').find((line) => line.startsWith(`| \`${route}\` |`))!.split(' | ');

describe('the bench report’s Lighthouse goals', () => {
  const table = formatResults(results([page('/', 800, 100), page('/home', 810, 101)]));

  it('names issue 27’s goals in the header', () => {
    expect(table).toContain('| LCP ≤ 0.8 s | TBT ≤ 100 ms |');
  });

  it('marks a figure on the goal as met and one just past it as missed', () => {
    expect(rowOf(table, '/').slice(2, 4)).toEqual(['0.80 s ✓', '100 ms ✓']);
    expect(rowOf(table, '/home').slice(2, 4)).toEqual(['0.81 s ✗', '101 ms ✗']);
  });
});
