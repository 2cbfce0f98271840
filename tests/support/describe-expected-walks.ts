import { describe, expect, it } from 'vitest';
import { checkWalk, describe as describeState, metaOf, reachedStates, walksOf, type ExpectedMachine } from './expected-walks';
import { coverageOf, formatCoverage, pathsOf } from './replay-paths';

/**
 * The model-based suite of one machine (tests/support/expected-walks.ts): every walk checked
 * against the hand-written table, grouped by the state its last event starts from; every state of
 * the table reached; every state with the `meta` the browser replays check; and the coverage
 * report, which proves reachability (every state and transition of the machine is taken by some
 * path), not correctness — correctness is the table's part.
 */
export function describeExpectedWalks(
  spec: ExpectedMachine,
  options: {
    meta?: (meta: any, statePath: string) => void;
    /** The inputs whose paths together reach the whole machine (a machine with several starts); `[]` leaves coverage to another table. */
    coverageInputs?: unknown[];
    /** For the tests that take every walk at once, on a machine with thousands of them. */
    timeoutMs?: number;
  } = {},
) {
  describe(`${spec.name} machine against its written table`, () => {
    const walks = walksOf(spec);
    const byLastStep = new Map<string, typeof walks>();
    for (const walk of walks) {
      const prefix = walk.name.split(' → ').slice(0, -1).join(' → ') || '(start)';
      byLastStep.set(prefix, [...(byLastStep.get(prefix) ?? []), walk]);
    }
    for (const [prefix, group] of byLastStep) {
      it(`after ${prefix}: every event leads where the table says`, () => {
        for (const walk of group) checkWalk(spec, walk);
      });
    }

    it('reaches every state of the table', () => {
      expect(reachedStates(spec, walks).unreached).toEqual([]);
    }, options.timeoutMs);

    it('says in meta what the screen shows in every state', () => {
      for (const [region, states] of Object.entries(spec.regions)) {
        for (const statePath of Object.keys(states)) {
          const meta = metaOf<{ shows?: string }>(spec.machine, region, statePath);
          expect(meta?.shows, `${describeState({ [region]: statePath })} has no meta.shows`).toEqual(expect.any(String));
          options.meta?.(meta, statePath);
        }
      }
    });

    const inputs = options.coverageInputs ?? [spec.input];
    if (inputs.length === 0) return;
    it('coverage: the paths reach every state and take every transition (reachability, not correctness)', () => {
      const paths = inputs.flatMap((input) => pathsOf(spec.machine, { events: Object.values(spec.events), input }));
      const coverage = coverageOf(spec.machine, paths);
      console.log(`${formatCoverage(spec.name, coverage)} by ${paths.length} paths; ${walks.length} walks checked against the table`);
      expect(coverage.states.missing).toEqual([]);
      expect(coverage.transitions.missing).toEqual([]);
    }, options.timeoutMs);
  });
}
