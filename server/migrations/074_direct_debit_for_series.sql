-- Direct Debit for series (issue 38 part 1, docs/decisions/093-direct-debit-for-series.md).
-- A series may be paid by Direct Debit: the customer sets up a mandate on GoCardless's hosted page
-- (a Billing Request Flow) and each visit is collected after it is done.
ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_payment_method_check;
ALTER TABLE orders ADD CONSTRAINT orders_payment_method_check CHECK (payment_method IN ('cash', 'card', 'direct_debit'));

-- The series' mandate: the billing request that asks for it, then the mandate it gave (MD…), and
-- when it stopped (cancelled, failed or expired at the bank). Only GoCardless's references.
ALTER TABLE booking_series ADD COLUMN dd_billing_request text CHECK (dd_billing_request IS NULL OR dd_billing_request ~ '^BRQ[A-Za-z0-9]+$');
ALTER TABLE booking_series ADD COLUMN dd_mandate text CHECK (dd_mandate IS NULL OR dd_mandate ~ '^MD[A-Za-z0-9]+$');
ALTER TABLE booking_series ADD COLUMN dd_mandate_at timestamptz;
ALTER TABLE booking_series ADD COLUMN dd_mandate_ended_at timestamptz;

-- One GoCardless payment per collection of a visit: its status as last told by a webhook (events
-- older than the last one applied change nothing) and how often it failed (retried once).
CREATE TABLE direct_debit_payments (
  id text PRIMARY KEY CHECK (id ~ '^PM[A-Za-z0-9]+$'),
  order_id integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  amount integer NOT NULL CHECK (amount > 0),
  status text NOT NULL,
  failures integer NOT NULL DEFAULT 0,
  last_event_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX direct_debit_payments_order_idx ON direct_debit_payments (order_id);

-- Every Direct Debit act is in the order's history as 'order.direct_debit' (to: what happened and
-- the amount). The list keeps every earlier action (068_job_length_in_history.sql); another
-- migration that rewrites this check at the same time must list 'order.direct_debit' too.
ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check
  CHECK (action IN ('order.status', 'refund.status', 'order.checkout', 'order.refund_request', 'order.paid', 'order.reschedule',
                    'order.team', 'order.moved', 'order.skip', 'order.skip_undone', 'order.balance_paid', 'order.adjustment',
                    'order.office_booking', 'order.job_edit', 'order.late_payment', 'job.on_my_way', 'job.check_in', 'job.check_out',
                    'order.length', 'order.direct_debit'));
