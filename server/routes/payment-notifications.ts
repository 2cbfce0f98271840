import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { confirmPayment } from '../services/payments';

/** Where the payment provider posts its notifications (webhooks): outside /api, in its own shape. */
export const PAYMENT_NOTIFICATIONS_PATH = '/payments/notifications';
const MAX_NOTIFICATION_BYTES = 64 * 1024;

/**
 * The provider's signed notification is the only thing that marks an order paid. The body is kept
 * as the raw string, because the signature covers the exact bytes; the provider verifies it.
 * Not part of openapi/ (the shape is the provider's, not ours); documented in decision 008.
 */
export async function registerPaymentNotifications(app: FastifyInstance, ctx: AppContext): Promise<void> {
  if (!ctx.payments) return;
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: MAX_NOTIFICATION_BYTES }, (_request, body, done) => done(null, body));
    scope.post(PAYMENT_NOTIFICATIONS_PATH, async (request) =>
      confirmPayment(
        {
          db: ctx.db,
          payments: ctx.payments,
          outbox: ctx.outbox,
          now: ctx.now(),
        },
        { headers: request.headers, body: typeof request.body === 'string' ? request.body : '' },
      ),
    );
  });
}
