import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ClosureVisit } from '../../openapi/schema';
import { closureMachine, type ClosureMeta, type DaysOff } from '../../machines/closure.machine';
import { CLOSURE_EVENTS, closureModel, expectedAfter } from '../support/closure-model';
import { coverageOf, describePath, pathsOf } from '../support/replay-paths';

/**
 * The close dialog's flow (issue 26 item 5, decision 057), model-based: xstate/graph's paths take
 * every transition, and each state a path reaches must be the one the hand-written table
 * (tests/support/closure-model.ts) says the event leads to — not whatever the machine did.
 */
const paths = pathsOf(closureModel, { events: CLOSURE_EVENTS });

describe('closure machine paths (xstate/graph)', () => {
  it('the paths reach every state and take every transition', () => {
    const coverage = coverageOf(closureModel, paths);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  for (const path of paths) {
    it(`follows the table: ${describePath(path)}`, () => {
      let at = 'choosing';
      for (const step of path.steps.filter((s) => s.event.type !== 'xstate.init')) {
        const expected = expectedAfter(at, step.event);
        expect(step.state.value, `${at} --${step.event.type}-->`).toBe(expected);
        expect((step.state.getMeta()[`closure.${expected}`] as ClosureMeta | undefined)?.shows).toBeTruthy();
        at = expected;
      }
    });
  }
});

describe('closure machine (behaviour)', () => {
  const visit = (id: number, moved_to?: string | null): ClosureVisit => ({
    order_id: id, due: '2027-06-01T09:00:00.000Z', customer: 'Jane', service: 'House Keeping', team: 'Team A', total: 85, ...(moved_to === undefined ? {} : { moved_to }),
  });

  it('lists and applies the days chosen (reason trimmed), counts who was mailed and moved, and reloads the screen', async () => {
    const calls: string[] = [];
    const reloads: number[] = [];
    const actor = createActor(closureMachine.provide({
      actors: {
        listVisits: fromPromise(async ({ input }: { input: DaysOff }) => { calls.push(`list ${input.from}..${input.to} ${input.reason}`); return [visit(1, null), visit(2, 'Team B')]; }),
        applyDays: fromPromise(async ({ input }: { input: DaysOff }) => { calls.push(`apply ${input.from}..${input.to}`); return [visit(1, null), visit(2, 'Team B'), visit(3)]; }),
      },
      actions: { reload: () => void reloads.push(1) },
    })).start();
    actor.send({ type: 'days.review', days: { from: '2027-06-02', to: '2027-06-01', reason: '' } });
    expect(actor.getSnapshot().value).toBe('choosing');
    actor.send({ type: 'days.review', days: { from: '2027-06-01', to: '2027-06-03', reason: ' Training ' } });
    await waitFor(actor, (s) => s.matches('confirming'));
    expect(actor.getSnapshot().context.visits.map((v) => v.order_id)).toEqual([1, 2]);
    actor.send({ type: 'closure.confirm' });
    await waitFor(actor, (s) => s.matches('closed'));
    expect(actor.getSnapshot().context).toMatchObject({ mailed: 2, moved: 1 });
    expect(calls).toEqual(['list 2027-06-01..2027-06-03 Training', 'apply 2027-06-01..2027-06-03']);
    expect(reloads).toEqual([1]);
    actor.send({ type: 'dialog.done' });
    expect(actor.getSnapshot().context).toMatchObject({ days: { from: '', to: '', reason: '' }, visits: [], mailed: 0, moved: 0 });
  });

  it('a refused Confirm shows the server\'s words; Try again lists afresh', async () => {
    let lists = 0;
    const actor = createActor(closureMachine.provide({
      actors: {
        listVisits: fromPromise<ClosureVisit[], DaysOff>(async () => { lists += 1; return []; }),
        applyDays: fromPromise<ClosureVisit[], DaysOff>(async () => { throw new Error('We are already closed on 2027-06-01'); }),
      },
    })).start();
    actor.send({ type: 'days.review', days: { from: '2027-06-01', to: '2027-06-01', reason: '' } });
    await waitFor(actor, (s) => s.matches('confirming'));
    actor.send({ type: 'closure.confirm' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('We are already closed on 2027-06-01');
    actor.send({ type: 'closure.retry' });
    await waitFor(actor, (s) => s.matches('confirming'));
    expect(lists).toBe(2);
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});
