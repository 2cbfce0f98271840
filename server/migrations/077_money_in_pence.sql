-- Money in one unit, whole pence, from the database up (issue 35 part 2, decision 102). Every
-- amount column was numeric pounds (numeric(10,2); running sums numeric(14,2) and numeric(16,2))
-- beside the ledger's integer pence (030), so the code converted between them at every read and
-- write. Each becomes integer pence, exactly: round(x * 100) of a value with at most two decimals
-- is x * 100 (tests/api/money-in-pence.test.ts reads every amount before and after). Amounts are
-- `integer` (up to £21,474,836.47); the running sums of many orders or documents are `bigint`.
-- Percentages (vat_percent, discount_percent) are not money and stay numeric(5,2).
--
-- The triggers that keep sums (order_counters_apply 006/060/073, revenue_days_apply and
-- revenue_days_clear 066) add and negate the columns they read and name no unit: they sum pence now,
-- unchanged. The ledger's trigger (030) already copies pence. A default that was pounds is set again
-- in pence (a changed type would cast 11.50 to 12). Each table is rewritten once, its CHECKs
-- (refund_amount <= amount) tested after all its columns changed.
ALTER TABLE service_items
  ALTER COLUMN price TYPE integer USING round(price * 100)::integer;

ALTER TABLE price_extras
  ALTER COLUMN price TYPE integer USING round(price * 100)::integer;

ALTER TABLE pricing_settings
  ALTER COLUMN congestion_charge DROP DEFAULT,
  ALTER COLUMN congestion_charge TYPE integer USING round(congestion_charge * 100)::integer,
  ALTER COLUMN congestion_charge SET DEFAULT 1150;

ALTER TABLE orders
  ALTER COLUMN reschedule_fees DROP DEFAULT,
  ALTER COLUMN total TYPE integer USING round(total * 100)::integer,
  ALTER COLUMN vat TYPE integer USING round(vat * 100)::integer,
  ALTER COLUMN paid_amount TYPE integer USING round(paid_amount * 100)::integer,
  ALTER COLUMN reschedule_fees TYPE integer USING round(reschedule_fees * 100)::integer,
  ALTER COLUMN reschedule_fees SET DEFAULT 0;

ALTER TABLE order_items
  ALTER COLUMN unit_price TYPE integer USING round(unit_price * 100)::integer,
  ALTER COLUMN total_price TYPE integer USING round(total_price * 100)::integer;

ALTER TABLE refund_requests
  ALTER COLUMN fee TYPE integer USING round(fee * 100)::integer,
  ALTER COLUMN refunded_amount TYPE integer USING round(refunded_amount * 100)::integer,
  ALTER COLUMN refund_due TYPE integer USING round(refund_due * 100)::integer;

ALTER TABLE payment_sessions
  ALTER COLUMN refunded_amount DROP DEFAULT,
  ALTER COLUMN amount TYPE integer USING round(amount * 100)::integer,
  ALTER COLUMN refunded_amount TYPE integer USING round(refunded_amount * 100)::integer,
  ALTER COLUMN refunded_amount SET DEFAULT 0;

ALTER TABLE payment_session_refunds
  ALTER COLUMN amount TYPE integer USING round(amount * 100)::integer;

ALTER TABLE quotes
  ALTER COLUMN total TYPE integer USING round(total * 100)::integer,
  ALTER COLUMN vat TYPE integer USING round(vat * 100)::integer;

ALTER TABLE invoices
  ALTER COLUMN gross TYPE integer USING round(gross * 100)::integer,
  ALTER COLUMN vat TYPE integer USING round(vat * 100)::integer,
  ALTER COLUMN net TYPE integer USING round(net * 100)::integer;

ALTER TABLE credit_notes
  ALTER COLUMN gross TYPE integer USING round(gross * 100)::integer,
  ALTER COLUMN vat TYPE integer USING round(vat * 100)::integer,
  ALTER COLUMN net TYPE integer USING round(net * 100)::integer;

ALTER TABLE late_payments
  ALTER COLUMN amount TYPE integer USING round(amount * 100)::integer,
  ALTER COLUMN refund_amount TYPE integer USING round(refund_amount * 100)::integer;

-- Running sums: bigint.
ALTER TABLE order_counters
  ALTER COLUMN total DROP DEFAULT,
  ALTER COLUMN total TYPE bigint USING round(total * 100)::bigint,
  ALTER COLUMN total SET DEFAULT 0;

ALTER TABLE revenue_days
  ALTER COLUMN net DROP DEFAULT,
  ALTER COLUMN vat DROP DEFAULT,
  ALTER COLUMN gross DROP DEFAULT,
  ALTER COLUMN net TYPE bigint USING round(net * 100)::bigint,
  ALTER COLUMN vat TYPE bigint USING round(vat * 100)::bigint,
  ALTER COLUMN gross TYPE bigint USING round(gross * 100)::bigint,
  ALTER COLUMN net SET DEFAULT 0,
  ALTER COLUMN vat SET DEFAULT 0,
  ALTER COLUMN gross SET DEFAULT 0;
