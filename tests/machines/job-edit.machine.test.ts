import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { JobEditPreview, JobEditState, OrderDetail } from '../../openapi/schema';
import { jobEditMachine, type JobEditMeta } from '../../machines/job-edit.machine';
import { SLOT_TAKEN_MESSAGE } from '../../domain/capacity/availability-text';
import { coverageOf, describePath, pathsOf } from '../support/replay-paths';

/**
 * Staff edit a booked job (decision 055), model-based: xstate/graph's paths take every transition,
 * and each state a path reaches must be the one this hand-written table says the event leads to
 * from where it was — not whatever the machine did. tests/e2e/job-edit.spec.ts drives the main
 * paths in Chromium against the real server.
 */
const JOB: JobEditState = {
  order_id: 7, version: 2, service: 1, items: [{ id: 1, quantity: 2 }], extras: [], due_date: '2027-05-10', due_time: '10:00', team_id: 1, duration_minutes: 120, total: 50,
};
const EDIT = { items: [{ id: 1, quantity: 3 }], extras: [], due_date: '2027-05-11', due_time: '11:00', team_id: 2 };
const PREVIEW: JobEditPreview = { lines: [], previousTotal: 50, total: 75, difference: 25, duration_minutes: 150 };
const SAVED = { order_id: 7, total: 75 } as unknown as OrderDetail;
/** Errors as the client throws them (src/api/errors.ts); the status tells them apart for xstate/graph, which keys events by their JSON. */
const refusal = (status: number, message: string) => Object.assign(new Error(message), { status, text: message });

const EVENTS = [
  { type: 'xstate.done.actor.loadJob', output: JOB },
  { type: 'xstate.error.actor.loadJob', error: refusal(0, 'Network Error') },
  { type: 'edit.change', edit: EDIT },
  { type: 'edit.change', edit: { ...EDIT, items: [{ id: 1, quantity: 0 }] } },
  { type: 'edit.preview' },
  { type: 'xstate.done.actor.previewEdit', output: PREVIEW },
  { type: 'xstate.error.actor.previewEdit', error: refusal(409, SLOT_TAKEN_MESSAGE) },
  { type: 'xstate.error.actor.previewEdit', error: refusal(400, 'Nothing changed: edit the items, the time or the team first') },
  { type: 'edit.save', reason: 'Customer asked' },
  { type: 'edit.save', reason: '  ' },
  { type: 'xstate.done.actor.saveEdit', output: SAVED },
  { type: 'xstate.error.actor.saveEdit', error: refusal(409, SLOT_TAKEN_MESSAGE) },
  { type: 'xstate.error.actor.saveEdit', error: refusal(409, 'This job was changed by someone else while you edited it: please check it and edit again') },
  { type: 'edit.back' },
  { type: 'edit.retime' },
  { type: 'edit.retry' },
  { type: 'edit.restart' },
] as const;

/** Where each accepted event leads, written from the brief (issue 26 item 1); anything else stays put. */
const TABLE: Record<string, Record<string, string>> = {
  loading: { 'xstate.done.actor.loadJob': 'editing', 'xstate.error.actor.loadJob': 'failed' },
  editing: { 'edit.change': 'editing', 'edit.preview': 'previewing' },
  previewing: { 'xstate.done.actor.previewEdit': 'confirming', 'xstate.error.actor.previewEdit': 'editing' },
  confirming: { 'edit.save': 'saving', 'edit.back': 'editing' },
  saving: { 'xstate.done.actor.saveEdit': 'saved', 'xstate.error.actor.saveEdit': 'failed' },
  taken: { 'edit.retime': 'editing' },
  failed: { 'edit.retry': 'loading', 'edit.back': 'editing' },
  saved: { 'edit.restart': 'loading' },
};
/** A taken time, from the preview or the save, is its own state: Choose another time. */
const TAKEN = new Set<unknown>([EVENTS[6], EVENTS[11]]);
/** Refused by a guard: a quantity of 0, a blank reason. */
const REFUSED = new Set<unknown>([EVENTS[3], EVENTS[9]]);

const model = jobEditMachine.provide({
  actors: {
    loadJob: fromPromise(() => new Promise<JobEditState>(() => {})),
    previewEdit: fromPromise(() => new Promise<JobEditPreview>(() => {})),
    saveEdit: fromPromise(() => new Promise<OrderDetail>(() => {})),
  },
});
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
        const expected = REFUSED.has(event) || (event.type === 'edit.back' && at === 'failed' && !step.state.context.job)
          ? at
          : TAKEN.has(event) && (at === 'previewing' || at === 'saving') ? 'taken' : TABLE[at]?.[event.type] ?? at;
        expect(step.state.value, `${at} --${event.type}-->`).toBe(expected);
        expect((step.state.getMeta()[`jobEdit.${expected}`] as JobEditMeta | undefined)?.shows).toBeTruthy();
        at = expected;
      }
    });
  }
});
