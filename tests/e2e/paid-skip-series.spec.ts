import type { Page } from '@playwright/test';
import { expectNoAxeViolations, settled } from './support/a11y';
import { ok, type ApiClient } from './support/api-client';
import { deliveryDetails, expectToast, orderCard, orderNameOf, ukDateIn } from './support/booking-ui';
import { expect as baseExpect, test } from './support/fixtures';
import { ownServerForFile } from './support/own-server-for-file';

/**
 * Issue 25 row 1, the paid part (decision 043), on the phone abroad (decision 081): skipping a visit paid by
 * card is immediate — the dialog says the money comes back and that it cannot be undone (axe clean,
 * keyboard alone), the toast says what it cost, the card says skipped and refunded with no Undo, and
 * Stripe (the local fake, through the official SDK) refunded it once.
 */
const expect = baseExpect.configure({ timeout: 15_000 });

const { server, stripe } = ownServerForFile({ stripe: true, teams: 40 });

async function signedIn(page: Page, label: string) {
  return (await server.signUp(page, label)).api;
}

/** A Weekly series of one item by card through the API, its first visit on `date` at `time`, not paid yet. */
async function weeklyCardSeries(api: ApiClient, date: string, time: string) {
  const { items } = await ok(api.GET('/services/get-items/{id}', { params: { path: { id: 1 } } }));
  const chosen = [{ id: items[0]!.id, quantity: 1 }];
  const quote = await ok(api.POST('/quotes', { body: { service: 1, items: chosen, frequency: 'weekly', extras: [], postcode: deliveryDetails.postcode } }));
  const order = await ok(api.POST('/services/order/new', { body: { service: 1, items: chosen, quote: quote.id } }));
  const checkedOut = await ok(api.POST('/services/order/checkout', {
    body: {
      order: order.id, due_date: date, due_time: time, address: deliveryDetails.address, phone: deliveryDetails.phone,
      city: deliveryDetails.city, code_postal: deliveryDetails.postcode, client_note: '', payment: 'card',
    },
  }));
  return { order, checkedOut };
}

test('a visit paid by card is skipped at once with the keyboard: the dialog says it is refunded, the toast what it cost, no Undo, one Stripe refund', async ({ page }, testInfo) => {
  const api = await signedIn(page, `paidskip-${testInfo.project.name}`);
  // A Weekly series by card through the API, its first visit paid on (fake) Stripe's page.
  const date = ukDateIn(4);
  const { order, checkedOut } = await weeklyCardSeries(api, date, '11:00');
  const sessionId = checkedOut.shippingInfo!.split('/').at(-1)!;
  baseExpect((await stripe.pay(sessionId)).status).toBe(200);
  const intent = stripe.sessions.get(sessionId)!.payment_intent;
  const series = (await ok(api.GET('/services/series'))).find((one) => one.visits[0]!.id === order.id)!;
  const visit = series.visits[0]!;
  const paid = `£${visit.total.toFixed(2)}`;

  await page.goto(`${server.baseUrl}/profile-services`);
  await settled(page);
  const card = orderCard(page, visit.id);
  await card.getByRole('button', { name: /^Skip the visit/ }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toHaveAccessibleName('Skip this visit?');
  await expect(dialog).toContainText(`The visit of ${date} 11:00 (UK time), ${await orderNameOf(api, visit.id)}, will be cancelled now.`);
  await expect(dialog).toContainText('What you paid, less any fee, is refunded to your card at once, so this cannot be undone.');
  await expectNoAxeViolations(page, 'the paid skip dialog');
  // Focus starts on Close (cannot be undone); the button names the act.
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Skip the visit' }).press('Enter');
  await expectToast(page, `Visit skipped at no cost: ${paid} is refunded to your card`);
  await expect(dialog).toHaveCount(0);
  // Issue 33 row 7: the card says how much came back (decision 070).
  await expect(card).toContainText(`Skipped: this visit will not happen. Its payment of ${paid} is refunded to your card.`);
  await expect(card.getByRole('button', { name: /^Undo the skip/ })).toHaveCount(0);
  await expectNoAxeViolations(page, 'My orders after a paid skip');
  baseExpect(stripe.refunds.filter((refund) => refund.payment_intent === intent).map((refund) => refund.amount)).toEqual([Math.round(visit.total * 100)]);
});

test('a card visit skipped late before it was paid owes its fee: the card shows it with Pay now, and paying it on Stripe leaves nothing due and nothing refunded', async ({ page }, testInfo) => {
  // Issue 33 row 1, decision 070: money owed is collected like any balance, Pay now by card.
  const api = await signedIn(page, `feeowed-${testInfo.project.name}`);
  const { order } = await weeklyCardSeries(api, ukDateIn(5), '12:00');
  // Not paid, and now 20 hours away (as time passing would make it): a skip costs the late fee.
  await server.db.query(`UPDATE orders SET due_at = now() + interval '20 hours' WHERE id = $1`, [order.id]);
  const visit = (await ok(api.GET('/services/series'))).find((one) => one.visits[0]!.id === order.id)!.visits[0]!;
  const fee = Math.round(visit.total * 30);
  const feeText = `£${(fee / 100).toFixed(2)}`;

  await page.goto(`${server.baseUrl}/profile-services`);
  await settled(page);
  const card = orderCard(page, visit.id);
  await card.getByRole('button', { name: /^Skip the visit/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Skip the visit' }).click();
  await expectToast(page, `Visit skipped: a ${feeText} late fee is due, by card with Pay now on My orders`);
  await expect(card).toContainText(`A late fee of ${feeText} is due: Pay now pays it by card. Undo takes it away.`);
  await expect(card).toContainText(`Balance due ${feeText}`);
  await expectNoAxeViolations(page, 'My orders with a late fee owed on a card visit');
  await card.getByRole('button', { name: /^Pay now for / }).click();

  // Stripe is asked for the fee alone, and paid.
  await expect.poll(() => [...stripe.sessions.values()].filter((s) => s.client_reference_id === String(visit.id) && s.amount_total === fee).length).toBe(1);
  const session = [...stripe.sessions.values()].find((s) => s.client_reference_id === String(visit.id) && s.amount_total === fee)!;
  // A customer pays on the page the shop answers with, once it has named the payment (it asks Stripe
  // first): paid before that, it is a payment nobody asked for, and refunded (decision 071).
  await expect.poll(async () => (await server.db.query<{ ref: string | null }>('SELECT balance_payment_ref AS ref FROM orders WHERE id = $1', [visit.id]))[0]!.ref).toBe(session.id);
  baseExpect((await stripe.pay(session.id)).status).toBe(200);
  await page.goto(`${server.baseUrl}/profile-services`);
  await settled(page);
  await expect(card).not.toContainText('Balance due');
  await expect(card.getByRole('button', { name: /^Pay now for / })).toHaveCount(0);
  baseExpect(stripe.refunds.filter((refund) => refund.payment_intent === session.payment_intent)).toEqual([]);
});
