-- Each customer's newest placed order time, kept beside their order counters (issue 37 row 5,
-- decision 112): the newest orders of the customers a search matches are read from the matching
-- customers with the latest orders (the K newest orders of a set of customers come from at most K of
-- them), not by walking every order in time order. Kept by the counters' own trigger (006, 060, 073):
-- no new statement on the checkout and no new hot row (a customer's counter rows are theirs alone).
--
-- `last_placed_at` on a placed counter row: the newest created_at of the placed orders counted into
-- it, never lowered (an order leaving the status, or deleted, leaves it as it was); NULL for none yet.
-- So the newest of a customer's rows is at or after their newest placed order: an upper bound, which
-- is all the search needs (it stops once its page is newer than every customer not yet read).
ALTER TABLE customer_order_counters ADD COLUMN last_placed_at timestamptz;

-- The backfill gives each customer's newest placed order time to one of their placed rows (the first
-- status): the upper bound holds, and it is one row written per customer, not one per counter row
-- (ten million orders have eight million counter rows). The newest times are read per customer from
-- (user_id, created_at, id) alone, no sort. Orders written meanwhile wait for it (as in 060).
LOCK TABLE orders IN SHARE MODE;
UPDATE customer_order_counters c SET last_placed_at = m.last
  FROM (SELECT user_id, max(created_at) AS last FROM orders WHERE checked_out_at IS NOT NULL GROUP BY 1) AS m
 WHERE c.user_id = m.user_id AND c.checked_out
   AND c.status = (SELECT min(f.status) FROM customer_order_counters f WHERE f.user_id = m.user_id AND f.checked_out);

-- Read newest first (backward); the user id breaks ties so a walk can resume after a row.
CREATE INDEX customer_order_counters_last_placed_idx ON customer_order_counters (last_placed_at, user_id) WHERE checked_out AND last_placed_at IS NOT NULL;

-- 073's function; the customers' upsert also keeps last_placed_at (the newest created_at among the
-- placed orders a statement adds to a row; a row's minus side adds nothing to it).
CREATE OR REPLACE FUNCTION order_counters_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH d AS (SELECT status, checked_out_at IS NOT NULL AS checked_out, coalesce(payment_method, '') AS method, (id % 16)::smallint AS stripe, 1 AS n, total AS t FROM new_rows)
    INSERT INTO order_counters AS c (status, checked_out, payment_method, stripe, orders, total)
    SELECT status, checked_out, method, stripe, sum(n), sum(t) FROM d
     GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 OR sum(t) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (status, checked_out, payment_method, stripe) DO UPDATE SET orders = c.orders + EXCLUDED.orders, total = c.total + EXCLUDED.total;
    WITH d AS (SELECT user_id, status, checked_out_at IS NOT NULL AS checked_out, 1 AS n, created_at FROM new_rows)
    INSERT INTO customer_order_counters AS c (user_id, status, checked_out, orders, last_placed_at)
    SELECT d.user_id, d.status, d.checked_out, sum(d.n), max(d.created_at) FILTER (WHERE d.checked_out) FROM d
     WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = d.user_id)
     GROUP BY 1, 2, 3 HAVING sum(d.n) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (user_id, status, checked_out) DO UPDATE SET orders = c.orders + EXCLUDED.orders,
      last_placed_at = greatest(c.last_placed_at, EXCLUDED.last_placed_at);
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
    WITH d AS (SELECT user_id, status, checked_out_at IS NOT NULL AS checked_out, 1 AS n, created_at FROM new_rows
               UNION ALL SELECT user_id, status, checked_out_at IS NOT NULL AS checked_out, -1 AS n, NULL FROM old_rows)
    INSERT INTO customer_order_counters AS c (user_id, status, checked_out, orders, last_placed_at)
    SELECT d.user_id, d.status, d.checked_out, sum(d.n), max(d.created_at) FILTER (WHERE d.checked_out) FROM d
     WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = d.user_id)
     GROUP BY 1, 2, 3 HAVING sum(d.n) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (user_id, status, checked_out) DO UPDATE SET orders = c.orders + EXCLUDED.orders,
      last_placed_at = greatest(c.last_placed_at, EXCLUDED.last_placed_at);
  END IF;
  RETURN NULL;
END;
$$;
