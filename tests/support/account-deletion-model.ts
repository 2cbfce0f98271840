import { fromPromise } from 'xstate';
import { accountDeletionMachine } from '../../machines/account-deletion.machine';
import { coverageOf, pathsOf, type AnyPath } from './replay-paths';

/** Every event of the erasure flow, with both answers of its one actor (machines/account-deletion.machine.ts). */
export const ACCOUNT_DELETION_EVENTS = [
  { type: 'deletion.start' },
  { type: 'deletion.confirm' },
  { type: 'deletion.cancel' },
  { type: 'password.change', value: 'correct-horse-battery' },
  { type: 'password.change', value: '' },
  { type: 'deletion.submit' },
  { type: 'deletion.retry' },
  { type: 'xstate.done.actor.deleteAccount', output: { message: 'Your account was deleted' } },
  { type: 'xstate.error.actor.deleteAccount', error: new Error('Your password is not correct') },
] as const;

// The model's actor never answers by itself: the paths say when it succeeds or fails.
export const accountDeletionModel = accountDeletionMachine.provide({ actors: { deleteAccount: fromPromise(() => new Promise(() => {})) } });

export const allDeletionPaths = (input: { needsPassword: boolean }) => pathsOf(accountDeletionModel, { events: ACCOUNT_DELETION_EVENTS, input });

/**
 * Few paths that together take every transition the customer's flow can take (greedy: the path
 * adding most new transitions first), for the browser to replay.
 */
export function customerBrowserPaths(): AnyPath[] {
  const candidates = allDeletionPaths({ needsPassword: true });
  const chosen: AnyPath[] = [];
  let covered = new Set<string>();
  for (;;) {
    let best: { path: AnyPath; gain: number } | null = null;
    for (const path of candidates) {
      const seen = coverageOf(accountDeletionModel, [...chosen, path]);
      const all = new Set(seen.transitions.missing);
      const gain = seen.transitions.total - all.size - covered.size;
      if (gain > 0 && (!best || gain > best.gain)) best = { path, gain };
    }
    if (!best) return chosen;
    chosen.push(best.path);
    const seen = coverageOf(accountDeletionModel, chosen);
    covered = new Set(Array.from({ length: seen.transitions.total - seen.transitions.missing.length }, (_, i) => String(i)));
  }
}
