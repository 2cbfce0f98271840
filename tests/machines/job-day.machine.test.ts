import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { JobVisit } from '../../openapi/schema';
import { jobDayMachine, type RecordStepInput } from '../../machines/job-day.machine';
import { describeExpectedWalks } from '../support/describe-expected-walks';
import { expectedJobDay, JOB_DAY_STARTS } from '../support/expected/job-day';
import { A_PHOTO, CHECKED_IN, CHECKED_OUT, DURING_THE_JOB, NOTHING_YET, ON_MY_WAY_OPENS, ON_THE_WAY, TOO_BIG_PHOTO, TOO_EARLY } from '../support/job-day-model';

describeExpectedWalks(expectedJobDay, { coverageInputs: JOB_DAY_STARTS });

/**
 * The machine started at `visit`, its server answering `answers` in turn (an Error is a refusal
 * with that message); `calls` is what it sent, in order.
 */
function jobDayAnswering(visit: JobVisit, answers: Array<JobVisit | Error>) {
  const calls: RecordStepInput[] = [];
  const recordStep = fromPromise<JobVisit, RecordStepInput>(async ({ input }) => {
    calls.push(input);
    const answer = answers.shift()!;
    if (answer instanceof Error) throw answer;
    return answer;
  });
  const actor = createActor(jobDayMachine.provide({ actors: { recordStep } }), { input: { visit, ...DURING_THE_JOB } }).start();
  return { actor, calls };
}

describe('job day machine (behaviour)', () => {
  it('starts where the server says the day is', () => {
    const start = (visit: JobVisit) => createActor(jobDayMachine, { input: { visit, ...DURING_THE_JOB } }).start().getSnapshot().value;
    expect([NOTHING_YET, ON_THE_WAY, CHECKED_IN, CHECKED_OUT].map(start)).toEqual(['assigned', 'onMyWay', 'checkedIn', 'done']);
  });

  it('sends each step with the consent and, at check-out, the ticked checklist; a refusal keeps its message', async () => {
    const { actor, calls } = jobDayAnswering(NOTHING_YET, [ON_THE_WAY, CHECKED_IN, new Error('Check in before checking out'), CHECKED_OUT]);
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
      { step: 'on_my_way', consent: false, checklist: [], photo: null },
      { step: 'check_in', consent: true, checklist: [], photo: null },
      { step: 'check_out', consent: true, checklist: ['Bins emptied'], photo: null },
      { step: 'check_out', consent: true, checklist: ['Bins emptied'], photo: null },
    ]);
  });

  it('sends the attached photo with the check-out; one over 5 MB is refused at once and not kept (decision 061)', async () => {
    const { actor, calls } = jobDayAnswering(CHECKED_IN, [new Error('The photo must be a JPEG, PNG or WebP image'), CHECKED_OUT]);
    actor.send({ type: 'photo.attach', photo: TOO_BIG_PHOTO });
    expect(actor.getSnapshot().context).toMatchObject({ photo: null, error: 'The photo is larger than 5 MB' });
    actor.send({ type: 'photo.attach', photo: A_PHOTO });
    expect(actor.getSnapshot().context).toMatchObject({ photo: A_PHOTO, error: null });
    actor.send({ type: 'job.checkOut' });
    await waitFor(actor, (s) => s.matches('checkedIn') && s.context.error !== null);
    // Refused by the server: still checked in, the photo still attached to change or remove.
    expect(actor.getSnapshot().context).toMatchObject({ photo: A_PHOTO, error: 'The photo must be a JPEG, PNG or WebP image' });
    actor.send({ type: 'photo.remove' });
    actor.send({ type: 'photo.attach', photo: A_PHOTO });
    actor.send({ type: 'job.checkOut' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.map((call) => [call.step, call.photo])).toEqual([['check_out', A_PHOTO], ['check_out', A_PHOTO]]);

    const removed = createActor(jobDayMachine, { input: { visit: CHECKED_IN, ...DURING_THE_JOB } }).start();
    removed.send({ type: 'photo.attach', photo: A_PHOTO });
    removed.send({ type: 'photo.remove' });
    expect(removed.getSnapshot().context.photo).toBeNull();
  });

  it('sends no step before its window (issue 33 row 8): the 00:36 press of a 09:00 job stays on the card; the clock opens it', async () => {
    const calls: RecordStepInput[] = [];
    const recordStep = fromPromise<JobVisit, RecordStepInput>(async ({ input }) => { calls.push(input); return ON_THE_WAY; });
    const actor = createActor(jobDayMachine.provide({ actors: { recordStep } }), { input: { visit: NOTHING_YET, start: DURING_THE_JOB.start, now: TOO_EARLY } }).start();
    actor.send({ type: 'job.onMyWay' });
    actor.send({ type: 'job.checkIn' });
    expect(actor.getSnapshot().value).toBe('assigned');
    actor.send({ type: 'clock.tick', now: ON_MY_WAY_OPENS });
    actor.send({ type: 'job.checkIn' });
    expect(actor.getSnapshot().value).toBe('assigned');
    actor.send({ type: 'job.onMyWay' });
    await waitFor(actor, (s) => s.matches('onMyWay'));
    expect(calls.map((call) => call.step)).toEqual(['on_my_way']);
  });
});
