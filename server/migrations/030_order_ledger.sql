-- One ledger per order (issue 23 item 1, decision 036): an order's money is the list of its lines,
-- each in integer pence with the VAT rate in force when it was added. Charges (items, options,
-- extras, the Congestion Charge, the frequency discount, fees, staff adjustments) carry a rate and
-- are VAT inclusive, signed (a discount or a credit is negative); payments and refunds are money
-- that moved (positive), carry no rate and name the provider's reference. Totals, VAT per rate, paid,
-- refunded and balance due are computed from these lines in one place (services/ledger.ts).
-- Lines are appended, never changed: a correction is a new line. They go with their order (a draft
-- that expires), so DELETE is left to the order's cascade.
CREATE TABLE order_ledger (
  id          bigserial PRIMARY KEY,
  order_id    integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  kind        text NOT NULL CHECK (kind IN ('item', 'option', 'extra', 'congestion', 'discount', 'fee', 'adjustment', 'payment', 'refund')),
  name        text NOT NULL,
  quantity    integer CHECK (quantity > 0),
  unit_price  integer,
  amount      integer NOT NULL,
  vat_percent numeric(5, 2) CHECK (vat_percent >= 0),
  reason      text,
  reference   text,
  actor_id    integer,
  actor       text NOT NULL,
  created_at  timestamptz NOT NULL,
  -- Money that moved has no rate and is positive; a charge has a rate.
  CHECK ((kind IN ('payment', 'refund')) = (vat_percent IS NULL)),
  CHECK (kind NOT IN ('payment', 'refund') OR amount > 0),
  -- A staff adjustment says why.
  CHECK (kind <> 'adjustment' OR (reason IS NOT NULL AND actor_id IS NOT NULL))
);
CREATE INDEX order_ledger_order_idx ON order_ledger (order_id, id);
-- A provider's payment or refund is recorded once, however often its notification arrives.
CREATE UNIQUE INDEX order_ledger_money_once ON order_ledger (order_id, kind, reference) WHERE reference IS NOT NULL;

CREATE FUNCTION order_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'order_ledger lines are never changed: add a correcting line';
END $$;
CREATE TRIGGER order_ledger_no_update BEFORE UPDATE ON order_ledger
  FOR EACH ROW EXECUTE FUNCTION order_ledger_append_only();

-- An order's priced lines become its first ledger lines in the statement that creates the order,
-- whichever path creates it (a draft, a series' visits, the demo data): the checkout keeps its
-- statement budget (decision 033) and no insert can forget them.
CREATE FUNCTION order_ledger_from_price_lines() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_ledger (order_id, kind, name, quantity, unit_price, amount, vat_percent, actor_id, actor, created_at)
  SELECT NEW.id, l.line->>'kind', l.line->>'name', (l.line->>'quantity')::integer, (l.line->>'unitPrice')::integer,
         (l.line->>'amount')::integer, COALESCE((l.line->>'vatPercent')::numeric, 20), NEW.user_id, 'Quote', NEW.created_at
    FROM jsonb_array_elements(COALESCE(NEW.price_lines, '[]'::jsonb)) WITH ORDINALITY AS l(line, n)
   ORDER BY l.n;
  RETURN NULL;
END $$;
CREATE TRIGGER orders_ledger_lines AFTER INSERT ON orders
  FOR EACH ROW EXECUTE FUNCTION order_ledger_from_price_lines();

-- A balance asked for after the first payment (a late fee, a staff adjustment) is paid through its
-- own provider payment; the order names it to recognise its notification (services/balance-collection.ts).
ALTER TABLE orders ADD COLUMN balance_payment_ref text;

-- Backfill: every existing order's lines as order-lines.ts computed them until now.
INSERT INTO order_ledger (order_id, kind, name, quantity, unit_price, amount, vat_percent, actor_id, actor, created_at)
SELECT o.id, l.line->>'kind', l.line->>'name', (l.line->>'quantity')::integer, (l.line->>'unitPrice')::integer,
       (l.line->>'amount')::integer, COALESCE((l.line->>'vatPercent')::numeric, 20), o.user_id, 'Quote', o.created_at
  FROM orders o CROSS JOIN LATERAL jsonb_array_elements(o.price_lines) WITH ORDINALITY AS l(line, n)
 WHERE jsonb_typeof(o.price_lines) = 'array' AND jsonb_array_length(o.price_lines) > 0
 ORDER BY o.id, l.n;
-- Orders priced before their lines were kept (demo history): their items are their price, at the
-- one rate used then (20%).
INSERT INTO order_ledger (order_id, kind, name, quantity, unit_price, amount, vat_percent, actor_id, actor, created_at)
SELECT o.id, 'item', i.name, i.quantity, round(i.unit_price * 100)::integer, round(i.total_price * 100)::integer, 20, o.user_id, 'Quote', o.created_at
  FROM orders o JOIN order_items i ON i.order_id = o.id
 WHERE o.price_lines IS NULL OR jsonb_typeof(o.price_lines) <> 'array' OR jsonb_array_length(o.price_lines) = 0
 ORDER BY o.id, i.item_id;
-- Rescheduling fees, at the rate of the job they moved.
INSERT INTO order_ledger (order_id, kind, name, amount, vat_percent, actor_id, actor, created_at)
SELECT o.id, 'fee', 'Rescheduling fee', round(o.reschedule_fees * 100)::integer,
       COALESCE((SELECT l.vat_percent FROM order_ledger l WHERE l.order_id = o.id ORDER BY l.id LIMIT 1), 20),
       o.user_id, 'Customer', COALESCE(o.checked_out_at, o.created_at)
  FROM orders o WHERE o.reschedule_fees > 0;
-- Card payments the provider confirmed, and refunds it made.
INSERT INTO order_ledger (order_id, kind, name, amount, reference, actor, created_at)
SELECT o.id, 'payment', 'Card payment', round(o.paid_amount * 100)::integer, o.payment_ref, 'Payment provider', COALESCE(o.paid_at, o.created_at)
  FROM orders o WHERE o.paid_amount > 0;
INSERT INTO order_ledger (order_id, kind, name, amount, reference, actor, created_at)
SELECT r.order_id, 'refund', 'Refund', round(r.refunded_amount * 100)::integer, r.provider_refund_ref, 'Payment provider', COALESCE(r.decided_at, r.requested_at)
  FROM refund_requests r WHERE r.status = 'accepted' AND r.refunded_amount > 0;

-- The history says when a balance was paid and when an administrator adjusted a price. The list
-- keeps every earlier action: a migration that rewrites this check lists them all.
ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check
  CHECK (action IN ('order.status', 'refund.status', 'order.checkout', 'order.refund_request', 'order.paid', 'order.reschedule',
                    'order.team', 'order.moved', 'order.skip', 'order.skip_undone', 'order.balance_paid', 'order.adjustment'));
