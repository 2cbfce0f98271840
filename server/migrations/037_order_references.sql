-- Customers' order references without gaps (issue 25 row 10, decision 043). The order id is taken
-- when a draft is made, so drafts never placed left holes in the numbers customers saw. A placed
-- order gets `reference` from one counter row, updated in the transaction that places it (the
-- checkout's write, a series' planned visits, any insert of a placed order): a checkout rolled
-- back takes its number back with it, so the numbers have no gap. By trigger, so no caller can
-- forget it and the checkout keeps its statement budget (033): the counter update runs inside the
-- checkout's own UPDATE. Staff keep the id; customers and their mails see the reference.
ALTER TABLE orders ADD COLUMN reference integer;

CREATE TABLE order_reference_counter (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  last integer NOT NULL
);

-- The orders placed so far, numbered in the order they were placed.
UPDATE orders o SET reference = placed.n
  FROM (SELECT id, row_number() OVER (ORDER BY checked_out_at, id) AS n FROM orders WHERE checked_out_at IS NOT NULL) AS placed
 WHERE o.id = placed.id;
INSERT INTO order_reference_counter (last) SELECT coalesce(max(reference), 0) FROM orders;
CREATE UNIQUE INDEX orders_reference_idx ON orders (reference);

-- A checkout: one row leaves the drafts. The counter row stays locked until the transaction ends,
-- which is what keeps the numbers consecutive under concurrent checkouts.
CREATE FUNCTION order_reference_on_checkout() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE order_reference_counter SET last = last + 1 RETURNING last INTO NEW.reference;
  RETURN NEW;
END $$;
CREATE TRIGGER order_reference_checkout BEFORE UPDATE OF checked_out_at ON orders
  FOR EACH ROW WHEN (NEW.checked_out_at IS NOT NULL AND NEW.reference IS NULL) EXECUTE FUNCTION order_reference_on_checkout();

-- Placed orders inserted (a series' visits, seeds): once per statement, from its transition table,
-- so 200,000 seeded orders update the counter row once, not once each (see 016_customer_count.sql).
CREATE FUNCTION order_reference_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  placed integer;
  first integer;
BEGIN
  SELECT count(*) INTO placed FROM new_orders WHERE checked_out_at IS NOT NULL AND reference IS NULL;
  IF placed = 0 THEN RETURN NULL; END IF;
  UPDATE order_reference_counter SET last = last + placed RETURNING last - placed INTO first;
  UPDATE orders o SET reference = first + numbered.n
    FROM (SELECT id, row_number() OVER (ORDER BY checked_out_at, id) AS n
            FROM new_orders WHERE checked_out_at IS NOT NULL AND reference IS NULL) AS numbered
   WHERE o.id = numbered.id;
  RETURN NULL;
END $$;
CREATE TRIGGER order_reference_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_orders
  FOR EACH STATEMENT EXECUTE FUNCTION order_reference_on_insert();
