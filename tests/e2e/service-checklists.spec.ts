import { TEST_ADMIN } from '../api/support/test-config';
import { expectNoAxeViolations, settled } from './support/a11y';
import { ok } from './support/api-client';
import { expectToast } from './support/booking-ui';
import { expect as baseExpect, test } from './support/fixtures';
import { ownServerForFile } from './support/own-server-for-file';

/**
 * Staff edit a service's checklist on /settings/pricing (issue 26 item 2, decision 050) by keyboard
 * in Chromium against the real server: the list is saved, is in the audit trail as "Service
 * checklist", and is what the service's cleaners read (GET /cleaner/jobs answers it per job; the
 * API suite checks the check-out). A server of its own keeps the other specs' checklists.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
const { server } = ownServerForFile();

test('the administrator rewrites House Keeping\'s checklist by keyboard; it is saved and audited; axe clean', async ({ page }) => {
  const staff = await server.signIn(page, TEST_ADMIN);
  await page.goto(`${server.baseUrl}/settings/pricing`);
  await settled(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Checklists' })).toBeVisible();

  const field = page.getByRole('textbox', { name: 'Checklist of House Keeping' });
  await field.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Oven inside\nFridge wiped\n\n  Bins emptied  ');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Save the checklist of House Keeping' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expectToast(page, 'Checklist of House Keeping saved');
  await expect(page.getByRole('textbox', { name: 'Checklist of House Keeping' })).toHaveValue('Oven inside\nFridge wiped\nBins emptied');

  const rules = await ok(staff.GET('/admin/pricing'));
  expect(rules.checklists.find((one) => one.name === 'House Keeping')).toMatchObject({ items: ['Oven inside', 'Fridge wiped', 'Bins emptied'], custom: true });
  await expect(page.getByRole('cell', { name: 'Service checklist: House Keeping', exact: true }).first()).toBeVisible();
  await expectNoAxeViolations(page, '/settings/pricing with checklists');

  // The server's refusal is shown beside the field.
  await field.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Oven\noven');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Each checklist item can be listed once')).toBeVisible();
});
