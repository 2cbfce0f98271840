import assert from 'node:assert/strict';
import { ACCOUNT_DELETION_EVENTS, accountDeletionModel } from '../account-deletion-model';
import { has, type ExpectedMachine } from '../expected-walks';

/**
 * Erasing an account, written from issue 15 §3 and §7 (decision 016), not from the machine: the
 * dialog first says what is deleted and kept; the customer then gives their password (Delete needs
 * one), the back office goes straight to deleting; a failure shows its message with Try again, which
 * goes back to the password (or deletes again, in the back office); Cancel closes the dialog at any
 * step but while deleting. The password is forgotten once the call ends or the dialog closes.
 */
const [start, confirm, cancel, typePassword, clearPassword, submit, retry, deleted, refused] = ACCOUNT_DELETION_EVENTS;
export const accountDeletionEvents = { start, confirm, cancel, typePassword, clearPassword, submit, retry, deleted, refused } as Record<string, { type: string }>;

const forgotten = (c: any) => has(c, { password: '' });

function expectedFor(needsPassword: boolean): ExpectedMachine {
  const afterConfirm = needsPassword ? 'enteringPassword' : 'deleting';
  return {
    name: needsPassword ? 'account deletion (customer)' : 'account deletion (back office)',
    machine: accountDeletionModel,
    input: { needsPassword },
    events: accountDeletionEvents,
    initial: { '': 'idle' },
    regions: {
      '': {
        idle: { on: { start: 'confirming' }, context: (c) => has(c, { password: '', error: null, needsPassword }) },
        confirming: { on: { confirm: afterConfirm, cancel: 'idle' }, context: (c) => has(c, { password: '', error: null }) },
        ...(needsPassword
          ? {
              enteringPassword: {
                on: { typePassword: 'enteringPassword', clearPassword: 'enteringPassword', submit: (c: any) => (c.password ? 'deleting' : 'enteringPassword'), cancel: 'idle' },
                context: (c: any) => has(c, { error: null }),
              },
            }
          : {}),
        // No Cancel while the call is under way.
        deleting: {
          on: { deleted: 'deleted', refused: 'failed' },
          context: (c) => (needsPassword ? assert.equal(c.password, 'correct-horse-battery') : forgotten(c)),
        },
        deleted: { context: forgotten },
        failed: { on: { retry: afterConfirm, cancel: 'idle' }, context: (c) => (forgotten(c), has(c, { error: 'Your password is not correct' })) },
      },
    },
  };
}

export const expectedCustomerDeletion = expectedFor(true);
export const expectedBackOfficeDeletion = expectedFor(false);
