-- Decision 045: a payment may be refunded more than once (a staff credit, then a cancellation),
-- each refund once per idempotency key, never more in all than was paid. The test provider keeps
-- its refunds here, as a real provider does; payment_sessions.refunded_amount stays their sum.
CREATE TABLE payment_session_refunds (
  idempotency_key text PRIMARY KEY,
  id text NOT NULL UNIQUE,
  session_id text NOT NULL REFERENCES payment_sessions (id) ON DELETE CASCADE,
  amount numeric(10, 2) NOT NULL CHECK (amount > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_session_refunds_session_idx ON payment_session_refunds (session_id);

-- The one refund each payment could have had until now.
INSERT INTO payment_session_refunds (idempotency_key, id, session_id, amount)
SELECT refund_key, 're_' || id, id, refunded_amount FROM payment_sessions
 WHERE refund_key IS NOT NULL AND refunded_amount > 0;
