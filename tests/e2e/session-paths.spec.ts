import type { Page } from '@playwright/test';
import { confirmInBrowser, createApiClient, expect, linkIn, newestMailTo, ok, registerCustomer, test, uniqueCustomer, type Customer } from './support/fixtures';
import { expectedSession } from '../support/expected/session';
import { missedByBrowserPaths } from '../support/replay-paths';
import { sessionScenarios, type UiStep } from './support/session-scenarios';
import { expectLoggedInAs, expectLoggedOut, logoutThroughMenu, storedToken, submitLogin, submitRegistration } from './support/session-ui';

/**
 * The session machine's paths (login ok/fail, register ok/fail, logout, expiry, the screens'
 * resets) walked in the real UI against the real server; after each step the page must show
 * what the machine's state says (logged in with the name menu, or logged out with Log in).
 */
const scenarios = sessionScenarios();

test.describe('session paths in the UI', () => {
  test('the model yields UI scenarios for every kind of step, reaching every state and taking every transition a user can', () => {
    const kinds = new Set(scenarios.flatMap((scenario) => scenario.steps.map((s) => s.step)));
    console.log(`session: ${scenarios.length} UI paths, steps: ${[...kinds].join(', ')}`);
    expect([...kinds].sort()).toEqual(['confirm-fail', 'confirm-ok', 'expire', 'login-fail', 'login-ok', 'logout', 'open-login', 'open-register', 'register-fail', 'register-ok']);
    // Left to the unit walk: what another tab or the profile page sends (ended, updated), a log in
    // raced against a log out, and a log out the server refuses.
    expect(missedByBrowserPaths('session', expectedSession.machine, scenarios)).toEqual({
      states: [],
      transitions: [
        'session.auth.loggedIn → session.ended#0',
        'session.auth.loggedIn → session.updated#0',
        'session.auth.loggingOut → session.login#0',
        'session.auth.loggingOut → xstate.error.actor.logout#0',
        'session.registration → session.ended#0',
      ],
    });
  });

  for (const scenario of scenarios) {
    test(scenario.name, async ({ page, api }) => {
      const customer = await registerCustomer(api, 'path');
      for (const { step, loggedIn } of scenario.steps) {
        await test.step(step, async () => {
          await perform(page, step, customer);
          if (loggedIn) await expectLoggedInAs(page, customer.name);
          else await expectLoggedOut(page);
        });
      }
    });
  }
});

async function perform(page: Page, step: UiStep, customer: Customer): Promise<void> {
  switch (step) {
    case 'login-ok':
      await page.goto('/login');
      await submitLogin(page, customer);
      await expect(page).toHaveURL(/\/home$/);
      return;
    case 'login-fail':
      await page.goto('/login');
      await submitLogin(page, { email: customer.email, password: 'not-the-password' });
      await expect(page.getByRole('alert')).toBeVisible();
      return;
    case 'open-login':
      await page.goto('/login');
      await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);
      return;
    case 'register-ok':
      await page.goto('/register');
      await submitRegistration(page, uniqueCustomer('path-new'));
      await expect(page).not.toHaveURL(/\/register$/);
      return;
    case 'register-fail':
      // A taken email is answered as any other (decision 029); a common password is refused.
      await page.goto('/register');
      await submitRegistration(page, { ...uniqueCustomer('path-common'), password: 'Welcome123' });
      await expect(page.getByRole('alert')).toBeVisible();
      await expect(page).toHaveURL(/\/register$/);
      return;
    case 'open-register':
      await page.goto('/register');
      await expect(page.getByRole('heading', { level: 1, name: 'Register' })).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);
      return;
    case 'confirm-ok': {
      // Someone registers and follows their link with the password they chose: logged in as them,
      // whoever was signed in before (decision 074); the walk goes on as that person.
      const fresh = uniqueCustomer('path-confirmed');
      await ok(createApiClient().POST('/auth/register', { body: fresh }));
      await confirmInBrowser(page, new URL(linkIn(await newestMailTo(fresh.email), '/confirm-email/')), fresh.password);
      await expect(page).toHaveURL(/\/home$/);
      Object.assign(customer, fresh);
      return;
    }
    case 'confirm-fail': {
      // Signed in, the page follows the link at once; signed out, it first asks for the password
      // chosen when registering (decision 074). Either way a link that is not real is refused.
      await page.goto('/confirm-email/not-a-real-token');
      const password = page.getByLabel('Password');
      await expect(password).toBeVisible();
      if ((await page.getByRole('alert').count()) === 0) {
        await password.fill(customer.password);
        await page.getByRole('button', { name: 'Confirm my email' }).click();
      }
      await expect(page.getByRole('alert')).toBeVisible();
      return;
    }
    case 'logout':
      await logoutThroughMenu(page, customer.name);
      await expect(page).toHaveURL(/\/$/);
      return;
    case 'expire':
      // The token is revoked elsewhere; the next authenticated call answers 401: opening /profile,
      // which reads the account's text-message settings (decision 094) as it starts.
      await ok(createApiClient(await storedToken(page)).POST('/auth/logout'));
      await page.goto('/profile');
      // Logged out, asked to log in again, and brought back here afterwards.
      await expect(page.getByText('Your session has expired, please log in again', { exact: true })).toBeVisible();
      await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);
      return;
  }
}
