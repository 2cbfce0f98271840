-- A cleaner's On my way, check in and check out are in the order's history (issue 33 row 8, decision 073).
-- The list keeps every earlier action (049_job_edits.sql); another migration that rewrites this check
-- at the same time must list these too (065's order.late_payment is kept).
ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check
  CHECK (action IN ('order.status', 'refund.status', 'order.checkout', 'order.refund_request', 'order.paid', 'order.reschedule',
                    'order.team', 'order.moved', 'order.skip', 'order.skip_undone', 'order.balance_paid', 'order.adjustment',
                    'order.office_booking', 'order.job_edit', 'order.late_payment', 'job.on_my_way', 'job.check_in', 'job.check_out'));
