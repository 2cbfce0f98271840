import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { requestMachine } from '../../machines/request.machine';
import { describeExpectedWalks } from '../support/describe-expected-walks';
import { expectedRequest } from '../support/expected/request';

describeExpectedWalks(expectedRequest);

describe('request machine (behaviour)', () => {
  const answering = (fetch: (params: unknown) => Promise<unknown>) =>
    createActor(requestMachine.provide({ actors: { fetch: fromPromise(({ input }) => fetch(input)) } })).start();

  it('keeps the data on success and the message on failure', async () => {
    const ok = answering(async () => 42);
    ok.send({ type: 'request.send' });
    await waitFor(ok, (s) => !s.matches('loading'));
    expect(ok.getSnapshot().value).toBe('success');
    expect(ok.getSnapshot().context.data).toBe(42);

    const failing = answering(async () => {
      throw new Error('Email is taken');
    });
    failing.send({ type: 'request.send' });
    await waitFor(failing, (s) => !s.matches('loading'));
    expect(failing.getSnapshot().value).toBe('failure');
    expect(failing.getSnapshot().context.error).toBe('Email is taken');
  });

  it('calls with the params of the last send; retry sends them again; reset forgets the answer', async () => {
    const calls: unknown[] = [];
    const actor = answering(async (params) => {
      calls.push(params);
      return `answer ${calls.length}`;
    });
    actor.send({ type: 'request.send', params: { page: 1 } });
    await waitFor(actor, (s) => s.matches('success'));
    actor.send({ type: 'request.send', params: { page: 2 } });
    await waitFor(actor, (s) => s.matches('success') && s.context.data === 'answer 2');
    actor.send({ type: 'request.retry' });
    await waitFor(actor, (s) => s.matches('success') && s.context.data === 'answer 3');
    expect(calls).toEqual([{ page: 1 }, { page: 2 }, { page: 2 }]);
    actor.send({ type: 'request.reset' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toMatchObject({ data: null, error: null });
  });

  it('a failure that is not an Error shows "Network Error"; a later success clears the message', async () => {
    let fail = true;
    const actor = answering(async () => {
      if (fail) throw 'offline';
      return 'ok';
    });
    actor.send({ type: 'request.send' });
    await waitFor(actor, (s) => s.matches('failure'));
    expect(actor.getSnapshot().context.error).toBe('Network Error');
    fail = false;
    actor.send({ type: 'request.retry' });
    await waitFor(actor, (s) => s.matches('success'));
    expect(actor.getSnapshot().context).toMatchObject({ data: 'ok', error: null });
  });
});
