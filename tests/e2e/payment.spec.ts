import { expect as baseExpect, test } from './support/fixtures';
import { expectFits, expectNoAxeViolations } from './support/a11y';
import { adminApi } from './support/admin-data';
import { createApiClient, ok } from './support/api-client';
import { orderNumberOf } from './support/order-number';
import { bookOneItemByCard, createOrderByApi, orderCard, orderNameOnPage, serviceItems, signedInCustomer } from './support/booking-ui';

/**
 * Card payment wherever the site is opened, and never a stranded order (issue 11 rows 4 and 5).
 * Run it with the server's PUBLIC_URL naming another address than the browser's, as a person
 * opening http://127.0.0.1:PORT while PUBLIC_URL says localhost:
 *   E2E_PUBLIC_URL=http://localhost:3220 E2E_PORT=3220 npx playwright test tests/e2e/payment.spec.ts
 */
const expect = baseExpect.configure({ timeout: 15_000 });
const money = (amount: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(amount);

test.describe('card payment', () => {
  test.describe.configure({ timeout: 90_000 });

  test('works at the address the site was opened at, whatever PUBLIC_URL says, and comes back to /success', async ({ page }) => {
    const { items } = await serviceItems();
    const item = items[0]!;
    await signedInCustomer(page, 'card-anywhere');
    const siteOrigin = new URL(page.url()).origin;
    await bookOneItemByCard(page, item.name);
    expect(new URL(page.url()).origin).toBe(siteOrigin);
    await expect(page.getByText('The payment page address is not one we trust')).toHaveCount(0);
    await page.getByRole('button', { name: `Pay ${money(item.price)}` }).click();
    await expect(page).toHaveURL(/\/success\?order=\d+$/);
    expect(new URL(page.url()).origin).toBe(siteOrigin);

    // Still the same site, still signed in: the order shows as paid.
    await page.goto('/profile-services');
    const card = page.getByRole('article').first();
    await expect(card).toContainText('Paid');
    await expect(card).not.toContainText('Payment not completed');
    await expect(card.getByRole('button', { name: /^Pay now/ })).toHaveCount(0);
  });

  test('Cancel on the payment page comes back to the order saying "Payment not completed"; Pay now pays the same order', async ({ page }) => {
    const { items } = await serviceItems();
    const item = items[1] ?? items[0]!;
    await signedInCustomer(page, 'pay-later');
    await bookOneItemByCard(page, item.name);
    const paymentPage = new URL(page.url()).pathname;
    await page.getByRole('button', { name: 'Cancel' }).click();

    await expect(page).toHaveURL(/\/profile-services\?payment=cancelled&order=(\d+)#order-\d+$/);
    const orderId = new URL(page.url()).searchParams.get('order');
    const orderName = await orderNameOnPage(page, Number(orderId));
    await expect(page.getByRole('alert').filter({ hasText: `Payment not completed for ${orderName}` })).toBeVisible();
    await expect(page.getByText('Note: The service cannot be canceled after 24 hours')).toBeVisible();
    const card = orderCard(page, Number(orderId));
    await expect(card).toContainText('Payment not completed');
    await expect(card).toContainText('Awaiting validation');
    await expect(card).toContainText(money(item.price));
    // One rule for cash and card (decision 032): free until a day before the job, said in UK time.
    await expect(card).toContainText(/Free cancellation until \d{4}-\d{2}-\d{2} 09:30 \(UK time\)/);
    await expectNoAxeViolations(page, 'My orders with an unpaid card order');

    await card.getByRole('button', { name: `Pay now for ${orderName}`, exact: false }).click();
    await expect(page).toHaveURL(/\/test-payments\/[^/]+$/);
    // The same payment of the same order, the same amount.
    expect(new URL(page.url()).pathname).toBe(paymentPage);
    // The page names the order by the reference people read (decision 073).
    await expect(page.getByText(await orderNumberOf(Number(orderId)), { exact: false }).first()).toBeVisible();
    await page.getByRole('button', { name: `Pay ${money(item.price)}` }).click();
    await expect(page).toHaveURL(new RegExp(`/success\\?order=${orderId}$`));

    await page.goto('/profile-services');
    const paid = orderCard(page, Number(orderId));
    await expect(paid).toContainText('Paid');
    await expect(paid).not.toContainText('Payment not completed');
  });

  test('a refunded card order shows its VAT invoice and a credit note naming it, crediting what was refunded; axe clean', async ({ page }) => {
    const { items } = await serviceItems();
    const item = items[0]!;
    await signedInCustomer(page, 'credit-note');
    // A draft left unplaced first, so ids run ahead of the numbers people read (decision 073).
    const draftToken = await page.evaluate(() => (JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { token: string }).token);
    await createOrderByApi(createApiClient(draftToken), [{ id: item.id, quantity: 1 }]);
    await bookOneItemByCard(page, item.name);
    await page.getByRole('button', { name: `Pay ${money(item.price)}` }).click();
    await expect(page).toHaveURL(/\/success\?order=\d+$/);
    const orderId = Number(new URL(page.url()).searchParams.get('order'));
    const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { token: string }).token);
    // A week ahead: cancelling is free, so the whole payment is refunded and credited.
    await ok(createApiClient(token).POST('/services/refund-request/{id}', { params: { path: { id: orderId } }, body: { reason: 'Moving away' } }));
    const { api } = await adminApi();
    await ok(api.PUT('/admin/refund/status', { body: { order: orderId, status: 'accepted' } }));

    await page.goto(`/orders/${orderId}/receipt`);
    const invoiceNumber = page.getByRole('heading', { name: /^Invoice number \d{6}$/ });
    await expect(invoiceNumber).toBeVisible();
    // The tab's title names the number the customer reads, never the id (decision 079).
    await expect(page).toHaveTitle(new RegExp(`^VAT invoice for order ${await orderNumberOf(orderId)}\\b`));
    // The invoice fits a phone: its lines scroll in their own region, the page never (issue 36 row 7).
    await expectFits(page, 'the VAT invoice page');
    const invoice = (await invoiceNumber.innerText()).replace('Invoice number ', '');
    const credit = page.getByRole('article', { name: /^Credit note CN-\d{6}$/ });
    await expect(credit).toContainText(`Credits VAT invoice${invoice}`);
    await expect(credit).toContainText(`Total credited${money(item.price)}`);
    await expect(credit).toContainText(`Refund on the cancellation of ${await orderNameOnPage(page, orderId)}`);
    await expectNoAxeViolations(page, 'the VAT invoice with its credit note');
  });
});
