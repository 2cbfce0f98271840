-- Payments through a provider (issue 12 rows 1, 12, 13; decision 008).
-- The shop records what the provider's signed notification said: paid_amount and paid_at. Only a
-- paid order refunds money, and refunded_amount is what the provider actually gave back.
ALTER TABLE orders ADD COLUMN paid_amount numeric(10, 2) CHECK (paid_amount >= 0);
ALTER TABLE orders ADD COLUMN paid_at timestamptz;

-- What accepting a refund owes (total less the fee, or 0 when nothing was paid), and the provider's
-- reference once it has refunded. refunded_amount (Total Refound) is set only when the money moved.
ALTER TABLE refund_requests ADD COLUMN refund_due numeric(10, 2) CHECK (refund_due >= 0);
ALTER TABLE refund_requests ADD COLUMN provider_refund_ref text;

-- The test provider's own bookkeeping: one session per idempotency key (one payment per order),
-- and what was refunded on it.
ALTER TABLE payment_sessions ADD COLUMN idempotency_key text;
ALTER TABLE payment_sessions ADD COLUMN refunded_amount numeric(10, 2) NOT NULL DEFAULT 0;
ALTER TABLE payment_sessions ADD COLUMN refund_key text;
CREATE UNIQUE INDEX payment_sessions_idempotency_key_idx ON payment_sessions (idempotency_key);

-- Earlier data: a card order the provider marked paid (audit 'order.paid') was paid its total.
UPDATE orders o SET paid_amount = o.total, paid_at = a.at
  FROM audit_log a
 WHERE a.order_id = o.id AND a.action = 'order.paid';
-- Earlier accepted refunds of orders never paid gave nothing back.
UPDATE refund_requests r SET refund_due = 0, refunded_amount = 0
  FROM orders o
 WHERE r.order_id = o.id AND r.status = 'accepted' AND o.paid_amount IS NULL;
UPDATE refund_requests SET refund_due = refunded_amount WHERE status = 'accepted' AND refund_due IS NULL;
