import type { JobLengthSet, OrderDetail } from '../../openapi/schema';
import type { AuthUser } from '../app-context';
import type { Database } from '../db/database';
import { badRequest, conflict } from '../lib/http-error';
import { auditRepository } from '../repositories/audit';
import { availabilityRepository } from '../repositories/availability-repository';
import { jobEditRepository } from '../repositories/job-edits';
import { orderRepository } from '../repositories/orders';
import { postcodeArea } from '../../domain/capacity/travel-gap';
import { durationLabel, longerJobProblem } from '../../domain/capacity/job-length';
import { londonClock, londonDate } from '../../domain/time/london-time';
import { assertEditable } from './job-edits';
import { getOrder } from './orders-admin';

/**
 * PUT /admin/order/{id}/length (issue 36 row 2, decision 084): staff give one booked job its own
 * length, with a reason. The contract holds the range (30 min to 10 h, 15-minute steps). The order's
 * row is locked, then its UK day with the lock checkouts, reschedules and job edits take, so a
 * longer job is judged against the day as it is: it must still fit its team's day (travel counted)
 * and the company's hours, else 409 with why. A shorter job always fits. The length is written where
 * the capacity rule reads it (orders.duration_minutes) and the history says old, new and why.
 */
export async function setJobLength(deps: { db: Database; now: Date }, admin: AuthUser, orderId: number, body: JobLengthSet): Promise<OrderDetail> {
  const reason = body.reason.trim();
  const { minutes } = body;
  await deps.db.transaction(async (tx) => {
    const order = await orderRepository(tx).find(orderId, { forUpdate: true });
    assertEditable(order);
    const availability = availabilityRepository(tx);
    const job = await availability.orderJob(orderId);
    if (job.minutes === minutes) throw badRequest(`The job is already ${durationLabel(minutes)} long: choose another length`);
    if (minutes > job.minutes) {
      const start = new Date(order.due_at!);
      const date = londonDate(start);
      await availability.lockDay(date);
      const data = await availability.load(date, date);
      const problem = longerJobProblem(data, { date, time: londonClock(start), minutes, area: postcodeArea(job.postcode), movingOrder: orderId }, job.teamId);
      if (problem) throw conflict(problem);
    }
    await jobEditRepository(tx).setLength(orderId, minutes);
    await auditRepository(tx).record({
      orderId, actorId: admin.id, actor: admin.name, at: deps.now,
      action: 'order.length', from: durationLabel(job.minutes), to: `${durationLabel(minutes)}: ${reason}`,
    });
  });
  return getOrder(deps.db, orderId);
}
