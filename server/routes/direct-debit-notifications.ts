import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { applyDirectDebitWebhook, completeMandate, DIRECT_DEBIT_RETURN_PATH } from '../services/direct-debit';
import { MY_ORDERS_PATH } from '../mails/order-parts';

/** Where GoCardless posts its webhooks (decision 093): outside /api, in GoCardless's own shape. */
export const DIRECT_DEBIT_WEBHOOK_PATH = '/payments/gocardless/webhooks';
const MAX_WEBHOOK_BYTES = 256 * 1024;

/**
 * GoCardless's webhooks (the raw body: the signature covers the exact bytes) and the hosted page's
 * way back (the browser, after the mandate is set up: kept, then on to My orders). Not part of
 * openapi/ (the shapes are GoCardless's and a browser redirect); documented in decision 093.
 */
export async function registerDirectDebit(app: FastifyInstance, ctx: AppContext): Promise<void> {
  if (!ctx.directDebit) return;
  const deps = () => ({ db: ctx.db, directDebit: ctx.directDebit, outbox: ctx.outbox, now: ctx.now(), office: ctx.config.adminEmail });
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: MAX_WEBHOOK_BYTES }, (_request, body, done) => done(null, body));
    scope.post(DIRECT_DEBIT_WEBHOOK_PATH, async (request) => {
      const signature = request.headers['webhook-signature'];
      return applyDirectDebitWebhook(deps(), typeof request.body === 'string' ? request.body : '', typeof signature === 'string' ? signature : undefined);
    });
  });
  app.get<{ Params: { series: string } }>(`${DIRECT_DEBIT_RETURN_PATH}/:series`, async (request, reply) => {
    const seriesId = Number(request.params.series);
    if (!Number.isInteger(seriesId) || seriesId < 1 || seriesId > 2147483647) return reply.code(404).send({ message: 'Series not found' });
    let set = false;
    try {
      set = await completeMandate(deps(), seriesId);
    } catch {
      // Told later by GoCardless's webhook or the next visit's collection; the customer is not stopped.
    }
    return reply.redirect(`${MY_ORDERS_PATH}?direct_debit=${set ? 'set_up' : 'pending'}`, 303);
  });
}
