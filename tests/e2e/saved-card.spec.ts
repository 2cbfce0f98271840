import type { Page } from '@playwright/test';
import { expectNoAxeViolations, settled } from './support/a11y';
import { expectToast, fillDeliveryDetails, quoteWeeklyToPlaceOrder, weeklyOpenFrom } from './support/booking-ui';
import { expect as baseExpect, test } from './support/fixtures';
import { ownServerForFile } from './support/own-server-for-file';

/**
 * Decision 038 in Chromium (both projects): a Weekly booking by card asks for the consent to save the
 * card, unticked, its words shown before paying, keyboard-operable and axe clean; ticked, the Stripe
 * Checkout Session saves the card; My orders then offers "Remove saved card", which detaches it. The
 * server is the spec's own, its Stripe provider pointed at the local fake Stripe (never the internet).
 */
const expect = baseExpect.configure({ timeout: 15_000 });
const CONSENT = 'Save my card to pay each visit automatically';

const { server, stripe } = ownServerForFile({ stripe: true, teams: 40 });

async function signedIn(page: Page, label: string) {
  return (await server.signUp(page, label)).customer;
}

test('a Weekly booking by card asks for the saved-card consent, unticked; ticked with the keyboard, Stripe saves the card; My orders removes it', async ({ page }, testInfo) => {
  const customer = await signedIn(page, `savedcard-${testInfo.project.name}`);
  await quoteWeeklyToPlaceOrder(page, server.baseUrl);
  // Eight weekly visits clear of the bank holidays (a closed day is passed over: decision 087).
  await fillDeliveryDetails(page, weeklyOpenFrom(4));

  const consent = page.getByRole('checkbox', { name: CONSENT });
  // Cash: nothing to save, nothing asked.
  await expect(consent).toHaveCount(0);
  await page.getByRole('radio', { name: /Pay now/ }).check();
  await expect(consent).not.toBeChecked();
  // The words are on the page before paying: what is charged, when, and how to stop it.
  await expect(page.getByText(/Each later visit is charged to this card up to 48 hours before it\. You can remove the card from My orders at any time/)).toBeVisible();
  await settled(page);
  await expectNoAxeViolations(page, 'place order with the saved-card consent');
  await consent.focus();
  await page.keyboard.press('Space');
  await expect(consent).toBeChecked();
  await page.getByRole('button', { name: 'Pay now' }).click();

  // The session was made to save the card (the SPA itself stops short of the fake's untrusted origin).
  await expect.poll(() => [...stripe.sessions.values()].filter((s) => s.customer_email === customer.email).map((s) => s.mode)).toEqual(['payment']);
  const session = [...stripe.sessions.values()].find((s) => s.customer_email === customer.email)!;
  const request = stripe.requests.find((r) => r.path === '/v1/checkout/sessions' && r.body.client_reference_id === session.client_reference_id)!;
  expect(request.body).toMatchObject({ customer_creation: 'always', payment_intent_data: { setup_future_usage: 'off_session' } });
  expect((await stripe.pay(session.id)).status).toBe(200);

  await page.goto(`${server.baseUrl}/profile-services`);
  await settled(page);
  await expect(page.getByText('Each visit is paid automatically with your saved card.')).toBeVisible();
  // The later visits owe nothing yet: each says when the card pays it, and none reads as a debt (issue 36 row 8, decision 087).
  await expect(page.getByText(/^Nothing to pay now: your saved card will be charged on \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(UK time\)\.$/)).toHaveCount(7);
  await expect(page.getByText('Payment not completed')).toHaveCount(0);
  await expectNoAxeViolations(page, 'My orders with a saved card');
  const remove = page.getByRole('button', { name: /^Remove saved card of Weekly/ });
  await remove.focus();
  await page.keyboard.press('Enter');
  await expectToast(page, 'Saved card removed: each visit now waits for Pay now');
  await expect(remove).toHaveCount(0);
  // Without the card, the later visits are due with Pay now.
  await expect(page.getByText('Payment not completed').first()).toBeVisible();
  const method = stripe.intents.get(stripe.sessions.get(session.id)!.payment_intent!)!.payment_method!;
  expect(stripe.paymentMethods.get(method)!.customer).toBeNull();
});
