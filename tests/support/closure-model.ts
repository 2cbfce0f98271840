import { fromPromise } from 'xstate';
import { closureMachine } from '../../machines/closure.machine';
import type { ClosureVisit } from '../../openapi/schema';

/**
 * The closure machine's model (machines/closure.machine.ts), shared by the unit walk
 * (tests/machines/closure.machine.test.ts) and the browser walk (tests/e2e/closure-paths.spec.ts).
 * Actors never settle: each path delivers the done and error events itself. Where each event leads
 * is the hand-written TABLE (issue 26 item 5, decision 057), not the machine.
 */
const VISIT: ClosureVisit = { order_id: 7, due: '2027-06-01T09:00:00.000Z', customer: 'Jane Closure', service: 'House Keeping', team: 'Team A', total: 85 };

export const CLOSURE_EVENTS = [
  { type: 'days.review', days: { from: '2027-06-01', to: '2027-06-01', reason: 'Staff training' } },
  { type: 'days.review', days: { from: '2027-6-1', to: '2027-6-1', reason: '' } },
  { type: 'closure.confirm' },
  { type: 'closure.retry' },
  { type: 'dialog.cancel' },
  { type: 'dialog.done' },
  { type: 'xstate.done.actor.listVisits', output: [VISIT] },
  { type: 'xstate.error.actor.listVisits', error: new Error('Network Error') },
  { type: 'xstate.done.actor.applyDays', output: [VISIT] },
  { type: 'xstate.error.actor.applyDays', error: new Error('Network Error') },
] as const;

/** The badly typed day: refused by the guard wherever it is sent. */
export const REFUSED_REVIEW = CLOSURE_EVENTS[1];

/** Where each accepted event leads, written from the spec; anything else stays put. */
export const CLOSURE_TABLE: Record<string, Record<string, string>> = {
  choosing: { 'days.review': 'listing' },
  listing: { 'xstate.done.actor.listVisits': 'confirming', 'xstate.error.actor.listVisits': 'failed' },
  confirming: { 'closure.confirm': 'closing', 'dialog.cancel': 'choosing' },
  // No Cancel while the server closes the day: the outcome is always seen.
  closing: { 'xstate.done.actor.applyDays': 'closed', 'xstate.error.actor.applyDays': 'failed' },
  closed: { 'dialog.done': 'choosing' },
  // Try again lists afresh: the visits may have changed.
  failed: { 'closure.retry': 'listing', 'dialog.cancel': 'choosing' },
};

export const expectedAfter = (at: string, event: { type: string }) => (event === REFUSED_REVIEW ? at : CLOSURE_TABLE[at]?.[event.type] ?? at);

export const closureModel = closureMachine.provide({
  actors: { listVisits: fromPromise(() => new Promise<ClosureVisit[]>(() => {})), applyDays: fromPromise(() => new Promise<ClosureVisit[]>(() => {})) },
});
