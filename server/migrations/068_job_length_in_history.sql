-- Staff set one job's length with a reason (issue 36 row 2, decision 084): the act is in the order's
-- history as 'order.length'. The length itself is orders.duration_minutes (008), which the capacity
-- rule already reads. The list keeps every earlier action (067_job_steps_in_history.sql); another
-- migration that rewrites this check at the same time must list 'order.length' too.
ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check
  CHECK (action IN ('order.status', 'refund.status', 'order.checkout', 'order.refund_request', 'order.paid', 'order.reschedule',
                    'order.team', 'order.moved', 'order.skip', 'order.skip_undone', 'order.balance_paid', 'order.adjustment',
                    'order.office_booking', 'order.job_edit', 'order.late_payment', 'job.on_my_way', 'job.check_in', 'job.check_out',
                    'order.length'));
