-- The schedule board (issue 15 section 1): assigning a job to a team and moving it are written to
-- the order's history like every other change, as two new audit actions. Overlaps are prevented in
-- the service under a lock on the team's row (docs/decisions/019-schedule-board.md), not by a
-- constraint: a job's end depends on its items for orders booked before durations were stored.
-- The list keeps 013's order.reschedule: a migration that rewrites this check lists every action.
ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check
  CHECK (action IN ('order.status', 'refund.status', 'order.checkout', 'order.refund_request', 'order.paid', 'order.reschedule', 'order.team', 'order.moved'));
