import { assign, fromPromise, setup } from 'xstate';

/**
 * Erasing an account (issue 15 §3 and §7; docs/decisions/016): confirm → password → deleting →
 * deleted | failed. The customer's own "Delete my account" asks for their password; the back
 * office's Anonymise (`needsPassword: false`) goes from the confirmation straight to deleting. A
 * failure (a wrong password, the network) shows its message; Try again returns to the password.
 * The password lives only here, in memory, and is dropped when the call ends. The screen provides
 * `deleteAccount` and `accountDeleted` (log out, or read the record again).
 */
export interface AccountDeletionInput {
  needsPassword: boolean;
}

export interface AccountDeletionContext {
  needsPassword: boolean;
  password: string;
  error: string | null;
}

export type AccountDeletionEvent =
  | { type: 'deletion.start' }
  | { type: 'deletion.confirm' }
  | { type: 'deletion.cancel' }
  | { type: 'password.change'; value: string }
  | { type: 'deletion.submit' }
  | { type: 'deletion.retry' };

/** What the screen shows in each state (checked in Chromium by tests/e2e/account-deletion-paths.spec.ts). */
export interface AccountDeletionMeta {
  shows: string;
  /** Which step the dialog shows; null: no dialog. */
  dialog: 'confirm' | 'password' | 'deleting' | 'failed' | null;
}

export const accountDeletionMachine = setup({
  types: {} as {
    context: AccountDeletionContext;
    events: AccountDeletionEvent;
    input: AccountDeletionInput;
    meta: AccountDeletionMeta;
  },
  actors: {
    // Stryker disable next-line all: a placeholder; the app always provides this actor
    deleteAccount: fromPromise<unknown, { password: string }>(async () => {
      // Stryker disable next-line all: a placeholder; the app always provides this actor
      throw new Error('provide a deleteAccount actor');
    }),
  },
  actions: {
    changePassword: assign({ password: ({ event }) => (event.type === 'password.change' ? event.value : '') }),
    forgetPassword: assign({ password: '' }),
    clearError: assign({ error: null }),
    keepError: assign({ error: (_, params: { error: unknown }) => (params.error instanceof Error ? params.error.message : 'Network Error') }),
    // Provided by the screen: log out (the customer) or show the anonymised record (the back office).
    accountDeleted: () => {},
  },
  guards: {
    needsPassword: ({ context }) => context.needsPassword,
    hasPassword: ({ context }) => context.password.length > 0,
  },
}).createMachine({
  id: 'accountDeletion',
  context: ({ input }) => ({ needsPassword: input.needsPassword, password: '', error: null }),
  initial: 'idle',
  states: {
    idle: {
      meta: { shows: 'the Delete button, no dialog', dialog: null },
      on: { 'deletion.start': { target: 'confirming', actions: ['clearError', 'forgetPassword'] } },
    },
    // What is removed and what is kept, before anything happens.
    confirming: {
      meta: { shows: 'the dialog explaining what is deleted and kept, with Continue', dialog: 'confirm' },
      on: {
        'deletion.confirm': [{ guard: 'needsPassword', target: 'enteringPassword' }, { target: 'deleting' }],
        'deletion.cancel': 'idle',
      },
    },
    enteringPassword: {
      meta: { shows: 'the password field and Delete my account', dialog: 'password' },
      on: {
        'password.change': { actions: 'changePassword' },
        'deletion.submit': { guard: 'hasPassword', target: 'deleting' },
        'deletion.cancel': { target: 'idle', actions: 'forgetPassword' },
      },
    },
    deleting: {
      meta: { shows: 'the dialog busy, its buttons disabled', dialog: 'deleting' },
      invoke: {
        id: 'deleteAccount',
        src: 'deleteAccount',
        input: ({ context }) => ({ password: context.password }),
        onDone: { target: 'deleted', actions: 'forgetPassword' },
        onError: { target: 'failed', actions: ['forgetPassword', { type: 'keepError', params: ({ event }) => ({ error: event.error }) }] },
      },
    },
    deleted: {
      meta: { shows: 'no dialog: the account is gone', dialog: null },
      type: 'final',
      entry: 'accountDeleted',
    },
    failed: {
      meta: { shows: "the error's message with Try again", dialog: 'failed' },
      on: {
        'deletion.retry': [
          { guard: 'needsPassword', target: 'enteringPassword', actions: 'clearError' },
          { target: 'deleting', actions: 'clearError' },
        ],
        'deletion.cancel': { target: 'idle', actions: 'clearError' },
      },
    },
  },
});
