-- A checkout updates no row that every other checkout updates (issue 37 row 1, decision 090).
-- Two rows were: the gap-free reference counter (037) and the order counters (006, 060), each
-- locked from the checkout's write to its commit, so checkouts queued on them one by one.

-- 1. Customers' order references come from a sequence. nextval locks nothing until the commit, so a
-- checkout rolled back leaves a gap; UK VAT law asks for invoice numbers in sequence (they stay
-- gap-free, issued under their own lock), not order numbers.
CREATE SEQUENCE order_reference_seq AS integer;
SELECT setval('order_reference_seq', greatest(m, 1), m > 0)
  FROM (SELECT greatest(coalesce((SELECT max(reference) FROM orders), 0), coalesce((SELECT last FROM order_reference_counter), 0)) AS m) AS placed;

CREATE OR REPLACE FUNCTION order_reference_on_checkout() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.reference := nextval('order_reference_seq');
  RETURN NEW;
END $$;

-- Placed orders inserted (a series' visits, seeds): numbered in the order they were placed, from
-- as many values of the sequence, taken in ascending order.
CREATE OR REPLACE FUNCTION order_reference_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  placed integer;
  numbers integer[];
BEGIN
  SELECT count(*) INTO placed FROM new_orders WHERE checked_out_at IS NOT NULL AND reference IS NULL;
  IF placed = 0 THEN RETURN NULL; END IF;
  -- Taken once, into an array: a volatile subquery in the UPDATE's join could be run again.
  numbers := ARRAY(SELECT nextval('order_reference_seq')::integer FROM generate_series(1, placed));
  UPDATE orders o SET reference = numbers[numbered.n]
    FROM (SELECT id, row_number() OVER (ORDER BY checked_out_at, id) AS n
            FROM new_orders WHERE checked_out_at IS NOT NULL AND reference IS NULL) AS numbered
   WHERE o.id = numbered.id;
  RETURN NULL;
END $$;

DROP TABLE order_reference_counter;

-- 2. The order counters are kept in 16 stripes (an order counts in stripe id % 16): two checkouts
-- of different stripes share no counter row. Readers already sum the rows they select.
LOCK TABLE orders IN SHARE MODE;
ALTER TABLE order_counters ADD COLUMN stripe smallint NOT NULL DEFAULT 0;
ALTER TABLE order_counters DROP CONSTRAINT order_counters_pkey;
DELETE FROM order_counters;
INSERT INTO order_counters (status, checked_out, payment_method, stripe, orders, total)
SELECT status, checked_out_at IS NOT NULL, coalesce(payment_method, ''), id % 16, count(*), coalesce(sum(total), 0) FROM orders GROUP BY 1, 2, 3, 4;
ALTER TABLE order_counters ADD PRIMARY KEY (status, checked_out, payment_method, stripe);

-- 060's function with the stripe in the key of order_counters (customer_order_counters unchanged:
-- a customer's own rows are theirs alone).
CREATE OR REPLACE FUNCTION order_counters_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH d AS (SELECT status, checked_out_at IS NOT NULL AS checked_out, coalesce(payment_method, '') AS method, (id % 16)::smallint AS stripe, 1 AS n, total AS t FROM new_rows)
    INSERT INTO order_counters AS c (status, checked_out, payment_method, stripe, orders, total)
    SELECT status, checked_out, method, stripe, sum(n), sum(t) FROM d
     GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 OR sum(t) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (status, checked_out, payment_method, stripe) DO UPDATE SET orders = c.orders + EXCLUDED.orders, total = c.total + EXCLUDED.total;
    WITH d AS (SELECT user_id, status, checked_out_at IS NOT NULL AS checked_out, 1 AS n FROM new_rows)
    INSERT INTO customer_order_counters AS c (user_id, status, checked_out, orders)
    SELECT d.user_id, d.status, d.checked_out, sum(d.n) FROM d
     WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = d.user_id)
     GROUP BY 1, 2, 3 HAVING sum(d.n) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (user_id, status, checked_out) DO UPDATE SET orders = c.orders + EXCLUDED.orders;
  ELSIF TG_OP = 'DELETE' THEN
    WITH d AS (SELECT status, checked_out_at IS NOT NULL AS checked_out, coalesce(payment_method, '') AS method, (id % 16)::smallint AS stripe, -1 AS n, -total AS t FROM old_rows)
    INSERT INTO order_counters AS c (status, checked_out, payment_method, stripe, orders, total)
    SELECT status, checked_out, method, stripe, sum(n), sum(t) FROM d
     GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 OR sum(t) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (status, checked_out, payment_method, stripe) DO UPDATE SET orders = c.orders + EXCLUDED.orders, total = c.total + EXCLUDED.total;
    WITH d AS (SELECT user_id, status, checked_out_at IS NOT NULL AS checked_out, -1 AS n FROM old_rows)
    INSERT INTO customer_order_counters AS c (user_id, status, checked_out, orders)
    SELECT d.user_id, d.status, d.checked_out, sum(d.n) FROM d
     WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = d.user_id)
     GROUP BY 1, 2, 3 HAVING sum(d.n) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (user_id, status, checked_out) DO UPDATE SET orders = c.orders + EXCLUDED.orders;
  ELSE
    WITH d AS (SELECT status, checked_out_at IS NOT NULL AS checked_out, coalesce(payment_method, '') AS method, (id % 16)::smallint AS stripe, 1 AS n, total AS t FROM new_rows
               UNION ALL SELECT status, checked_out_at IS NOT NULL AS checked_out, coalesce(payment_method, '') AS method, (id % 16)::smallint AS stripe, -1 AS n, -total AS t FROM old_rows)
    INSERT INTO order_counters AS c (status, checked_out, payment_method, stripe, orders, total)
    SELECT status, checked_out, method, stripe, sum(n), sum(t) FROM d
     GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 OR sum(t) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (status, checked_out, payment_method, stripe) DO UPDATE SET orders = c.orders + EXCLUDED.orders, total = c.total + EXCLUDED.total;
    WITH d AS (SELECT user_id, status, checked_out_at IS NOT NULL AS checked_out, 1 AS n FROM new_rows
               UNION ALL SELECT user_id, status, checked_out_at IS NOT NULL AS checked_out, -1 AS n FROM old_rows)
    INSERT INTO customer_order_counters AS c (user_id, status, checked_out, orders)
    SELECT d.user_id, d.status, d.checked_out, sum(d.n) FROM d
     WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = d.user_id)
     GROUP BY 1, 2, 3 HAVING sum(d.n) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (user_id, status, checked_out) DO UPDATE SET orders = c.orders + EXCLUDED.orders;
  END IF;
  RETURN NULL;
