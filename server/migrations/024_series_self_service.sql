-- Self-service series (issue 25, docs/decisions/031-series-self-service.md).
-- A visit the customer skipped: cancelled at once (no request for the office), and the status it
-- had, so "Undo" can bring it back as it was while its time is still free.
ALTER TABLE orders ADD COLUMN skipped_at timestamptz;
ALTER TABLE orders ADD COLUMN skipped_from text CHECK (skipped_from IN ('awaiting_validation', 'payment_validated'));
-- The series' calendar entry (.ics): one UID, and this SEQUENCE raised on every change (a skip, an
-- undo, a visit moved, the end), so calendar apps replace the entry they hold.
ALTER TABLE booking_series ADD COLUMN calendar_sequence integer NOT NULL DEFAULT 0 CHECK (calendar_sequence >= 0);
-- A skip and its undo are in the visit's history.
ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check
  CHECK (action IN ('order.status', 'refund.status', 'order.checkout', 'order.refund_request', 'order.paid', 'order.reschedule', 'order.team', 'order.moved',
                    'order.skip', 'order.skip_undone'));
