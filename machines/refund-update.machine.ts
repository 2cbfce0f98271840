import type { RefundRequest, RefundStatus, RefundStatusUpdate } from '../openapi/schema';
import { createAdminUpdateMachine, type AdminUpdateContext, type AdminUpdateEvent, type AdminUpdateInput } from './admin-update.machine';

/**
 * One refund request row of the back office (R-ADMIN-5 /refund-orders): the administrator
 * picks accepted or rejected, then Update sends it with the row's `version` (the shape every admin
 * row update has: machines/admin-update.machine.ts). A 409 means the request was decided or
 * changed by someone else. The screen provides `notifyUpdated`, `rowSaved` and `reloadRefunds`.
 */
type RefundDecision = RefundStatusUpdate['status'];

export type RefundUpdateInput = AdminUpdateInput<RefundStatus>;
export type RefundUpdateContext = AdminUpdateContext<RefundStatus, RefundDecision>;
export type RefundUpdateEvent = AdminUpdateEvent<'refund', RefundStatus, RefundDecision>;

export const refundUpdateMachine = createAdminUpdateMachine({
  types: {} as {
    status: RefundStatus;
    choice: RefundDecision;
    call: RefundStatusUpdate;
    saved: RefundRequest;
  },
  id: 'refundUpdate',
  events: 'refund',
  actor: 'updateRefundStatus',
  reload: 'reloadRefunds',
  // Update is possible only with a decision chosen; 'accepted' only types the impossible case.
  // Stryker disable next-line StringLiteral: unreachable, Update needs a chosen decision
  call: (context) => ({ order: context.orderId, status: context.chosen ?? 'accepted', version: context.version }),
});
