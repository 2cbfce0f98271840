import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { scheduleAssignmentMachine, type AssignmentCall } from '../../machines/schedule-assignment.machine';
import { describeExpectedWalks } from '../support/describe-expected-walks';
import { expectedScheduleAssignment } from '../support/expected/schedule-assignment';
import { conflictError, savedJob } from '../support/schedule-models';

describeExpectedWalks(expectedScheduleAssignment);

/** Until the save has been answered (the state it leads to is asserted after). */
const settle = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => !s.matches('saving'));

function start(answer: (call: AssignmentCall) => Promise<typeof savedJob>) {
  const calls: AssignmentCall[] = [];
  const seen = { assigned: [] as number[], announced: [] as string[], reloads: 0 };
  const actor = createActor(
    scheduleAssignmentMachine.provide({
      actors: { assignJob: fromPromise(({ input }: { input: AssignmentCall }) => (calls.push(input), answer(input))) },
      actions: {
        jobAssigned: (_, saved) => void seen.assigned.push(saved.id),
        announce: (_, message) => void seen.announced.push(message),
        reloadBoard: () => void (seen.reloads += 1),
      },
    }),
  ).start();
  return { actor, calls, seen };
}

describe('schedule assignment rules', () => {
  it('sends the selected job and the chosen team, and hands the saved job to the board', async () => {
    const { actor, calls, seen } = start(async () => savedJob);
    actor.send({ type: 'job.select', job: { id: 12, teamId: null } });
    actor.send({ type: 'team.choose', team: 2 });
    expect(actor.getSnapshot().value).toBe('saving');
    await settle(actor);
    expect(calls).toEqual([{ id: 12, team: 2 }]);
    expect(seen.assigned).toEqual([12]);
    expect(actor.getSnapshot().value).toBe('assigned');
    // Saved: the job has team 2 now, so choosing it again after selecting has nothing to save.
    expect(actor.getSnapshot().context.job).toEqual({ id: 12, teamId: 2 });
  });

  it("choosing the job's own team saves nothing", () => {
    const { actor, calls } = start(async () => savedJob);
    actor.send({ type: 'job.select', job: { id: 12, teamId: 3 } });
    actor.send({ type: 'team.choose', team: 3 });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(calls).toEqual([]);
  });

  it('a clash keeps the message, announces it and reloads the board; selecting the card again, another team can be chosen', async () => {
    let refuse = true;
    const { actor, calls, seen } = start(async () => {
      if (refuse) throw conflictError;
      return savedJob;
    });
    actor.send({ type: 'job.select', job: { id: 12, teamId: null } });
    actor.send({ type: 'team.choose', team: 2 });
    await settle(actor);
    expect(actor.getSnapshot().value).toBe('conflict');
    expect(actor.getSnapshot().context.error).toBe('Team B is already booked 10:00–11:30');
    expect(seen).toMatchObject({ announced: ['Team B is already booked 10:00–11:30'], reloads: 1 });
    refuse = false;
    actor.send({ type: 'job.select', job: { id: 12, teamId: null } });
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'team.choose', team: 3 });
    await settle(actor);
    expect(calls).toEqual([{ id: 12, team: 2 }, { id: 12, team: 3 }]);
    expect(actor.getSnapshot().value).toBe('assigned');
  });

  it('ignores another card while saving', () => {
    const { actor } = start(() => new Promise(() => {}));
    actor.send({ type: 'job.select', job: { id: 12, teamId: null } });
    actor.send({ type: 'team.choose', team: 2 });
    actor.send({ type: 'job.select', job: { id: 13, teamId: null } });
    expect(actor.getSnapshot().value).toBe('saving');
    expect(actor.getSnapshot().context.job?.id).toBe(12);
  });
});

describe('schedule assignment failures', () => {
  /** Chooses team 2 for job 12 with the save failing as `error`, and answers where it ends. */
  async function failingWith(error: unknown) {
    const { actor, seen } = start(async () => {
      throw error;
    });
    actor.send({ type: 'job.select', job: { id: 12, teamId: null } });
    actor.send({ type: 'team.choose', team: 2 });
    await settle(actor);
    return { state: actor.getSnapshot().value, error: actor.getSnapshot().context.error, reloads: seen.reloads };
  }

  it('only a 409 is a refusal that reloads the board; other failures offer Retry with their message', async () => {
    const withStatus = (status: unknown, message = 'Refused') => Object.assign(new Error(message), { status });
    expect(await failingWith(withStatus(409, 'Team B is off on 2030-01-09'))).toEqual({ state: 'conflict', error: 'Team B is off on 2030-01-09', reloads: 1 });
    expect(await failingWith(withStatus(500, 'Internal Server Error'))).toEqual({ state: 'failed', error: 'Internal Server Error', reloads: 0 });
    expect(await failingWith(withStatus('409'))).toEqual({ state: 'failed', error: 'Refused', reloads: 0 });
    expect(await failingWith(new Error('Failed to fetch'))).toEqual({ state: 'failed', error: 'Failed to fetch', reloads: 0 });
    expect(await failingWith({ status: 409 })).toEqual({ state: 'conflict', error: 'Network Error', reloads: 1 });
    expect(await failingWith(null)).toEqual({ state: 'failed', error: 'Network Error', reloads: 0 });
    expect(await failingWith(409)).toEqual({ state: 'failed', error: 'Network Error', reloads: 0 });
  });

  it('Retry saves the same choice again; Dismiss forgets the card', async () => {
    let fail = true;
    const { actor, calls } = start(async () => {
      if (fail) throw new Error('Failed to fetch');
      return savedJob;
    });
    actor.send({ type: 'job.select', job: { id: 12, teamId: 1 } });
    actor.send({ type: 'team.choose', team: null });
    await settle(actor);
    fail = false;
    actor.send({ type: 'assignment.retry' });
    await settle(actor);
    expect(calls).toEqual([{ id: 12, team: null }, { id: 12, team: null }]);
    expect(actor.getSnapshot().context).toEqual({ job: { id: 12, teamId: null }, team: null, error: null });
    actor.send({ type: 'job.select', job: { id: 14, teamId: 3 } });
    actor.send({ type: 'assignment.cancel' });
    expect([actor.getSnapshot().value, actor.getSnapshot().context]).toEqual(['idle', { job: null, team: null, error: null }]);
  });
});
