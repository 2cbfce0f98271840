import assert from 'node:assert/strict';
import { fromPromise } from 'xstate';
import { requestMachine } from '../../../machines/request.machine';
import { has, type ExpectedMachine } from '../expected-walks';

/**
 * A plain read or write, written from docs/requirements.md (R-UI-2): send → loading → success with
 * the data or failure with the message; send again or retry from either outcome; reset forgets.
 */
export const requestEvents = {
  send: { type: 'request.send', params: { q: 'a' } },
  retry: { type: 'request.retry' },
  reset: { type: 'request.reset' },
  done: { type: 'xstate.done.actor.fetch', output: ['x'] },
  failed: { type: 'xstate.error.actor.fetch', error: new Error('Network Error') },
};
const again = { send: 'loading', retry: 'loading', reset: 'idle' };

export const expectedRequest: ExpectedMachine = {
  name: 'request',
  machine: requestMachine.provide({ actors: { fetch: fromPromise(() => new Promise<unknown>(() => {})) } }),
  events: requestEvents,
  initial: { '': 'idle' },
  regions: {
    '': {
      idle: { on: { send: 'loading' }, context: (c) => has(c, { data: null, error: null }) },
      loading: { on: { done: 'success', failed: 'failure' }, context: (c) => assert.deepStrictEqual(c.params, { q: 'a' }) },
      success: { on: again, context: (c) => has(c, { data: ['x'], error: null }) },
      failure: { on: again, context: (c) => assert.equal(c.error, 'Network Error') },
    },
  },
};
