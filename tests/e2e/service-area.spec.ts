import { expectNoAxeViolations } from './support/a11y';
import { expect as baseExpect, test } from './support/fixtures';
import { itemCheckbox, serviceItems, signedInCustomer, BOOKED_SERVICE_ID } from './support/booking-ui';

/**
 * Where the company works (issue 26 §4, decision 041): a Manchester postcode is refused as it is
 * typed (decision 086) with "We don't cover M1 yet" beside the Postcode field, and the customer leaves an email
 * address to be told when it is covered — keyboard only for the address, axe clean.
 */
const expect = baseExpect.configure({ timeout: 15_000 });

test('a Manchester postcode is refused beside the field as it is typed, and the customer leaves an address to be told', async ({ page }) => {
  test.setTimeout(120_000);
  const { items } = await serviceItems();
  await signedInCustomer(page, 'manchester');
  await page.goto(`/properties/${BOOKED_SERVICE_ID}`);
  await itemCheckbox(page, items[0]!.name).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/placeorder$/);
  // Answered as it is typed, before Pay (issue 36 row 4).
  await page.getByLabel('City', { exact: true }).fill('Manchester');
  await page.getByLabel('Postcode', { exact: true }).fill('M1 3HE');

  const postcode = page.getByRole('textbox', { name: 'Postcode' });
  await expect(postcode).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText("We don't cover M1 yet", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/placeorder$/);
  await expectNoAxeViolations(page, '/placeorder outside the area');

  const email = page.getByRole('textbox', { name: 'Email me when you cover M1' });
  await email.focus();
  await page.keyboard.type(`waiting-${test.info().project.name}-${Date.now()}@example.com`);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Thank you: we will email you once when we cover your area.')).toBeVisible();
  // Still on the booking: nothing was booked.
  await expect(page).toHaveURL(/\/placeorder$/);
  await expectNoAxeViolations(page, '/placeorder after leaving an address');
});
