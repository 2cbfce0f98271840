-- Money received is never refused (issue 33 row 2, docs/decisions/071): a card payment the provider
-- completed for an order that no longer awaited it (cancelled meanwhile, or paid on a page a newer
-- one replaced) is recorded in the order's ledger and given back at once through the provider. One
-- row per provider payment: what came in, what is to be given back, and the refund once made (a
-- row still without one is retried); the back office reads it to tell the office.
CREATE TABLE late_payments (
  payment_ref   text PRIMARY KEY,
  order_id      integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  reason        text NOT NULL CHECK (reason IN ('cancelled', 'replaced')),
  amount        numeric(10, 2) NOT NULL CHECK (amount > 0),
  refund_amount numeric(10, 2) NOT NULL CHECK (refund_amount >= 0 AND refund_amount <= amount),
  received_at   timestamptz NOT NULL,
  refund_ref    text,
  refunded_at   timestamptz
);
CREATE INDEX late_payments_order_idx ON late_payments (order_id);
CREATE INDEX late_payments_unrefunded_idx ON late_payments (received_at) WHERE refund_ref IS NULL AND refund_amount > 0;

-- The history names it: 'order.late_payment' (to: what came in and why, then what was given back).
-- Added to the list as it stands, whatever other migrations added to it before this one.
DO $$
DECLARE def text;
BEGIN
  SELECT pg_get_constraintdef(oid) INTO def FROM pg_constraint WHERE conname = 'audit_log_action_check';
  IF position('order.late_payment' IN def) = 0 THEN
    ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
    EXECUTE 'ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check '
      || replace(def, 'ARRAY[', 'ARRAY[''order.late_payment''::text, ');
  END IF;
END $$;
