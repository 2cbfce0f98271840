import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../app-context';
import { findPayableSession, paySession, SIGNATURE_HEADER } from '../services/test-payment-provider';
import { PAYMENT_NOTIFICATIONS_PATH } from './payment-notifications';
import { paymentNotAcceptedPage, paymentNotFoundPage, paymentPage } from './test-payment-page';
import { TEST_PAYMENT_CSS } from './test-payment-styles';

export { createTestPaymentProvider } from '../services/test-payment-provider';

/** Where Cancel returns the browser: My orders, at that order, saying its payment was not completed. */
export const paymentCancelledPath = (orderId: number) => `/profile-services?payment=cancelled&order=${orderId}#order-${orderId}`;

/**
 * The test payment provider's pages, outside /api: plain HTML, forms that POST, no script at all,
 * so a strict Content-Security-Policy applies. Registered only while the test provider is the
 * provider (never in production unless ALLOW_TEST_PAYMENTS=true). Pay acts as the provider would:
 * it marks its session paid and posts a signed notification to the shop's notification endpoint
 * (the same route and check a real provider's notification goes through), then returns the browser
 * to /success. Cancel returns it to My orders, at that order, still awaiting payment. Every
 * redirect is a same-origin path, so it works at whichever address the site was opened.
 */
export async function registerTestPayments(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const csp = [
    "default-src 'none'",
    "style-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

  const html = (reply: FastifyReply, status: number, page: string) =>
    reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .header('x-content-type-options', 'nosniff')
      .send(page);
  const notFoundPage = (reply: FastifyReply) => html(reply, 404, paymentNotFoundPage('/profile-services'));

  await app.register(async (scope) => {
    // Stricter than the site-wide policy (no script at all): set last, so it wins over any app-wide hook.
    scope.addHook('onSend', async (_request, reply, payload) => {
      reply.header('content-security-policy', csp);
      return payload;
    });
    // The buttons post empty forms; their body carries nothing to read.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) => done(null, {}));

    scope.get('/test-payments/assets/page.css', async (_request, reply) =>
      reply.header('content-type', 'text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(TEST_PAYMENT_CSS),
    );

    scope.get<{ Params: { id: string } }>('/test-payments/:id', async (request, reply) => {
      const session = await findPayableSession(ctx.db, request.params.id);
      return session ? html(reply, 200, paymentPage(session)) : notFoundPage(reply);
    });

    scope.post<{ Params: { id: string } }>('/test-payments/:id/pay', async (request, reply) => {
      const notification = await paySession(ctx.db, ctx.config.paymentWebhookSecret, request.params.id, ctx.now());
      if (!notification) return notFoundPage(reply);
      const delivered = await app.inject({
        method: 'POST',
        url: PAYMENT_NOTIFICATIONS_PATH,
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: notification.signature },
        payload: notification.body,
      });
      if (delivered.statusCode >= 300) {
        request.log.error({ status: delivered.statusCode, body: delivered.body }, 'the shop refused the test payment notification');
        return html(reply, 502, paymentNotAcceptedPage(paymentCancelledPath(notification.orderId)));
      }
      return reply.redirect(`/success?order=${notification.orderId}`, 303);
    });

    scope.post<{ Params: { id: string } }>('/test-payments/:id/cancel', async (request, reply) => {
      const session = await findPayableSession(ctx.db, request.params.id);
      return session ? reply.redirect(paymentCancelledPath(session.order_id), 303) : notFoundPage(reply);
    });
  });
}
