import type { Page } from '@playwright/test';
import { TEST_ADMIN } from '../api/support/test-config';
import { QUEUES } from '../../server/queue';
import { formatMoney } from '../../domain/money/money';
import { expectFits, expectNoAxeViolations, settled } from './support/a11y';
import { ok } from './support/api-client';
import { expectToast, fillDeliveryDetails, quoteWeeklyToPlaceOrder, orderCard, weeklyOpenFrom } from './support/booking-ui';
import { expect as baseExpect, test } from './support/fixtures';
import { ownServerForFile } from './support/own-server-for-file';
import type { BookingSeries } from '../../openapi/schema';

/**
 * Issue 38's "done when" (decisions 093, 100), in Chromium against the local fake GoCardless: a
 * customer books a Weekly series choosing Direct Debit, sets the mandate up on GoCardless's page and
 * comes back to My orders, which says so; a visit done 5 days ago is collected by the hourly visit
 * job and is still listed, paid with its VAT invoice (decision 108); a second visit fails twice (the customer sees it, the office
 * history says so); the first is charged back (its balance is due again); the mandate is cancelled
 * (the visits left are due on the day, and a visit skipped late says its fee is not collected by
 * Direct Debit either). GoCardless's pages are at its sandbox origin, which the SPA
 * trusts only when built with it in VITE_PAYMENT_ORIGINS (scripts/test.ts builds so); Chromium's
 * requests there are answered by the fake, never the internet.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
const PAY_ORIGIN = 'https://pay-sandbox.gocardless.com';

const { server, gocardless } = ownServerForFile({ gocardless: { payOrigin: PAY_ORIGIN }, teams: 40, testTimeout: 180_000 });

/** GoCardless's hosted page, as Chromium reaches it: answered by the fake, redirects and all. */
async function routePayPages(page: Page) {
  await page.route(`${PAY_ORIGIN}/**`, async (route) => {
    const { pathname, search } = new URL(route.request().url());
    await route.fulfill({ response: await route.fetch({ url: `${gocardless.apiUrl}${pathname}${search}`, maxRedirects: 0 }) });
  });
}

/** The hourly visit job, run now as its cron would. */
async function runVisitJob() {
  await server.jobs.send(server.db, QUEUES.visitCharges, {});
  await baseExpect.poll(() => server.jobs.pending(QUEUES.visitCharges), { timeout: 30_000 }).toBe(0);
}

const paymentOf = (orderId: number) => [...gocardless.payments.values()].find((payment) => payment.metadata.order_id === String(orderId));

