import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { accountDeletionMachine } from '../../machines/account-deletion.machine';
import { accountDeletionModel, allDeletionPaths, customerBrowserPaths } from '../support/account-deletion-model';
import { describeExpectedWalks } from '../support/describe-expected-walks';
import { expectedBackOfficeDeletion, expectedCustomerDeletion } from '../support/expected/account-deletion';
import { coverageOf, formatCoverage } from '../support/replay-paths';

describeExpectedWalks(expectedCustomerDeletion, { coverageInputs: [expectedCustomerDeletion.input, expectedBackOfficeDeletion.input] });
describeExpectedWalks(expectedBackOfficeDeletion, { coverageInputs: [] });

it("account deletion: the browser's few customer paths take every transition the customer's flow can take", () => {
  const browser = customerBrowserPaths();
  const coverage = coverageOf(accountDeletionModel, browser);
  console.log(`${formatCoverage('accountDeletion (browser, customer)', coverage)} by ${browser.length} paths`);
  const customerOnly = coverageOf(accountDeletionModel, allDeletionPaths({ needsPassword: true }));
  expect(coverage.transitions.missing).toEqual(customerOnly.transitions.missing);
});

describe('account deletion machine (behaviour)', () => {
  it('sends the typed password, forgets it after the call, and keeps the error of a failure', async () => {
    const calls: string[] = [];
    const actor = createActor(
      accountDeletionMachine.provide({
        actors: {
          deleteAccount: fromPromise<unknown, { password: string }>(async ({ input }) => {
            calls.push(input.password);
            if (input.password !== 'right-password') throw new Error('Your password is not correct');
            return { message: 'Your account was deleted' };
          }),
        },
      }),
      { input: { needsPassword: true } },
    ).start();
    actor.send({ type: 'deletion.start' });
    actor.send({ type: 'deletion.confirm' });
    actor.send({ type: 'deletion.submit' });
    expect(actor.getSnapshot().value).toBe('enteringPassword');
    actor.send({ type: 'password.change', value: 'wrong-password' });
    actor.send({ type: 'deletion.submit' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context).toEqual({ needsPassword: true, password: '', error: 'Your password is not correct' });
    actor.send({ type: 'deletion.retry' });
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'password.change', value: 'right-password' });
    actor.send({ type: 'deletion.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('deleted');
    expect(actor.getSnapshot().context.password).toBe('');
    expect(calls).toEqual(['wrong-password', 'right-password']);
  });

  it('the back office goes from Continue straight to deleting, and a retry deletes again', async () => {
    let attempts = 0;
    let deleted = 0;
    const actor = createActor(
      accountDeletionMachine.provide({
        actors: {
          deleteAccount: fromPromise<unknown, { password: string }>(async () => {
            attempts += 1;
            if (attempts === 1) throw 'offline';
            return {};
          }),
        },
        actions: { accountDeleted: () => { deleted += 1; } },
      }),
      { input: { needsPassword: false } },
    ).start();
    actor.send({ type: 'deletion.start' });
    actor.send({ type: 'deletion.confirm' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('Network Error');
    actor.send({ type: 'deletion.retry' });
    await waitFor(actor, (s) => s.status === 'done');
    expect([attempts, deleted]).toEqual([2, 1]);
  });

  it('Cancel closes the flow from every step before deleting and forgets what was typed', () => {
    const actor = createActor(accountDeletionMachine, { input: { needsPassword: true } }).start();
    actor.send({ type: 'deletion.start' });
    actor.send({ type: 'deletion.cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'deletion.start' });
    actor.send({ type: 'deletion.confirm' });
    actor.send({ type: 'password.change', value: 'secret-typed' });
    actor.send({ type: 'deletion.cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.password).toBe('');
  });
});
