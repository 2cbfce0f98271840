import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { requestMachine } from '../../machines/request.machine';
import { coverageOf, describePath, formatCoverage, pathsOf, replayPath } from '../support/replay-paths';

const machine = requestMachine.provide({
  // Never settles: the paths deliver the done and error events themselves.
  actors: { fetch: fromPromise(() => new Promise<unknown>(() => {})) },
});

const events = [
  { type: 'request.send', params: { q: 'a' } },
  { type: 'request.retry' },
  { type: 'request.reset' },
  { type: 'xstate.done.actor.fetch', output: ['x'] },
  { type: 'xstate.error.actor.fetch', error: new Error('Network Error') },
] as const;

describe('request machine (model-based)', () => {
  const paths = pathsOf(machine, { events: events as never });
  for (const path of paths) {
    it(`reaches ${describePath(path)}`, () => {
      replayPath(machine, path).stop();
    });
  }

  it('covers every state and transition', () => {
    const coverage = coverageOf(machine, paths);
    console.log(formatCoverage('request', coverage));
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it('keeps the data on success and the message on failure', async () => {
    const { createActor } = await import('xstate');
    const ok = createActor(
      requestMachine.provide({ actors: { fetch: fromPromise<unknown>(async () => 42) } }),
    ).start();
    ok.send({ type: 'request.send' });
    await new Promise((r) => setTimeout(r, 0));
    expect(ok.getSnapshot().value).toBe('success');
    expect(ok.getSnapshot().context.data).toBe(42);

    const failing = createActor(
      requestMachine.provide({
        actors: { fetch: fromPromise<unknown>(async () => { throw new Error('Email is taken'); }) },
      }),
    ).start();
    failing.send({ type: 'request.send' });
    await new Promise((r) => setTimeout(r, 0));
    expect(failing.getSnapshot().value).toBe('failure');
    expect(failing.getSnapshot().context.error).toBe('Email is taken');
  });
});
