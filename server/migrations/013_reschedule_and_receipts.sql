-- Bookings customers manage (issue 14 section 3; docs/decisions/018): rescheduling, the reminder
-- mail 24 hours before the job, and VAT invoices with gap-free numbers.

-- A reschedule is written in the order's history like any other change.
ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check
  CHECK (action IN ('order.status', 'refund.status', 'order.checkout', 'order.refund_request', 'order.paid', 'order.reschedule'));

-- Rescheduling fees added to the order's total (30% within 24 hours of the job), kept apart so the
-- fee of a later reschedule is taken on the job's own price, not on earlier fees.
ALTER TABLE orders ADD COLUMN reschedule_fees numeric(10, 2) NOT NULL DEFAULT 0 CHECK (reschedule_fees >= 0);

-- One reminder per order and job time: the row is claimed in the same transaction that writes the
-- mail into the outbox, so two instances (or a restart mid-run) never send it twice; a rescheduled
-- job has a new time, hence a new reminder.
CREATE TABLE order_reminders (
  order_id integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  due_at   timestamptz NOT NULL,
  sent_at  timestamptz NOT NULL,
  PRIMARY KEY (order_id, due_at)
);

-- VAT invoice numbers: one counter row, incremented in the transaction that issues the invoice, so
-- numbers are sequential and gap-free (a rolled-back issue gives its number back) and concurrent
-- issues queue on the row lock.
CREATE TABLE invoice_counter (
  id   boolean PRIMARY KEY DEFAULT true CHECK (id),
  last integer NOT NULL DEFAULT 0 CHECK (last >= 0)
);
INSERT INTO invoice_counter DEFAULT VALUES;

-- An issued invoice never changes: the amounts and the customer are copied, and it outlives the
-- order (an erased customer's invoice is still kept for the tax records).
CREATE TABLE invoices (
  number        integer PRIMARY KEY CHECK (number > 0),
  order_id      integer UNIQUE REFERENCES orders (id) ON DELETE SET NULL,
  issued_at     timestamptz NOT NULL,
  customer_name text NOT NULL,
  gross         numeric(10, 2) NOT NULL CHECK (gross >= 0),
  vat           numeric(10, 2) NOT NULL CHECK (vat >= 0),
  net           numeric(10, 2) NOT NULL CHECK (net >= 0),
  CHECK (net + vat = gross)
);
