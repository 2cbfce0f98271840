import { fromPromise } from 'xstate';
import type { ScheduleJob } from '../../openapi/schema';
import { scheduleAssignmentMachine } from '../../machines/schedule-assignment.machine';

/**
 * The schedule-assignment machine's model, shared by the unit walks
 * (tests/machines/schedule-assignment.machine.test.ts) and the browser walks
 * (tests/e2e/schedule-paths.spec.ts). Job 12 starts unassigned; team 2 is a team, null is
 * Unassigned. The actor never settles: each path delivers the done and error events itself.
 */

export const savedJob: ScheduleJob = {
  id: 12, reference: 9, start: '2099-06-01T09:00:00.000Z', duration_minutes: 90, customer: 'Jane Doe', postcode: 'NW1 6XE',
  service: 'House Keeping', status: 'awaiting_validation', team_id: 2, version: 2, staff_notes: [],
  visit: { on_my_way_at: null, checked_in_at: null, checked_out_at: null, checklist_done: [] },
};
export const conflictError = Object.assign(new Error('Team B is already booked 10:00–11:30'), { status: 409 });
export const networkError = Object.assign(new Error('Network Error'), { status: null });

export const scheduleAssignmentModel = {
  machine: scheduleAssignmentMachine.provide({ actors: { assignJob: fromPromise<ScheduleJob, any>(() => new Promise(() => {})) } }),
  inputs: [undefined],
  events: [
    { type: 'job.select', job: { id: 12, teamId: null } },
    { type: 'team.choose', team: 2 },
    { type: 'team.choose', team: null },
    { type: 'assignment.retry' },
    { type: 'assignment.cancel' },
    { type: 'xstate.done.actor.assignJob', output: savedJob },
    { type: 'xstate.error.actor.assignJob', error: conflictError },
    { type: 'xstate.error.actor.assignJob', error: networkError },
  ],
};
