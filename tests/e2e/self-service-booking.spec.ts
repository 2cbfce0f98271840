import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/a11y';
import { bookOneItemByCard, serviceItems, signedInCustomer, itemCheckbox, typeIntoSegments, fillContactDetails } from './support/booking-ui';
import { expect as baseExpect, test } from './support/fixtures';

/**
 * Issue 25 rows 4, 5, 7, 8 and 10 and issue 23 row 9, as a customer sees them: in both projects (a
 * UK desktop, and an en-US phone in New York at 127.0.0.1).
 */
const expect = baseExpect.configure({ timeout: 15_000 });
const money = (amount: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(amount);

/** Every toast text shown, with the page it was shown on, kept in sessionStorage across the payment page. */
async function recordToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = () => JSON.parse(sessionStorage.getItem('toasts-seen') ?? '[]') as string[];
    new MutationObserver(() => {
      for (const alert of document.querySelectorAll('[role="alert"]')) {
        const text = `${location.pathname}: ${alert.textContent ?? ''}`;
        if (alert.textContent?.includes('Payment was successfully') && !seen().includes(text)) {
          sessionStorage.setItem('toasts-seen', JSON.stringify([...seen(), text]));
        }
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}
const toastsSeen = (page: Page) => page.evaluate(() => JSON.parse(sessionStorage.getItem('toasts-seen') ?? '[]') as string[]);

test.describe('card payment', () => {
  test.describe.configure({ timeout: 90_000 });

  test('says "Payment was successfully !" only once paid, and /success shows the reference, UK date and time, and total', async ({ page }) => {
    const { items } = await serviceItems();
    const item = items[0]!;
    await signedInCustomer(page, 'card-success');
    await recordToasts(page);
    await bookOneItemByCard(page, item.name);
    // On the payment page, nothing is paid yet: no toast said it was.
    await expect(page.getByRole('button', { name: `Pay ${money(item.price)}` })).toBeVisible();
    expect(await toastsSeen(page)).toEqual([]);
    await page.getByRole('button', { name: `Pay ${money(item.price)}` }).click();
    await expect(page).toHaveURL(/\/success\?order=\d+$/);
    const orderId = new URL(page.url()).searchParams.get('order');

    const booked = page.getByRole('definition');
    const facts = page.locator('dl[aria-label="Your booking"]');
    await expect(facts).toBeVisible();
    await expect(booked.nth(0)).toHaveText(`#${orderId}`);
    await expect(booked.nth(1)).toHaveText(/.+/);
    await expect(booked.nth(2)).toHaveText(/^\d{4}-\d{2}-\d{2} 09:30 \(UK time\)$/);
    await expect(booked.nth(3)).toHaveText(`${money(item.price)}, paid by card`);
    await expect(page.getByText('Payment was successfully !', { exact: true })).toBeVisible();
    expect((await toastsSeen(page)).every((line) => line.startsWith('/success:'))).toBe(true);
    await expectNoAxeViolations(page, '/success after a card payment');
  });

  test('left unpaid: /success never says it was paid', async ({ page }) => {
    const { items } = await serviceItems();
    await signedInCustomer(page, 'card-unpaid');
    await recordToasts(page);
    await bookOneItemByCard(page, items[0]!.name);
    const orderId = (await page.getByText(/^#\d+$/).first().textContent())?.slice(1);
    // Someone types the return address without paying.
    await page.goto(`/success?order=${orderId}`);
    await expect(page.getByText(`We have not received the payment for order #${orderId} yet`)).toBeVisible();
    expect(await toastsSeen(page)).toEqual([]);
  });
});

test('the account menu says "My orders" and leads there', async ({ page }) => {
  const { name } = await signedInCustomer(page, 'menu');
  await page.goto('/home');
  await page.getByRole('banner').getByRole('button', { name }).click();
  await page.getByRole('menuitem', { name: 'My orders' }).click();
  await expect(page).toHaveURL(/\/profile-services$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My orders' })).toBeVisible();
});

test('the free times name their day as the dd/mm/yyyy field does', async ({ page }) => {
  const { items } = await serviceItems();
  await signedInCustomer(page, 'free-times-day');
  await page.goto('/properties/1');
  await itemCheckbox(page, items[0]!.name).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/placeorder$/);
  await fillContactDetails(page);
  await typeIntoSegments(page, 'Date', '01122027');
  await expect(page.getByRole('heading', { name: 'Free times on 01/12/2027 (UK time)' })).toBeVisible();
});
