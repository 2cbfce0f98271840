import { assign, fromPromise, setup } from 'xstate';

/**
 * The one small machine behind every plain read or write (SPEC 4: request → success | fail, with a
 * loading flag, data and an error message, and a reset). Each use provides the `fetch` actor (see
 * src/app/use-request.ts, which also restores the data's type), so this file has no network code.
 * A read sends `request.send` as soon as it is created; a form sends it on submit.
 */
export interface RequestContext {
  params: unknown;
  data: unknown;
  error: string | null;
}

export type RequestEvent =
  | { type: 'request.send'; params?: unknown }
  | { type: 'request.retry' }
  | { type: 'request.reset' };

export const requestMachine = setup({
  types: {} as { context: RequestContext; events: RequestEvent },
  actors: {
    fetch: fromPromise<unknown, unknown>(async () => {
      throw new Error('provide a fetch actor');
    }),
  },
  actions: {
    keepParams: assign({ params: ({ event }) => (event.type === 'request.send' ? event.params : undefined) }),
    forget: assign({ data: null, error: null }),
  },
}).createMachine({
  id: 'request',
  context: { params: undefined, data: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'request.send': { target: 'loading', actions: 'keepParams' } },
    },
    loading: {
      invoke: {
        id: 'fetch',
        src: 'fetch',
        input: ({ context }: { context: RequestContext }) => context.params,
        onDone: { target: 'success', actions: assign({ data: ({ event }) => event.output, error: null }) },
        onError: { target: 'failure', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    success: {
      on: {
        'request.send': { target: 'loading', actions: 'keepParams' },
        'request.retry': 'loading',
        'request.reset': { target: 'idle', actions: 'forget' },
      },
    },
    failure: {
      on: {
        'request.send': { target: 'loading', actions: 'keepParams' },
        'request.retry': 'loading',
        'request.reset': { target: 'idle', actions: 'forget' },
      },
    },
  },
});

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : 'Network Error';
}
