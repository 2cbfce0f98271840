import { assign, fromPromise, setup } from 'xstate';

/**
 * The one small machine behind every plain read or write (R-UI-2: request → success | fail, with a
 * loading flag, data and an error message, and a reset). Each use provides the `fetch` actor (see
 * src/shared/use-request.ts, which also restores the data's type), so this file has no network code.
 * A read sends `request.send` as soon as it is created; a form sends it on submit.
 */
export interface RequestContext {
  params: unknown;
  data: unknown;
  error: string | null;
}

export type RequestEvent =
  | { type: 'request.send'; params?: unknown }
  // A read whose parameters changed (a filter typed, another page): asks again, replacing a call in flight.
  | { type: 'request.refresh'; params?: unknown }
  | { type: 'request.retry' }
  | { type: 'request.reset' };

/** What a screen using the request shows in each state. */
export interface RequestMeta {
  shows: string;
}

export const requestMachine = setup({
  types: {} as { context: RequestContext; events: RequestEvent; meta: RequestMeta },
  actors: {
    // Stryker disable next-line all: a placeholder; the app always provides this actor
    fetch: fromPromise<unknown, unknown>(async () => {
      // Stryker disable next-line all: a placeholder; the app always provides this actor
      throw new Error('provide a fetch actor');
    }),
  },
  actions: {
    keepParams: assign({ params: ({ event }) => (event.type === 'request.send' || event.type === 'request.refresh' ? event.params : undefined) }),
    forget: assign({ data: null, error: null }),
  },
}).createMachine({
  id: 'request',
  context: { params: undefined, data: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      // Stryker disable next-line all: what the screen shows, checked in Chromium by the paths specs
      meta: { shows: 'the form or page before anything was asked' },
      on: {
        'request.send': { target: 'loading', actions: 'keepParams' },
        'request.refresh': { target: 'loading', actions: 'keepParams' },
      },
    },
    loading: {
      // Stryker disable next-line all: what the screen shows, checked in Chromium by the paths specs
      meta: { shows: 'the busy button or the loading text' },
      // A submit while busy is ignored (no double submit); newer read parameters restart the call, so the
      // answer shown is always the one for what the screen now asks (an older answer is dropped).
      on: { 'request.refresh': { target: 'loading', reenter: true, actions: 'keepParams' } },
      invoke: {
        id: 'fetch',
        src: 'fetch',
        input: ({ context }: { context: RequestContext }) => context.params,
        onDone: { target: 'success', actions: assign({ data: ({ event }) => event.output, error: null }) },
        onError: { target: 'failure', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    success: {
      // Stryker disable next-line all: what the screen shows, checked in Chromium by the paths specs
      meta: { shows: 'the data, or the success message' },
      on: {
        'request.send': { target: 'loading', actions: 'keepParams' },
        'request.refresh': { target: 'loading', actions: 'keepParams' },
        'request.retry': 'loading',
        'request.reset': { target: 'idle', actions: 'forget' },
      },
    },
    failure: {
      // Stryker disable next-line all: what the screen shows, checked in Chromium by the paths specs
      meta: { shows: "the server's message in an alert, with a way to try again" },
      on: {
        'request.send': { target: 'loading', actions: 'keepParams' },
        'request.refresh': { target: 'loading', actions: 'keepParams' },
        'request.retry': 'loading',
        'request.reset': { target: 'idle', actions: 'forget' },
      },
    },
  },
});

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : 'Network Error';
}
