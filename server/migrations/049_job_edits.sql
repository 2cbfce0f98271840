-- Staff edit a booked job's items, time or team (issue 26 item 1, decision 055).
-- The extras and bigger rooms a job has after an edit: before any edit they are read from the
-- order's priced lines (price_lines), which an edit never rewrites (a series copies them).
ALTER TABLE orders ADD COLUMN job_extras jsonb;

-- The history says who edited a job's items, and when. The list keeps every earlier action
-- (041_office_bookings.sql); another migration that rewrites this check at the same time must list this one too.
ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check
  CHECK (action IN ('order.status', 'refund.status', 'order.checkout', 'order.refund_request', 'order.paid', 'order.reschedule',
                    'order.team', 'order.moved', 'order.skip', 'order.skip_undone', 'order.balance_paid', 'order.adjustment',
                    'order.office_booking', 'order.job_edit'));
