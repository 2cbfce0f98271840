-- Office bookings (issue 26 item 1, decision 047): the history says which member of staff booked an
-- order for a phone caller. The list keeps every earlier action (030_order_ledger.sql); another
-- migration that rewrites this check at the same time must list this one too.
ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check
  CHECK (action IN ('order.status', 'refund.status', 'order.checkout', 'order.refund_request', 'order.paid', 'order.reschedule',
                    'order.team', 'order.moved', 'order.skip', 'order.skip_undone', 'order.balance_paid', 'order.adjustment',
                    'order.office_booking'));
