import { useActorRef } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { accountDeletionMachine } from '../../../machines/account-deletion.machine';
import { inspect } from '../../shared/inspector';

export type AccountDeletionRef = ActorRefFrom<typeof accountDeletionMachine>;

/**
 * Runs the erasure flow (machines/account-deletion.machine.ts) with the screen's call and what to
 * do once the account is gone; both may change between renders, the machine keeps the latest.
 */
export function useAccountDeletion(options: {
  needsPassword: boolean;
  deleteAccount: (password: string) => Promise<unknown>;
  onDeleted: () => void;
}): AccountDeletionRef {
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  return useActorRef(
    accountDeletionMachine.provide({
      actors: { deleteAccount: fromPromise(({ input }) => latest.current.deleteAccount(input.password)) },
      actions: { accountDeleted: () => latest.current.onDeleted() },
    }),
    { input: { needsPassword: options.needsPassword }, inspect },
  );
}
