import { fromPromise } from 'xstate';
import type { RescheduleCall } from '../../machines/reschedule.machine';
import { api } from './client';
import { unwrap } from './errors';
import type { RescheduleResult } from '../../openapi/schema';

/** POST /services/order/{id}/reschedule: move one of my bookings, agreeing to the fee shown. */
export function rescheduleOrder({ orderId, date, time, fee, move }: RescheduleCall): Promise<RescheduleResult> {
  return unwrap(
    api.POST('/services/order/{id}/reschedule', {
      params: { path: { id: orderId } },
      body: { due_date: date, due_time: time, fee, ...(move ? { move } : {}) },
    }),
  );
}

/** The `rescheduleOrder` actor the reschedule machine invokes (no abort signal, as requestRefund). */
export const rescheduleOrderActor = fromPromise<RescheduleResult, RescheduleCall>(({ input }) => rescheduleOrder(input));
