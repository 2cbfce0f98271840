import { expect, type Locator, type Page } from '@playwright/test';
import type { UserInfo } from '../../../openapi/schema';

/** What an administrator does and sees in the back office, in the real UI; shared by the admin specs. */
export function statusLabel(status: string): string {
  const words = status.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Starts the browser signed in as this user (the app reads `userInfo` from local storage on load). */
export async function signIn(page: Page, user: UserInfo): Promise<void> {
  await page.addInitScript((stored) => {
    if (!sessionStorage.getItem('signed-in-once')) {
      localStorage.setItem('userInfo', stored);
      sessionStorage.setItem('signed-in-once', '1');
    }
  }, JSON.stringify(user));
}

/** The trigger of a react-aria Select: its name is the shown value, then the label. */
export function selectTrigger(page: Page, label: string): Locator {
  return page.getByRole('button', { name: new RegExp(`(^|\\s)${label}$`) });
}

/** Picks an option of a react-aria Select. */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  await selectTrigger(page, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

export function rowWith(page: Page, control: Locator): Locator {
  return page.getByRole('row').filter({ has: control });
}

/** Sorts the current table by a column header, in the given direction. */
export async function sortBy(page: Page, header: string, direction: 'ascending' | 'descending'): Promise<void> {
  const th = page.getByRole('columnheader', { name: header });
  for (let i = 0; i < 2; i++) {
    if ((await th.getAttribute('aria-sort')) === direction) return;
    await th.getByRole('button').click();
  }
  await expect(th).toHaveAttribute('aria-sort', direction);
}

export async function showRowsPerPage(page: Page, size: 5 | 10 | 25): Promise<void> {
  await choose(page, 'Rows per page', String(size));
}

/** The value shown in a dashboard or orders tile. */
export function tileValue(page: Page, label: string): Locator {
  return page.locator('.stat-tile').filter({ has: page.getByText(label, { exact: true }) }).getByRole('definition');
}

/**
 * The back office's side navigation; on a phone it is folded behind Menu, which an administrator
 * opens first (on a wide screen Menu is hidden and the links are on screen).
 */
export async function showBackOfficeNav(page: Page): Promise<Locator> {
  const nav = page.getByRole('navigation', { name: 'Back office' });
  // The back office first (its navigation is in the page, folded or not): on a slow phone, asking
  // whether Menu shows before that read the public page's state and never opened it.
  await expect(page.getByRole('navigation', { name: 'Back office', includeHidden: true })).toBeAttached();
  const toggle = page.getByRole('banner').getByRole('button', { name: 'Menu' });
  if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  return nav;
}

/** Follows a link of the side navigation (which closes it again on a phone). */
export async function openBackOfficePage(page: Page, link: string): Promise<void> {
  await (await showBackOfficeNav(page)).getByRole('link', { name: link, exact: true }).click();
}
