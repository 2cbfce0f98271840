import { admin } from './support/accounts';
import { expectNoAxeViolations, signInByApi } from './support/a11y';
import { adminApi } from './support/admin-data';
import { createApiClient, ok } from './support/api-client';
import { bookOneItemByCard, orderNameOnPage, serviceItems, signedInCustomer } from './support/booking-ui';
import { expect as baseExpect, test } from './support/fixtures';
import { downloadedPdf } from './support/pdf-download';

/**
 * Decision 042: a customer downloads the VAT invoice of a paid order as PDF from My orders (and the
 * credit note from the invoice page), staff download both from the back office order page; each PDF
 * is read back and its total is the order's. The invoice page prints without the site around it.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
const money = (amount: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(amount);

test.describe('VAT invoice and credit note as PDF', () => {
  test.describe.configure({ timeout: 120_000 });

  test('from My orders, the invoice page (printable) and the back office, with the order\'s figures', async ({ page }) => {
    const { items } = await serviceItems();
    const item = items[0]!;
    const { name } = await signedInCustomer(page, 'invoice-pdf');
    await bookOneItemByCard(page, item.name);
    await page.getByRole('button', { name: `Pay ${money(item.price)}` }).click();
    await expect(page).toHaveURL(/\/success\?order=\d+$/);
    const orderId = Number(new URL(page.url()).searchParams.get('order'));

    await page.goto('/profile-services');
    const orderName = await orderNameOnPage(page, orderId);
    const invoice = await downloadedPdf(page, () => page.getByRole('button', { name: `Download the VAT invoice of ${orderName} (PDF)` }).click());
    expect(invoice.name).toMatch(/^invoice-\d{6}\.pdf$/);
    const number = invoice.name.slice('invoice-'.length, -'.pdf'.length);
    expect(invoice.text).toContain(`Invoice number ${number}`);
    expect(invoice.text).toContain(name);
    expect(invoice.text).toMatch(/Time of supply \(tax point\) \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    expect(invoice.total.at(-1)).toBe(money(item.price));

    // Cancelled a week ahead: refunded in full, credited by a credit note.
    const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { token: string }).token);
    await ok(createApiClient(token).POST('/services/refund-request/{id}', { params: { path: { id: orderId } }, body: { reason: 'Moving away' } }));
    await ok((await adminApi()).api.PUT('/admin/refund/status', { body: { order: orderId, status: 'accepted' } }));

    await page.goto(`/orders/${orderId}/receipt`);
    await expect(page.getByRole('heading', { name: `Invoice number ${number}` })).toBeVisible();
    const credit = await downloadedPdf(page, () => page.getByRole('button', { name: 'Download credit note (PDF)' }).click());
    expect(credit.name).toMatch(/^credit-note-CN-\d{6}\.pdf$/);
    expect(credit.text).toContain(`Credits VAT invoice ${number}`);
    expect(credit.total.at(-1)).toBe(money(item.price));
    await expectNoAxeViolations(page, 'the VAT invoice page with its PDF downloads');
    // Printed: the documents only, no buttons or site menu.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(page.getByRole('heading', { name: `Invoice number ${number}` })).toBeVisible();
    await page.emulateMedia({ media: 'screen' });

    await signInByApi(page, admin);
    await page.goto(`/order/${orderId}`);
    const staffInvoice = await downloadedPdf(page, () => page.getByRole('button', { name: 'VAT invoice (PDF)' }).click());
    expect(staffInvoice.name).toBe(invoice.name);
    expect(staffInvoice.total).toEqual(invoice.total);
    const staffCredit = await downloadedPdf(page, () => page.getByRole('button', { name: 'Credit note (PDF)' }).click());
    expect(staffCredit.name).toBe(credit.name);
    expect(staffCredit.text).toContain(`Credits VAT invoice ${number}`);
  });

  test('a charge added after payment has its own VAT invoice: listed on the invoice page and downloaded by its number', async ({ page }) => {
    const { items } = await serviceItems();
    const item = items[0]!;
    await signedInCustomer(page, 'later-invoice');
    await bookOneItemByCard(page, item.name);
    await page.getByRole('button', { name: `Pay ${money(item.price)}` }).click();
    await expect(page).toHaveURL(/\/success\?order=\d+$/);
    const orderId = Number(new URL(page.url()).searchParams.get('order'));
    // Decision 059: staff charge an extra after the order was paid and invoiced.
    const { api } = await adminApi();
    await ok(api.POST('/admin/order/{id}/adjustments', { params: { path: { id: orderId } }, body: { amount: 12.34, reason: 'Oven cleaned on request' } }));

    await page.goto(`/orders/${orderId}/receipt`);
    const list = page.getByRole('region', { name: 'Every invoice and credit note of this order' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    const later = list.getByRole('listitem').nth(1);
    await expect(later).toContainText(money(12.34));
    const label = (await later.textContent())!.match(/VAT invoice (\d{6})/)![1]!;
    const invoice = await downloadedPdf(page, () => later.getByRole('button', { name: `Download VAT invoice ${label} (PDF)` }).click());
    expect(invoice.name).toBe(`invoice-${label}.pdf`);
    expect(invoice.text).toContain(`Invoice number ${label}`);
    expect(invoice.text).toContain('Adjustment');
    expect(invoice.total.at(-1)).toBe(money(12.34));
    await expectNoAxeViolations(page, 'the invoice page listing a later invoice');
  });
});
