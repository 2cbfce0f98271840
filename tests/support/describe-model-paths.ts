import { describe, expect, it } from 'vitest';
import { coveringPaths, modelPaths, type Model } from './booking-models';
import { coverageOf, describePath, formatCoverage, replayPath } from './replay-paths';

/**
 * The model-based suite of one machine: every generated path replayed on the machine, then full
 * state and transition coverage asserted and printed — for all paths, and for the covering subset
 * the browser replays (`browserSubset`).
 */
export function describeModelPaths(name: string, model: Model, options: { browserSubset?: boolean } = {}) {
  describe(`${name} machine (model-based)`, () => {
    const generated = modelPaths(model);
    const paths = generated.map(({ path }) => path);
    for (const { path, input } of generated) {
      it(`reaches ${describePath(path)}`, () => {
        replayPath(model.machine, path, input).stop();
      });
    }

    it('covers every state and transition', () => {
      const coverage = coverageOf(model.machine, paths);
      console.log(`${formatCoverage(name, coverage)} by ${paths.length} paths`);
      expect(coverage.states.missing).toEqual([]);
      expect(coverage.transitions.missing).toEqual([]);
      if (!options.browserSubset) return;
      const browser = coveringPaths(model).map(({ path }) => path);
      const browserCoverage = coverageOf(model.machine, browser);
      console.log(`${formatCoverage(`${name} (browser subset)`, browserCoverage)} by ${browser.length} paths`);
      expect(browserCoverage.transitions.missing).toEqual([]);
    });
  });
}
