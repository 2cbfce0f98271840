import { expect, type Page } from '@playwright/test';
import type { Credentials, Customer } from './fixtures';

/** What a user does and sees around the session, in the real UI; shared by the account specs. */
export const navbar = (page: Page) => page.getByRole('banner');

// After a client-side navigation the URL changes at once, but the old screen stays until the new
// one's chunk has loaded: wait for the screen's heading before typing into it.
export async function submitLogin(page: Page, { email, password }: Credentials): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

export async function submitRegistration(page: Page, customer: Customer, options: { acceptTerms?: boolean } = {}): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Register' })).toBeVisible();
  await page.getByLabel('Full name').fill(customer.name);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  if (options.acceptTerms ?? true) await page.getByText('I agree to the').click();
  await page.getByRole('button', { name: 'Register' }).click();
}

export function userMenuButton(page: Page, name: string) {
  return navbar(page).getByRole('button', { name });
}

/**
 * On a phone the navbar's links and account corner fold behind Menu: a person opens it to see them
 * (on a wide screen Menu is hidden and this does nothing). Following a link closes the panel again.
 */
export async function openNavbarPanel(page: Page): Promise<void> {
  const toggle = navbar(page).getByRole('button', { name: 'Menu' });
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

/** `check` passes once the navbar's panel is open where it folds (a navigation may close it meanwhile). */
async function inNavbarPanel(page: Page, check: () => Promise<void>): Promise<void> {
  await expect(async () => {
    await openNavbarPanel(page);
    await check();
  }).toPass({ timeout: 10_000 });
}

export async function expectLoggedInAs(page: Page, name: string): Promise<void> {
  await inNavbarPanel(page, async () => {
    await expect(userMenuButton(page, name)).toBeVisible({ timeout: 1_000 });
    await expect(navbar(page).getByRole('link', { name: 'Log in' })).toHaveCount(0, { timeout: 1_000 });
  });
}

export async function expectLoggedOut(page: Page): Promise<void> {
  await inNavbarPanel(page, async () => {
    await expect(navbar(page).getByRole('link', { name: 'Log in' })).toBeVisible({ timeout: 1_000 });
    await expect(navbar(page).getByRole('link', { name: 'Register' })).toBeVisible({ timeout: 1_000 });
  });
}

/** Opens the user's menu (through Menu on a phone) and chooses Logout. */
export async function logoutThroughMenu(page: Page, name: string): Promise<void> {
  await inNavbarPanel(page, () => expect(userMenuButton(page, name)).toBeVisible({ timeout: 1_000 }));
  await userMenuButton(page, name).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
}

/** The token the SPA keeps under localStorage `userInfo` (R-AUTH-1). */
export async function storedToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? 'null')?.token as string | undefined);
  if (!token) throw new Error('no userInfo token in localStorage');
  return token;
}
