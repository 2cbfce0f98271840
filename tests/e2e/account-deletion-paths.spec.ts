import type { Page } from '@playwright/test';
import type { AccountDeletionMeta } from '../../machines/account-deletion.machine';
import { customerBrowserPaths } from '../support/account-deletion-model';
import { expectedSteps, metaOf, untakenTableTransitions, type ModelEvent, type Step } from '../support/expected-walks';
import { expectedCustomerDeletion } from '../support/expected/account-deletion';
import { signInByApi } from './support/a11y';
import { createApiClient, expect as baseExpect, registerCustomer, test, type Customer } from './support/fixtures';

/**
 * The account-deletion machine's model paths (tests/support/account-deletion-model.ts) driving
 * /profile's "Delete my account" in Chromium against the real server: a failed deletion is a wrong
 * password, a successful one the customer's own. After each step the page must show the `meta` of
 * the state the hand-written table (tests/support/expected/account-deletion.ts) expects — not the
 * state the machine went to — and the deleted account must refuse to sign in.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
const walks = customerBrowserPaths().map((path) => expectedSteps(expectedCustomerDeletion, path.steps.map((s) => s.event as ModelEvent).filter((e) => e.type !== 'xstate.init')));
const titleOf = (steps: Step[]) => `${steps.at(-1)?.expected[''] ?? 'idle'} via ${steps.map((step) => step.eventName).join(' → ')}`;

test.describe('account deletion machine paths in the browser', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the browser paths take every transition of the table the customer can', () => {
    // The back office's branches (Continue and Try again straight to deleting) are not the customer's.
    expect(untakenTableTransitions(expectedCustomerDeletion, walks.map((steps) => steps.map((step) => step.event)))).toEqual([]);
  });

  for (const [n, steps] of walks.entries()) {
    test(`deletion ${n + 1}: ${titleOf(steps)}`, async ({ page }) => {
      const customer = await registerCustomer(createApiClient(), 'delete-path');
      await signInByApi(page, customer);
      await page.goto('/profile');
      await expect(page.getByRole('heading', { name: 'Your data' })).toBeVisible();
      for (const [i, step] of steps.entries()) {
        const state = step.expected['']!;
        const meta = metaOf<AccountDeletionMeta>(expectedCustomerDeletion.machine, '', state)!;
        await test.step(`${step.eventName} → ${state}: ${meta.shows}`, async () => {
          await doEvent(page, customer, step, steps.slice(i + 1));
          await expectShown(page, customer, meta, state);
        });
      }
    });
  }
});

const dialog = (page: Page) => page.getByRole('alertdialog', { name: 'Delete your account?' });

async function doEvent(page: Page, customer: Customer, step: Step, rest: Step[]) {
  const event = step.event as { type: string; value?: string };
  switch (event.type) {
    case 'deletion.start':
      return page.getByRole('button', { name: 'Delete my account' }).click();
    case 'deletion.confirm':
      return dialog(page).getByRole('button', { name: 'Continue' }).click();
    case 'deletion.cancel':
      return dialog(page).getByRole('button', { name: 'Cancel' }).click();
    case 'deletion.retry':
      return dialog(page).getByRole('button', { name: 'Try again' }).click();
    case 'password.change': {
      // The path's next answer decides which password the customer types: theirs, or a wrong one.
      const outcome = rest.find((next) => next.event.type.startsWith('xstate.'))?.event.type;
      const value = event.value ? (outcome === 'xstate.done.actor.deleteAccount' ? customer.password : 'not-the-password') : '';
      return dialog(page).getByLabel('Your password').fill(value);
    }
    case 'deletion.submit':
      // Enter in the field: the form's submit, which the machine refuses without a password.
      return dialog(page).getByLabel('Your password').press('Enter');
    default:
      // The server's answer arrives by itself after the submit.
      return undefined;
  }
}

async function expectShown(page: Page, customer: Customer, meta: AccountDeletionMeta, state: string) {
  switch (meta.dialog) {
    case null:
      await expect(dialog(page), state).toHaveCount(0);
      if (state === 'deleted') {
        await expect(page.getByText('Your account was deleted')).toBeVisible();
        await expect(page).toHaveURL(/\/$/);
        const login = await createApiClient().POST('/auth/login', { body: { username: customer.email, password: customer.password } });
        expect(login.response.status).toBe(401);
      } else {
        await expect(page.getByRole('button', { name: 'Delete my account' })).toBeVisible();
      }
      return;
    case 'confirm':
      return expect(dialog(page).getByRole('button', { name: 'Continue' })).toBeVisible();
    case 'password':
      await expect(dialog(page).getByLabel('Your password')).toBeEnabled();
      return expect(dialog(page).getByRole('button', { name: 'Delete my account' })).toBeVisible();
    case 'deleting':
      // Over in a moment: the next step checks where it led.
      return undefined;
    case 'failed':
      await expect(dialog(page).getByRole('alert')).toContainText('Your password is not correct');
      return expect(dialog(page).getByRole('button', { name: 'Try again' })).toBeVisible();
  }
}
