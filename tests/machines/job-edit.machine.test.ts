import { describe, expect, it } from 'vitest';
import type { JobEditMeta } from '../../machines/job-edit.machine';
import { EDIT, EVENTS, expectedAfter, model } from '../support/job-edit-model';
import { coverageOf, describePath, pathsOf } from '../support/replay-paths';

/**
 * Staff edit a booked job (decision 055), model-based: xstate/graph's paths take every transition,
 * and each state a path reaches must be the one this hand-written table says the event leads to
 * from where it was — not whatever the machine did. tests/e2e/job-edit.spec.ts drives the main
 * paths in Chromium against the real server; tests/e2e/job-edit-paths.spec.ts walks the same model's
 * covering paths there (the model: tests/support/job-edit-model.ts).
 */
const paths = pathsOf(model, { events: EVENTS, input: { orderId: 7 } });

describe('job edit machine paths (xstate/graph)', () => {
  it('the paths reach every state and take every transition', () => {
    const coverage = coverageOf(model, paths);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it('saves the edit as loaded and changed, with the version it was loaded at and the trimmed reason', () => {
    const path = paths.find((candidate) => candidate.state.value === 'saving' && candidate.steps.some((step) => step.event.type === 'edit.change'));
    expect(path?.state.context.edit).toEqual(EDIT);
    expect(path?.state.context.job?.version).toBe(2);
  });

  for (const path of paths) {
    it(`follows the table: ${describePath(path)}`, () => {
      let at = 'loading';
      for (const step of path.steps.filter((s) => s.event.type !== 'xstate.init')) {
        const event = step.event as { type: string };
        const expected = expectedAfter(at, event, step.state.context.job !== null);
        expect(step.state.value, `${at} --${event.type}-->`).toBe(expected);
        expect((step.state.getMeta()[`jobEdit.${expected}`] as JobEditMeta | undefined)?.shows).toBeTruthy();
        at = expected;
      }
    });
  }
});