test('a Weekly series by Direct Debit: set up on GoCardless, a visit collected with its invoice, a collection failed twice, a chargeback, a cancelled mandate', async ({ page, browser }) => {
  await routePayPages(page);
  const { api } = await server.signUp(page, 'directdebit');
  await quoteWeeklyToPlaceOrder(page, server.baseUrl);
  await fillDeliveryDetails(page, weeklyOpenFrom(4));
  await page.getByRole('radio', { name: /^Direct Debit/ }).check();
  await page.getByRole('button', { name: 'Set up Direct Debit' }).click();

  // GoCardless's page (the fake's), then back to the shop, which keeps the mandate, and on to My orders.
  await expect(page.getByRole('heading', { name: 'Set up a Direct Debit' }), `the SPA must trust ${PAY_ORIGIN}: build it with VITE_PAYMENT_ORIGINS=${PAY_ORIGIN}`).toBeVisible();
  await page.getByRole('button', { name: 'Set up Direct Debit' }).click();
  await expect(page).toHaveURL(/\/profile-services\?direct_debit=set_up$/);
  await expectToast(page, 'Direct Debit set up: each visit is collected after it is done');
  await expect(page.getByText('Each visit is paid by Direct Debit: your Direct Debit is set up, and each visit is collected after it is done.')).toBeVisible();
  const [series] = (await ok(api.GET('/services/series'))) as BookingSeries[];
  const [first, second] = series!.visits;
  const price = `£${first!.total.toFixed(2)}`;
  await expect(orderCard(page, first!.id)).toContainText(`Nothing to pay now: ${price} is collected by Direct Debit after the visit.`);

  // Both visits are done (as time passing and the team would make them); the hourly job asks GoCardless to collect them.
  // The first was 5 days ago: Bacs is slow, and My orders keeps it while its money moves (decision 108).
  await server.db.query(`UPDATE orders SET due_at = now() - interval '5 days' WHERE id = $1`, [first!.id]);
  await server.db.query(`UPDATE orders SET due_at = now() - interval '4 hours' WHERE id = $1`, [second!.id]);
  const admin = server.api((await ok(server.api().POST('/auth/login', { body: { username: TEST_ADMIN.email, password: TEST_ADMIN.password } }))).token);
  for (const visit of [first!, second!]) {
    await ok(admin.PUT('/admin/order/update/{status}/{id}', { params: { path: { status: 'completed', id: visit.id } }, body: { status: 'completed' } }));
  }
  await runVisitJob();
  await page.reload();
  await expect(orderCard(page, first!.id)).toContainText(`Direct Debit collection asked for: ${price}. It takes a few working days to arrive.`);

  // GoCardless confirms the first: paid, with its VAT invoice; the second fails, is retried, fails again.
  baseExpect((await gocardless.collect(paymentOf(first!.id)!.id)).status).toBe(200);
  baseExpect((await gocardless.fail(paymentOf(second!.id)!.id)).status).toBe(200);
  await page.reload();
  await expect(orderCard(page, first!.id)).toContainText(`Paid: ${price} collected by Direct Debit.`);
  await expect(orderCard(page, first!.id).getByRole('link', { name: /^VAT receipt/ })).toBeVisible();
  await expect(orderCard(page, second!.id)).toContainText(`Direct Debit collection failed: ${price} could not be collected. It will be tried again in a few days.`);
  baseExpect((await gocardless.fail(paymentOf(second!.id)!.id)).status).toBe(200);

  // A visit 20 hours away (as time passing would make it) is skipped late: its fee is owed (decision 109).
  const skipped = series!.visits[3]!;
  await server.db.query(`UPDATE orders SET due_at = now() + interval '20 hours' WHERE id = $1`, [skipped.id]);
  await ok(api.POST('/services/order/{id}/skip', { params: { path: { id: skipped.id } } }));

  // Weeks later the first is charged back, and the customer cancels the mandate at their bank.
  baseExpect((await gocardless.chargeBack(paymentOf(first!.id)!.id)).status).toBe(200);
  baseExpect((await gocardless.cancelMandate(paymentOf(first!.id)!.mandate)).status).toBe(200);
  await page.reload();
  await settled(page);
  await expect(orderCard(page, second!.id)).toContainText(`Direct Debit collection failed: ${price} could not be collected again. The office will contact you to arrange payment.`);
  await expect(orderCard(page, first!.id)).toContainText(`Direct Debit payment returned: your bank gave back ${price}. Balance due ${price}: the office will contact you to arrange payment.`);
  await expect(page.getByText('Direct Debit mandate cancelled: the visits not collected yet are due on the day of each visit.')).toBeVisible();
  await expect(orderCard(page, series!.visits[2]!.id)).toContainText(`Direct Debit mandate cancelled: this visit is not collected by Direct Debit. ${price} is due on the day of the visit`);
  // The skipped visit's fee says what the skip's answer and mail would say now (decision 114): not collected by Direct Debit.
  await expect(orderCard(page, skipped.id)).toContainText(
    `A late fee of ${formatMoney(Math.round(skipped.total * 30) / 100)} is due: your Direct Debit mandate is cancelled, so the office will contact you to arrange payment.`,
  );
  await expectNoAxeViolations(page, 'My orders with Direct Debit visits collected, failed, charged back and a cancelled mandate');
  await expectFits(page, 'My orders with Direct Debit visits');

  // The office sees it on the order: paid by Direct Debit, and its history.
  const office = await browser.newPage();
  await server.signIn(office, TEST_ADMIN);
  await office.goto(`${server.baseUrl}/order/${second!.id}`);
  const field = (term: string) => office.locator('.order-detail__field').filter({ has: office.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) }) }).getByRole('definition');
  await expect(field('Payment method')).toHaveText('Direct Debit');
  await expect(field('Balance due')).toHaveText(price);
  await expect(office.getByText(/failed again \(The customer's account had insufficient funds to make this payment\.\): customer mailed, office told/)).toBeVisible();
  await office.close();
});