END;
$$;

-- 3. A checkout (or a move) locks the times its job can touch, not its whole UK day. Two jobs are in
-- each other's way only when they overlap or are closer than the travel gap between them
-- (domain/capacity/availability-rules.ts), so each job's half-hours, widened by half the longer
-- travel gap either side, are locked in ascending order: two jobs in each other's way share one.
-- The day itself is locked shared, so what changes a whole day (a closure, time off, the board,
-- the waiting list, a series' planning) still locks it alone (`lockDay`, exclusive).
CREATE FUNCTION lock_job_times(day_namespace integer, day_key integer, starts timestamptz, minutes integer) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  widen integer;
  first_slot integer;
  last_slot integer;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(day_namespace, day_key);
  SELECT ceil(greatest(travel_minutes, travel_minutes_other_area) / 2.0)::integer INTO widen FROM pricing_settings;
  widen := coalesce(widen, 120);
  first_slot := floor((extract(epoch FROM starts) - widen * 60) / 1800)::integer;
  last_slot := floor((extract(epoch FROM starts) + (minutes + widen) * 60 - 1) / 1800)::integer;
  FOR slot IN first_slot .. last_slot LOOP
    PERFORM pg_advisory_xact_lock(1403, slot);
  END LOOP;
  RETURN last_slot - first_slot + 1;
END $$;
