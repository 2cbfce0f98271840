import { assign, fromPromise, setup } from 'xstate';
import type { ScheduleJob } from '../openapi/schema';

/**
 * The schedule board's assignment (issue 15 section 1): select a job's card, choose a team (or
 * Unassigned) from its menu — or drag the card onto a lane, which sends the same two events — then
 * the assignment is saved. Choosing the team the job already has changes nothing. A 409 (the team
 * is already booked then, "Team B is already booked 10:00–12:00") shows the message on the card
 * and reloads the board; other errors offer Retry.
 * A refusal or failure can be dismissed (back to idle).
 * The screen provides `jobAssigned` (the card moves lanes), `announce` (a polite status message)
 * and `reloadBoard`; src/api provides the `assignJob` actor.
 */

export interface SelectedJob {
  id: number;
  teamId: number | null;
}

export interface AssignmentCall {
  id: number;
  team: number | null;
}

export interface ScheduleAssignmentContext {
  job: SelectedJob | null;
  /** The team chosen for the job; null is Unassigned. */
  team: number | null;
  error: string | null;
}

export type ScheduleAssignmentEvent =
  | { type: 'job.select'; job: SelectedJob }
  | { type: 'team.choose'; team: number | null }
  | { type: 'assignment.retry' }
  | { type: 'assignment.cancel' };

/** What the board shows in each state (checked in Chromium by tests/e2e/schedule-paths.spec.ts). */
export interface ScheduleAssignmentMeta {
  shows: string;
}

const statusOf = (error: unknown): number | null =>
  error && typeof error === 'object' && 'status' in error && typeof error.status === 'number' ? error.status : null;
const messageOf = (error: unknown): string => (error instanceof Error ? error.message : 'Network Error');

export const scheduleAssignmentMachine = setup({
  types: {} as { context: ScheduleAssignmentContext; events: ScheduleAssignmentEvent; meta: ScheduleAssignmentMeta },
  actors: {
    // Stryker disable next-line all: a placeholder; the app always provides this actor
    assignJob: fromPromise<ScheduleJob, AssignmentCall>(async () => {
      throw new Error('provide an assignJob actor');
    }),
  },
  actions: {
    jobAssigned: (_, _saved: ScheduleJob) => {},
    announce: (_, _message: string) => {},
    reloadBoard: () => {},
    select: assign(({ event }) => (event.type === 'job.select' ? { job: event.job, team: event.job.teamId, error: null } : {})),
    choose: assign(({ event }) => (event.type === 'team.choose' ? { team: event.team, error: null } : {})),
    forget: assign({ job: null, team: null, error: null }),
    failWith: assign(({ event }) => ({ error: messageOf((event as { error?: unknown }).error) })),
    /** Saved: the job now has the chosen team, so choosing it again would change nothing. */
    keepSaved: assign(({ context }) => (context.job ? { job: { ...context.job, teamId: context.team }, error: null } : {})),
  },
  guards: {
    isOtherTeam: ({ context, event }) => event.type === 'team.choose' && context.job !== null && event.team !== context.job.teamId,
    isConflict: ({ event }) => statusOf((event as { error?: unknown }).error) === 409,
  },
}).createMachine({
  id: 'scheduleAssignment',
  context: { job: null, team: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      meta: { shows: 'the board, no menu open, no message or Saving… on the card' },
      on: { 'job.select': { target: 'selected', actions: 'select' } },
    },
    selected: {
      meta: { shows: "the card's Assign menu open (the teams and Unassigned)" },
      on: {
        'job.select': { target: 'selected', actions: 'select' },
        'team.choose': [
          { guard: 'isOtherTeam', target: 'saving', actions: 'choose' },
          // The job's own team: nothing to save.
          { target: 'idle', actions: 'forget' },
        ],
        'assignment.cancel': { target: 'idle', actions: 'forget' },
      },
    },
    // Another card cannot be selected while a save is under way (the board shows it busy).
    saving: {
      meta: { shows: 'Saving… on the card, its Assign button disabled' },
      invoke: {
        id: 'assignJob',
        src: 'assignJob',
        input: ({ context }) => ({ id: context.job!.id, team: context.team }),
        onDone: {
          target: 'assigned',
          actions: [
            { type: 'jobAssigned', params: ({ event }) => event.output },
            'keepSaved',
          ],
        },
        onError: [
          {
            guard: 'isConflict',
            target: 'conflict',
            actions: ['failWith', { type: 'announce', params: ({ event }) => messageOf(event.error) }, 'reloadBoard'],
          },
          { target: 'failed', actions: 'failWith' },
        ],
      },
    },
    assigned: {
      meta: { shows: 'the card in its new lane and "Order N assigned to Team B" announced' },
      on: { 'job.select': { target: 'selected', actions: 'select' } },
    },
    // Refused: the card keeps the reason until it is dismissed or a card is selected again.
    conflict: {
      meta: { shows: "the server's refusal on the card, which stays in its lane; the board reloaded" },
      on: {
        'job.select': { target: 'selected', actions: 'select' },
        'assignment.cancel': { target: 'idle', actions: 'forget' },
      },
    },
    failed: {
      meta: { shows: 'the error on the card with Retry and Dismiss' },
      on: {
        'job.select': { target: 'selected', actions: 'select' },
        'assignment.retry': 'saving',
        'assignment.cancel': { target: 'idle', actions: 'forget' },
      },
    },
  },
});
