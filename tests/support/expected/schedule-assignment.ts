import assert from 'node:assert/strict';
import { has, type ExpectedMachine } from '../expected-walks';
import { conflictError, networkError, scheduleAssignmentModel } from '../schedule-models';

/**
 * Assigning a job on the schedule board, written from issue 15 section 1, not from the machine:
 * selecting a card opens its menu; choosing a team other than the job's saves, choosing its own
 * team closes the menu with nothing saved; a save ends assigned (the card moves), refused (409: the
 * message, the board reloads) or failed (Retry); a refusal or failure can be dismissed, and another
 * card selected. Nothing can be selected while a save is under way. Job 12 starts unassigned.
 */
export const scheduleAssignmentEvents = {
  select: scheduleAssignmentModel.events[0]!,
  chooseTeamB: scheduleAssignmentModel.events[1]!,
  chooseUnassigned: scheduleAssignmentModel.events[2]!,
  retry: scheduleAssignmentModel.events[3]!,
  dismiss: scheduleAssignmentModel.events[4]!,
  saved: scheduleAssignmentModel.events[5]!,
  refused: scheduleAssignmentModel.events[6]!,
  failed: scheduleAssignmentModel.events[7]!,
};

/** Saving only when the chosen team is not the one the job has. */
const choose = (team: number | null) => (c: any) => (c.job.teamId !== team ? 'saving' : 'idle');
const onCard = (c: any) => assert.equal(c.job?.id, 12);

export const expectedScheduleAssignment: ExpectedMachine = {
  name: 'schedule assignment',
  machine: scheduleAssignmentModel.machine,
  events: scheduleAssignmentEvents,
  initial: { '': 'idle' },
  regions: {
    '': {
      idle: { on: { select: 'selected' }, context: (c) => has(c, { job: null, team: null, error: null }) },
      selected: {
        on: { select: 'selected', chooseTeamB: choose(2), chooseUnassigned: choose(null), dismiss: 'idle' },
        // The menu starts at the job's own team.
        context: (c) => has(c, { job: { id: 12, teamId: null }, team: null, error: null }),
      },
      saving: { on: { saved: 'assigned', refused: 'conflict', failed: 'failed' }, context: (c) => (onCard(c), has(c, { team: 2 })) },
      // Saved: the job has Team B now.
      assigned: { on: { select: 'selected' }, context: (c) => has(c, { job: { id: 12, teamId: 2 }, team: 2, error: null }) },
      conflict: { on: { select: 'selected', dismiss: 'idle' }, context: (c) => (onCard(c), has(c, { error: conflictError.message })) },
      failed: { on: { select: 'selected', retry: 'saving', dismiss: 'idle' }, context: (c) => (onCard(c), has(c, { error: networkError.message, team: 2 })) },
    },
  },
};
