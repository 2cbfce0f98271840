import { expect, type Page } from '@playwright/test';
// Every /api/ answer the page receives is checked against the contract (H5).
import { contractTest as base } from './contract';
import { createApiClient, ok, type ApiClient } from './api-client';
import { linkIn, newestMailTo } from './mailbox';

export interface Credentials {
  email: string;
  password: string;
}

export interface Customer extends Credentials {
  name: string;
}

let customerCount = 0;

/** A name and email no other test (or earlier run) uses. */
export function uniqueCustomer(label = 'customer'): Customer {
  const id = `${Date.now().toString(36)}${process.pid.toString(36)}${(customerCount++).toString(36)}`;
  // The label joined into one word: "admin-paging" would read as staff ("Admin") and be refused.
  return { name: `Test ${label.replace(/[^A-Za-z0-9]/g, '')} ${id}`, email: `${label}-${id}@example.test`, password: `pw-${id}-secret` };
}

/**
 * Registers a fresh customer through the API (not the UI), follows the link mailed to the address
 * as a person would (decision 029), and returns their credentials.
 */
export async function registerCustomer(api: ApiClient, label?: string): Promise<Customer> {
  const customer = uniqueCustomer(label);
  await ok(api.POST('/auth/register', { body: { name: customer.name, email: customer.email, password: customer.password } }));
  await confirmRegistration(api, customer);
  return customer;
}

/** Follows the confirmation link mailed to `email` with the password chosen (after a registration through the API; decision 074). */
export async function confirmRegistration(api: ApiClient, { email, password }: { email: string; password: string }): Promise<void> {
  await ok(api.POST('/auth/confirm-email/{token}', { params: { path: { token: confirmationTokenIn(await newestMailTo(email)) } }, body: { password } }));
}

/**
 * Follows a registration's mailed link in the browser as its owner does (decision 074): the page asks
 * for the password chosen when registering (at once when signed out; after the link's first answer when
 * signed in), and confirming signs in.
 */
export async function confirmInBrowser(page: Page, link: URL, password: string): Promise<void> {
  await page.goto(link.pathname + link.search);
  const form = page.getByRole('form', { name: 'Confirm your email' });
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Confirm my email' }).click();
}

/** The token of the confirmation link in a mail (…/confirm-email/TOKEN?redirect=…). */
export function confirmationTokenIn(mail: Parameters<typeof linkIn>[0]): string {
  return decodeURIComponent(new URL(linkIn(mail, '/confirm-email/')).pathname.split('/').at(-1)!);
}

/** Logs in through the login screen and waits until the app has left it (logged in). */
export async function loginAs(page: Page, { email, password }: Credentials, options: { path?: string } = {}): Promise<void> {
  await page.goto(options.path ?? '/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toHaveCount(0);
}

/**
 * A prerendered page shows its HTML before the app runs (it loads after the page has painted): a
 * test acts on the page once the app has it (`data-hydrated` on <html>, set by src/app/app.tsx).
 * Pages without the app (robots.txt, the payment page) are not waited for.
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.getElementById('root') || document.documentElement.dataset.hydrated === 'true', undefined, { timeout: 20_000 });
}

export const test = base.extend<{ api: ApiClient; newCustomer: Customer; loginAs: typeof loginAs }>({
  page: async ({ page }, provide) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args) => {
      const response = await goto(...args);
      await waitForApp(page);
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await waitForApp(page);
      return response;
    };
    await provide(page);
  },
  // eslint-disable-next-line no-empty-pattern
  api: async ({}, provide) => {
    await provide(createApiClient());
  },
  newCustomer: async ({ api }, provide) => {
    await provide(await registerCustomer(api));
  },
  // eslint-disable-next-line no-empty-pattern
  loginAs: async ({}, provide) => {
    await provide(loginAs);
  },
});

export { expect };
export { createApiClient, ok } from './api-client';
export { linkIn, newestMailTo } from './mailbox';
