-- Orders, their items, refund requests, the audit trail, checkout idempotency keys and the
-- test payment provider's sessions. Money is numeric(10,2): pence-exact, never floating point.
-- Times are written by the application from its clock (ctx.now) so tests can fix "now".

CREATE TABLE orders (
  id             serial PRIMARY KEY,
  user_id        integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  service_id     integer NOT NULL REFERENCES services (id),
  status         text NOT NULL DEFAULT 'awaiting_validation'
                 CHECK (status IN ('awaiting_validation', 'payment_validated', 'completed', 'cancelled')),
  total          numeric(10, 2) NOT NULL CHECK (total >= 0),
  payment_method text CHECK (payment_method IN ('cash', 'card')),
  -- The job's start (Europe/London local date and time, stored as an instant); null before checkout.
  due_at         timestamptz,
  address        text,
  phone          text,
  city           text,
  code_postal    text,
  client_note    text,
  checked_out_at timestamptz,
  -- The card payment session the order was checked out with (test provider or a real one).
  payment_ref    text,
  completed_at   timestamptz,
  created_at     timestamptz NOT NULL,
  -- Optimistic concurrency: bumped on every change, compared by admin updates.
  version        integer NOT NULL DEFAULT 0
);
CREATE INDEX orders_user_id_idx ON orders (user_id, created_at DESC);
CREATE INDEX orders_created_at_idx ON orders (created_at DESC);

-- Name and unit price are copied from service_items so later price changes leave orders intact.
CREATE TABLE order_items (
  order_id    integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  item_id     integer NOT NULL REFERENCES service_items (id),
  name        text NOT NULL,
  unit_price  numeric(10, 2) NOT NULL CHECK (unit_price >= 0),
  quantity    integer NOT NULL CHECK (quantity BETWEEN 1 AND 100),
  total_price numeric(10, 2) NOT NULL CHECK (total_price >= 0),
  PRIMARY KEY (order_id, item_id)
);

-- One cancellation (refund) request per order.
CREATE TABLE refund_requests (
  order_id        integer PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
  reason          text NOT NULL,
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'rejected')),
  fee             numeric(10, 2) NOT NULL CHECK (fee >= 0),
  -- total - fee, set when accepted; what the dashboard's Total Refound adds up.
  refunded_amount numeric(10, 2),
  requested_at    timestamptz NOT NULL,
  decided_at      timestamptz,
  decided_by      integer REFERENCES users (id) ON DELETE SET NULL,
  version         integer NOT NULL DEFAULT 0
);

CREATE TABLE audit_log (
  id         serial PRIMARY KEY,
  order_id   integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  actor_id   integer REFERENCES users (id) ON DELETE SET NULL,
  -- Name at the time of the action, so the trail survives renames and deletions.
  actor      text NOT NULL,
  action     text NOT NULL
             CHECK (action IN ('order.status', 'refund.status', 'order.checkout', 'order.refund_request', 'order.paid')),
  from_value text,
  to_value   text NOT NULL,
  at         timestamptz NOT NULL
);
CREATE INDEX audit_log_order_id_idx ON audit_log (order_id, id);

-- A checkout's Idempotency-Key, claimed in the same transaction as the order change.
CREATE TABLE idempotency_keys (
  user_id      integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key          text NOT NULL,
  request_hash text NOT NULL,
  response     jsonb NOT NULL,
  created_at   timestamptz NOT NULL,
  PRIMARY KEY (user_id, key)
);

-- The test payment provider's sessions (a real provider keeps these on its side).
CREATE TABLE payment_sessions (
  id          text PRIMARY KEY,
  order_id    integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  amount      numeric(10, 2) NOT NULL CHECK (amount >= 0),
  description text NOT NULL,
  email       text NOT NULL,
  status      text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paid')),
  created_at  timestamptz NOT NULL,
  paid_at     timestamptz
);
