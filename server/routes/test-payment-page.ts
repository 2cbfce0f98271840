import type { PayableSession } from '../services/test-payment-provider';
import { formatPounds } from '../../domain/money/money';

export const MERCHANT = 'Sparkle Cleaning';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/test-payments/assets/page.css">
</head>
<body>
<header><p class="test-banner"><strong>TEST MODE</strong>: no real card is charged.</p></header>
<main>
${body}
</main>
</body>
</html>`;
}

/** The provider's checkout page for one payment: amount, merchant, order, Pay and Cancel. */
export function paymentPage(session: PayableSession): string {
  const amount = formatPounds(session.amount);
  const base = `/test-payments/${encodeURIComponent(session.id)}`;
  return layout(
    `Test payment: ${amount} to ${MERCHANT}`,
    `<section class="card" aria-labelledby="title">
  <p class="provider">Test payment provider</p>
  <h1 id="title">Test payment</h1>
  <p class="merchant">Pay <strong>${escapeHtml(MERCHANT)}</strong></p>
  <p class="amount" aria-label="Amount to pay: ${amount}">${amount}</p>
  <dl>
    <dt>For</dt><dd>${escapeHtml(session.description)}</dd>
    <dt>Email</dt><dd>${escapeHtml(session.email)}</dd>
  </dl>
  <p class="test-card">This is the provider's test mode: pressing Pay simulates a successful card payment. No card details are asked for and no money moves.</p>
  <div class="actions">
    <form method="post" action="${base}/pay"><button class="pay" type="submit">Pay ${amount}</button></form>
    <form method="post" action="${base}/cancel"><button class="cancel" type="submit">Cancel</button></form>
  </div>
</section>
<p class="footnote">Cancel returns you to ${escapeHtml(MERCHANT)}; your order keeps waiting for payment.</p>`,
  );
}

/** Unknown, already paid or no longer payable sessions. */
export function paymentNotFoundPage(backUrl: string): string {
  return layout(
    'Payment not found',
    `<section class="card" aria-labelledby="title">
  <p class="provider">Test payment provider</p>
  <h1 id="title">Payment not found</h1>
  <p>This payment does not exist, was already made, or its order no longer awaits payment.</p>
  <p><a href="${escapeHtml(backUrl)}">Back to my orders</a></p>
</section>`,
  );
}

/** The shop did not accept the provider's notification: the card was "charged" but the order is not paid. */
export function paymentNotAcceptedPage(backUrl: string): string {
  return layout(
    'Payment not accepted by the shop',
    `<section class="card" aria-labelledby="title">
  <p class="provider">Test payment provider</p>
  <h1 id="title">Payment not accepted by the shop</h1>
  <p>The payment was made, but ${escapeHtml(MERCHANT)} did not accept its confirmation. Please contact us with your order number.</p>
  <p><a href="${escapeHtml(backUrl)}">Back to my orders</a></p>
</section>`,
  );
}
