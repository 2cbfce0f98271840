import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../app-context';
import { findPayableSession, paySession } from '../services/test-payment-provider';
import { paymentNotFoundPage, paymentPage } from './test-payment-page';
import { TEST_PAYMENT_CSS } from './test-payment-styles';

export { createTestPaymentProvider } from '../services/test-payment-provider';

/**
 * The test payment provider's pages, outside /api: plain HTML, forms that POST, no script at all,
 * so a strict Content-Security-Policy applies. Pay marks the order paid and returns the browser to
 * /success; Cancel returns it to /profile-services with the order still awaiting payment.
 */
export async function registerTestPayments(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const origin = new URL(ctx.config.publicUrl).origin;
  const csp = [
    "default-src 'none'",
    "style-src 'self'",
    `form-action 'self' ${origin}`,
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
  const notFoundPage = (reply: FastifyReply) => html(reply, 404, paymentNotFoundPage(`${ctx.config.publicUrl}/profile-services`));

  await app.register(async (scope) => {
    // Stricter than the site-wide policy (no script at all; forms may also lead to PUBLIC_URL, where
    // Pay and Cancel redirect): set last, so it wins over any header set by an app-wide hook.
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
      const paid = await paySession(ctx.db, request.params.id, ctx.now());
      return paid ? reply.redirect(`${ctx.config.publicUrl}/success`, 303) : notFoundPage(reply);
    });

    scope.post<{ Params: { id: string } }>('/test-payments/:id/cancel', async (request, reply) => {
      const session = await findPayableSession(ctx.db, request.params.id);
      return session ? reply.redirect(`${ctx.config.publicUrl}/profile-services`, 303) : notFoundPage(reply);
    });
  });
}
