import assert from 'node:assert/strict';
import { fromPromise } from 'xstate';
import { cancellationMachine } from '../../../machines/cancellation.machine';
import { has, type ExpectedMachine } from '../expected-walks';
import type { RefundRequestResult } from '../../../openapi/schema';

/**
 * Cancelling one of my orders, written from docs/requirements.md (R-CANCEL-*), not from the
 * machine: the dialog opens only for an order the server says can be cancelled; Send needs a
 * reason that is not blank; the dialog cannot be closed while sending; success closes it and
 * forgets everything; a failure keeps the reason and shows the message with Try again; editing the
 * reason after a failure goes back to the plain form.
 */
const never = <T>() => fromPromise<T, any>(() => new Promise<T>(() => {}));

export const cancellationEvents = {
  open: { type: 'dialog.open', order: { id: 7, cancellation: { allowed: true, fee: 0 } } },
  openRefused: { type: 'dialog.open', order: { id: 8, cancellation: { allowed: false, fee: 0, reason: 'A cancellation was already requested' } } },
  typeReason: { type: 'reason.change', value: 'Moving house earlier' },
  typeBlank: { type: 'reason.change', value: '   ' },
  send: { type: 'reason.send' },
  retry: { type: 'retry' },
  close: { type: 'dialog.close' },
  sent: { type: 'xstate.done.actor.requestRefund', output: { message: 'Order refund sent successfully, we will contact you asap !', fee: 0 } },
  failedToSend: { type: 'xstate.error.actor.requestRefund', error: new Error('Network Error') },
};

const forgotten = (context: any) => assert.deepStrictEqual(context, { orderId: null, fee: 0, reason: '', error: null, canRetry: false });
const hasReason = (context: any) => (context.reason.trim() ? 'sending' : 'open');

export const expectedCancellation: ExpectedMachine = {
  name: 'cancellation',
  machine: cancellationMachine.provide({ actors: { requestRefund: never<RefundRequestResult>() } }),
  events: cancellationEvents,
  initial: { '': 'closed' },
  regions: {
    '': {
      closed: { on: { open: 'open' }, context: forgotten },
      open: {
        on: { typeReason: 'open', typeBlank: 'open', send: hasReason, close: 'closed' },
        context: (c) => has(c, { orderId: 7, fee: 0, error: null }),
      },
      // Neither Close nor typing while the request is in flight.
      sending: {
        on: { sent: 'closed', failedToSend: 'failed' },
        context: (c) => {
          assert.equal(c.orderId, 7);
          assert.notEqual(c.reason.trim(), '');
        },
      },
      failed: {
        on: { retry: 'sending', typeReason: 'open', typeBlank: 'open', close: 'closed' },
        context: (c) => has(c, { orderId: 7, error: 'Network Error', reason: 'Moving house earlier', canRetry: true }),
      },
    },
  },
};
