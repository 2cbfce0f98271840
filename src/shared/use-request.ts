import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { requestMachine } from '../../machines/request.machine';
import { inspect } from './inspector';
import { forgetPreloaded, peekPreloaded } from './preload';

export interface RequestView<TData> {
  loading: boolean;
  data: TData | null;
  error: string | null;
  succeeded: boolean;
  failed: boolean;
}

/**
 * Runs one call through the shared request machine. `auto` reads start at once (with `params`);
 * forms call `send(params)`. The fetcher is one of src/api's calls, so errors arrive normalised.
 */
export function useRequest<TData, TParams = void>(
  fetcher: (params: TParams) => Promise<TData>,
  options: { auto?: boolean; params?: TParams } = {},
) {
  // A public read started before this screen mounted, or built into the prerendered page (preload.ts).
  // Peeked, not taken: a render thrown away (suspended during hydration) must find it again.
  const [preloaded] = useState(() => (options.auto ? peekPreloaded(fetcher, options.params ?? null) : null));
  const preloadedParams = useRef(options.params ?? null);
  useEffect(() => {
    if (preloaded) forgetPreloaded(fetcher, preloadedParams.current);
    // Once, for the entry this screen started from.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const pending = useRef(preloaded?.kind === 'pending' ? preloaded.promise : null);
  const machine = requestMachine.provide({
    actors: {
      fetch: fromPromise<unknown, unknown>(({ input }) => {
        const started = pending.current;
        pending.current = null;
        return started ?? fetcher(input as TParams);
      }),
    },
  });
  const actorRef = useActorRef(machine, {
    inspect,
    ...(preloaded?.kind === 'data'
      ? { snapshot: machine.resolveState({ value: 'success', context: { params: options.params, data: preloaded.data, error: null } }) }
      : {}),
  });
  // Data answered at run time is current; prerendered data is read again (shown meanwhile).
  const skipFirstSend = useRef(preloaded?.kind === 'data' && !preloaded.revalidate);
  const autoParams = options.auto ? JSON.stringify(options.params ?? null) : null;
  useEffect(() => {
    if (skipFirstSend.current) {
      skipFirstSend.current = false;
      return;
    }
    // New parameters replace a read still in flight (a filter typed while the first page loads).
    if (autoParams !== null) actorRef.send({ type: 'request.refresh', params: JSON.parse(autoParams) ?? undefined });
  }, [actorRef, autoParams]);

  const loading = useSelector(actorRef, (s) => s.matches('loading'));
  const succeeded = useSelector(actorRef, (s) => s.matches('success'));
  const failed = useSelector(actorRef, (s) => s.matches('failure'));
  // Data read again that did not change keeps its identity, so nothing below renders again.
  const data = useSelector(actorRef, (s) => s.context.data as TData | null, sameJson);
  const error = useSelector(actorRef, (s) => s.context.error);

  const send = useCallback((params: TParams) => actorRef.send({ type: 'request.send', params }), [actorRef]);
  const retry = useCallback(() => actorRef.send({ type: 'request.retry' }), [actorRef]);
  const reset = useCallback(() => actorRef.send({ type: 'request.reset' }), [actorRef]);

  return { loading, succeeded, failed, data, error, send, retry, reset, actorRef };
}

function sameJson(a: unknown, b: unknown): boolean {
  return a === b || (a !== null && b !== null && JSON.stringify(a) === JSON.stringify(b));
}
