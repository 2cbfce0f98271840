import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inDaysAtTen, adminOrderRow, catalogue, checkout, checkoutBody, myOrder, orderNameOf, pence, placeOrder, stats, type Catalogue } from './booking-fixtures';
import { startTestServer, type TestCustomer, type TestServer } from './support/test-server';

let server: TestServer;
let jane: TestCustomer;
let house: Catalogue;

const inAWeek = () => inDaysAtTen(7);
const gbp = (amount: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(amount);

/** A card checkout; answers the order and its payment page's path on this test server. */
async function cardOrder() {
  const order = await placeOrder(server, jane.token, house, [2, 1]);
  const { data } = await checkout(server, jane.token, checkoutBody(order.id, inAWeek(), 'card'));
  expect(data?.shippingInfo).toMatch(/^\/test-payments\/[A-Za-z0-9_-]{16,}$/);
  return { order, page: data!.shippingInfo! };
}

/** The browser's request: a page GET, or a form POST with its empty urlencoded body; redirects not followed. */
const browse = (path: string, method: 'GET' | 'POST' = 'GET') =>
  fetch(`${server.baseUrl}${path}`, {
    method,
    redirect: 'manual',
    ...(method === 'POST' ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' } : {}),
  });

beforeAll(async () => {
  server = await startTestServer();
  jane = await server.createCustomer({ name: 'Jane Pays' });
  house = await catalogue(server, jane.token);
});
afterAll(async () => server?.close());

describe('the test payment page (card checkout)', () => {
  it('shows the merchant, the amount and the order, with Pay and Cancel buttons, in test mode', async () => {
    const { order, page } = await cardOrder();
    const response = await browse(page);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
    const html = await response.text();
    expect(html).toContain('<h1 id="title">Test payment</h1>');
    expect(html).toContain('TEST MODE');
    expect(html).toContain('no real card is charged');
    expect(html).toContain('Sparkle Cleaning');
    // The order as its customer knows it (decision 073): its reference, never its id.
    const [{ reference }] = await server.db.query<{ reference: number }>('SELECT reference FROM orders WHERE id = $1', [order.id]) as [{ reference: number }];
    expect(html).toContain(`order #${reference}`);
    expect(html).toContain(`<button class="pay" type="submit">Pay ${gbp(order.total)}</button>`);
    expect(html).toContain('<button class="cancel" type="submit">Cancel</button>');
    expect(html).not.toMatch(/<script|\son\w+=|style="/i);
    const css = await browse('/test-payments/assets/page.css');
    expect(css.headers.get('content-type')).toContain('text/css');
  });

  it('Pay marks the order paid once (through the signed notification), records it, mails a receipt, and returns the browser to /success', async () => {
    const { order, page } = await cardOrder();
    const admin = await server.adminToken();
    const before = await stats(server, admin);

    const paid = await browse(`${page}/pay`, 'POST');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`/success?order=${order.id}`);
    const receipt = await server.latestMail(jane.email);
    expect(receipt?.subject).toBe(`Payment received: ${gbp(order.total)} for ${await orderNameOf(server, jane.token, order.id)}`);
    expect((await myOrder(server, jane.token, order.id)).status).toBe('payment_validated');
    expect(pence((await stats(server, admin)).revenue) - pence(before.revenue)).toBe(pence(order.total));

    const { data: detail } = await server.api.GET('/admin/order/{id}', { params: { path: { id: order.id } }, headers: server.bearer(admin) });
    expect(detail?.history.at(-1)).toMatchObject({ actor: 'Test payment provider', action: 'order.paid', from: 'awaiting_validation', to: 'payment_validated' });
    const version = (await adminOrderRow(server, admin, order.id)).version;

    // A used session is gone: no second payment, the page says so.
    const again = await browse(`${page}/pay`, 'POST');
    expect(again.status).toBe(404);
    expect(await again.text()).toContain('Payment not found');
    expect((await browse(page)).status).toBe(404);
    expect((await adminOrderRow(server, admin, order.id)).version).toBe(version);
  });

  it('Cancel returns the browser to that order on /profile-services, still awaiting payment', async () => {
    const { order, page } = await cardOrder();
    const cancelled = await browse(`${page}/cancel`, 'POST');
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe(`/profile-services?payment=cancelled&order=${order.id}#order-${order.id}`);
    expect(await myOrder(server, jane.token, order.id)).toMatchObject({
      status: 'awaiting_validation',
      payment: { method: 'card', status: 'awaiting_payment', payable: true, balanceDue: order.total },
    });
    // The customer can come back and pay later.
    expect((await browse(page)).status).toBe(200);
  });

  it('answers a 404 page for an unknown payment, and for an order no longer awaiting payment', async () => {
    for (const path of ['/test-payments/no-such-payment', '/test-payments/no-such-payment/pay']) {
      const response = await browse(path, path.endsWith('/pay') ? 'POST' : 'GET');
      expect(response.status).toBe(404);
      expect(await response.text()).toContain('Payment not found');
    }
    const { order, page } = await cardOrder();
    const admin = await server.adminToken();
    await server.api.PUT('/admin/order/update/{status}/{id}', {
      params: { path: { status: 'cancelled', id: order.id } },
      body: { status: 'cancelled' },
      headers: server.bearer(admin),
    });
    expect((await browse(`${page}/pay`, 'POST')).status).toBe(404);
    expect((await myOrder(server, jane.token, order.id)).status).toBe('cancelled');
  });
});
