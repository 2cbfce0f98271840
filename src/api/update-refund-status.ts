import { fromPromise } from 'xstate';
import type { RefundRequest, RefundStatusUpdate } from '../../openapi/schema';
import { api } from './client';
import { unwrap } from './errors';


/** PUT /admin/refund/status: accept or reject a refund; a stale `version` answers 409. */
export function updateRefundStatus(body: RefundStatusUpdate, signal?: AbortSignal): Promise<RefundRequest> {
  return unwrap(api.PUT('/admin/refund/status', { body, signal }));
}

/** The `updateRefundStatus` actor the refund-update machine invokes. */
export const updateRefundStatusActor = fromPromise<RefundRequest, RefundStatusUpdate>(({ input, signal }) =>
  updateRefundStatus(input, signal),
);
