/**
 * `node --import tsx scripts/bench/render.ts`: rewrites docs/benchmarks.md's table and
 * bench/RESULTS.md from bench/results.json without measuring again, for when the goals or the
 * table's layout change but the figures have not.
 */
import { readFileSync } from 'node:fs';
import { writeResults, type BenchResults } from './report';

const results = JSON.parse(readFileSync('bench/results.json', 'utf8')) as BenchResults;
console.log(writeResults(results));
