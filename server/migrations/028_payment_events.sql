-- Decision 034: a payment provider's notification is applied exactly once. Stripe numbers its
-- events and resends one until it is acknowledged (and anyone who captured one can post it again):
-- the event's id is kept in the transaction that applied it, so a repeat finds it and changes nothing.
CREATE TABLE payment_events (
  id text PRIMARY KEY,
  order_id integer REFERENCES orders (id) ON DELETE CASCADE,
  type text NOT NULL,
  received_at timestamptz NOT NULL
);

-- The last failed attempt to pay an order by card (declined, or the bank asked the customer to
-- authenticate): staff see it with the balance due; cleared when the order is paid.
ALTER TABLE orders ADD COLUMN payment_failure text;
ALTER TABLE orders ADD COLUMN payment_failed_at timestamptz;
