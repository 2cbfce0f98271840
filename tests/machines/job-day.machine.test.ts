import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { JobVisit } from '../../openapi/schema';
import { jobDayMachine, type RecordStepInput } from '../../machines/job-day.machine';
import { describeExpectedWalks } from '../support/describe-expected-walks';
import { expectedJobDay, JOB_DAY_STARTS } from '../support/expected/job-day';
import { CHECKED_IN, CHECKED_OUT, NOTHING_YET, ON_THE_WAY } from '../support/job-day-model';

describeExpectedWalks(expectedJobDay, { coverageInputs: JOB_DAY_STARTS });

describe('job day machine (behaviour)', () => {
  it('starts where the server says the day is', () => {
    const start = (visit: JobVisit) => createActor(jobDayMachine, { input: { visit } }).start().getSnapshot().value;
    expect([NOTHING_YET, ON_THE_WAY, CHECKED_IN, CHECKED_OUT].map(start)).toEqual(['assigned', 'onMyWay', 'checkedIn', 'done']);
  });

  it('sends each step with the consent and, at check-out, the ticked checklist; a refusal keeps its message', async () => {
    const calls: RecordStepInput[] = [];
    const answers = [ON_THE_WAY, CHECKED_IN, new Error('Check in before checking out'), CHECKED_OUT];
    const actor = createActor(
      jobDayMachine.provide({
        actors: {
          recordStep: fromPromise<JobVisit, RecordStepInput>(async ({ input }) => {
            calls.push(input);
            const answer = answers.shift()!;
            if (answer instanceof Error) throw answer;
            return answer;
          }),
        },
      }),
      { input: { visit: NOTHING_YET } },
    ).start();
    actor.send({ type: 'job.onMyWay' });
    await waitFor(actor, (s) => s.matches('onMyWay'));
    actor.send({ type: 'consent.toggle' });
    actor.send({ type: 'job.checkIn' });
    await waitFor(actor, (s) => s.matches('checkedIn'));
    actor.send({ type: 'checklist.toggle', label: 'Bins emptied' });
    actor.send({ type: 'checklist.toggle', label: 'Floors' });
    actor.send({ type: 'checklist.toggle', label: 'Floors' });
    actor.send({ type: 'job.checkOut' });
    await waitFor(actor, (s) => s.matches('checkedIn') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('Check in before checking out');
    actor.send({ type: 'job.checkOut' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().context).toMatchObject({ visit: CHECKED_OUT, error: null });
    expect(calls).toEqual([
      { step: 'on_my_way', consent: false, checklist: [] },
      { step: 'check_in', consent: true, checklist: [] },
      { step: 'check_out', consent: true, checklist: ['Bins emptied'] },
      { step: 'check_out', consent: true, checklist: ['Bins emptied'] },
    ]);
  });
});
