import { expectNoAxeViolations } from './support/a11y';
import { bookedCashOrder, orderCard, serviceItems, signedInCustomer } from './support/booking-ui';
import { expect as baseExpect, ok, test } from './support/fixtures';

const expect = baseExpect.configure({ timeout: 15_000 });
const dialogTitle = 'Do you want to cancel the order ? tell us why!';

test.describe('My orders and cancelling', () => {
  test.describe.configure({ timeout: 90_000 });

  test('shows "There is no orders yet !" when the customer has no orders', async ({ page }) => {
    await signedInCustomer(page, 'empty');
    await page.goto('/profile-services');
    await expect(page.getByRole('heading', { level: 1, name: 'My orders' })).toBeVisible();
    await expect(page.getByText('There is no orders yet !')).toBeVisible();
    await expect(page.getByText('Note: The service cannot be canceled after 24 hours')).toHaveCount(0);
  });

  test('Send waits for a reason that is not blank, and Close leaves the order as it was', async ({ page }) => {
    const { items } = await serviceItems();
    const { api } = await signedInCustomer(page, 'reason');
    const id = await bookedCashOrder(api, items[0]!.id);
    await page.goto('/profile-services');
    await orderCard(page, id).getByRole('button', { name: /^Cancel order/ }).click();
    const dialog = page.getByRole('dialog', { name: dialogTitle });
    const send = dialog.getByRole('button', { name: 'Send' });
    await expect(send).toBeDisabled();
    await dialog.getByLabel('Type here your reason').fill('   ');
    await expect(send).toBeDisabled();
    await dialog.getByLabel('Type here your reason').fill('Away that week');
    await expect(send).toBeEnabled();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(orderCard(page, id).getByRole('button', { name: /^Cancel order/ })).toBeEnabled();
    await expect(orderCard(page, id)).not.toContainText('Refund');
  });

  test("a cancellation the server refuses shows the server's reason in the dialog", async ({ page }) => {
    const { items } = await serviceItems();
    const { api } = await signedInCustomer(page, 'refused');
    const id = await bookedCashOrder(api, items[0]!.id);
    await page.goto('/profile-services');
    await orderCard(page, id).getByRole('button', { name: /^Cancel order/ }).click();
    const dialog = page.getByRole('dialog', { name: dialogTitle });
    await dialog.getByLabel('Type here your reason').fill('Booked twice by mistake');
    // Meanwhile the same order is cancelled from another tab.
    await ok(api.POST('/services/refund-request/{id}', { params: { path: { id } }, body: { reason: 'From the other tab' } }));
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByRole('alert')).toContainText('A cancellation was already requested for this order');
    await expect(dialog.getByLabel('Type here your reason')).toHaveValue('Booked twice by mistake');
    // A 409: sending the same again cannot help, so no Try again (issue 25 §5).
    await expect(dialog.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Send' })).toBeDisabled();
    await expectNoAxeViolations(page, 'the cancel dialog refusing a second request');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.reload();
    await expect(orderCard(page, id)).toContainText('Cancellation pending');
  });

  test('a network failure offers Try again, which sends the request once the network is back (issue 25 §5)', async ({ page }) => {
    const { items } = await serviceItems();
    const { api } = await signedInCustomer(page, 'offline');
    const id = await bookedCashOrder(api, items[0]!.id);
    await page.goto('/profile-services');
    await orderCard(page, id).getByRole('button', { name: /^Cancel order/ }).click();
    const dialog = page.getByRole('dialog', { name: dialogTitle });
    await dialog.getByLabel('Type here your reason').fill('Moving house earlier');
    await page.context().setOffline(true);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Network Error');
    await expect(dialog.getByRole('button', { name: 'Try again' })).toBeEnabled();
    await expectNoAxeViolations(page, 'the cancel dialog after a network failure');
    await page.context().setOffline(false);
    await dialog.getByRole('button', { name: 'Try again' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(orderCard(page, id)).toContainText('Cancellation pending');
  });
});
