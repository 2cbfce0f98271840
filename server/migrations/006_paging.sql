-- Server-side paging (docs/decisions/011-server-side-paging.md): an index for every sort and
-- filter the lists offer (each ending with the id, the tie-breaker of every order), an index on
-- every foreign key, and order counters kept by a trigger so totals never count the orders table.

-- Orders: newest first, a customer's own, by status, by service, by price, by dates (a missing
-- date sorts last in both directions, hence one index per direction).
DROP INDEX IF EXISTS orders_created_at_idx;
DROP INDEX IF EXISTS orders_user_id_idx;
CREATE INDEX orders_created_idx ON orders (created_at, id);
CREATE INDEX orders_user_created_idx ON orders (user_id, created_at, id);
CREATE INDEX orders_status_created_idx ON orders (status, created_at, id);
CREATE INDEX orders_status_id_idx ON orders (status, id);
CREATE INDEX orders_service_idx ON orders (service_id, id);
CREATE INDEX orders_total_idx ON orders (total, id);
CREATE INDEX orders_due_asc_idx ON orders (due_at ASC NULLS LAST, id ASC);
CREATE INDEX orders_due_desc_idx ON orders (due_at DESC NULLS LAST, id DESC);
CREATE INDEX orders_completed_asc_idx ON orders (completed_at ASC NULLS LAST, id ASC);
CREATE INDEX orders_completed_desc_idx ON orders (completed_at DESC NULLS LAST, id DESC);

-- Users by name and creation (names sort without regard to case, like the table did).
CREATE INDEX users_name_idx ON users (lower(name), id);
CREATE INDEX users_created_idx ON users (created_at, id);

-- Refund requests by date, and those waiting for a decision.
CREATE INDEX refund_requests_requested_idx ON refund_requests (requested_at, order_id);
CREATE INDEX refund_requests_pending_idx ON refund_requests (requested_at, order_id) WHERE status = 'pending';
CREATE INDEX refund_requests_status_idx ON refund_requests (status, order_id);

-- Foreign keys not yet led by an index (a delete of the parent would scan the child otherwise).
CREATE INDEX order_items_item_id_idx ON order_items (item_id);
CREATE INDEX refund_requests_decided_by_idx ON refund_requests (decided_by);
CREATE INDEX audit_log_actor_id_idx ON audit_log (actor_id);
CREATE INDEX payment_sessions_order_id_idx ON payment_sessions (order_id);

-- How many orders, and their total, per status and checked-out state: the dashboard's tiles and
-- the admin list's X-Total-Count read these few rows instead of counting a million orders.
-- `checked_out` lets lists and tiles leave not-yet-checked-out orders out without a scan.
CREATE TABLE order_counters (
  status      text NOT NULL,
  checked_out boolean NOT NULL,
  orders      bigint NOT NULL DEFAULT 0,
  total       numeric(16, 2) NOT NULL DEFAULT 0,
  PRIMARY KEY (status, checked_out)
);
INSERT INTO order_counters (status, checked_out, orders, total)
SELECT status, checked_out_at IS NOT NULL, count(*), COALESCE(sum(total), 0) FROM orders GROUP BY 1, 2;

-- The same per customer: My orders' total for a customer with 200,000 orders is a few rows too.
CREATE TABLE customer_order_counters (
  user_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  status      text NOT NULL,
  checked_out boolean NOT NULL,
  orders      bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, status, checked_out)
);
INSERT INTO customer_order_counters (user_id, status, checked_out, orders)
SELECT user_id, status, checked_out_at IS NOT NULL, count(*) FROM orders GROUP BY 1, 2, 3;

-- One statement-level trigger per operation, set-based over the transition tables: a bulk insert
-- of a million orders updates a few counter rows once. The change is a set of signed rows (+1 per
-- new row, -1 per old one); counters are locked in key order (no deadlock between two writes).
-- A customer being deleted takes their counters with them (ON DELETE CASCADE): only existing ones move.
CREATE FUNCTION order_counters_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH d AS (SELECT user_id, status, checked_out_at IS NOT NULL AS checked_out, 1 AS n, total AS t FROM new_rows)
    INSERT INTO order_counters AS c (status, checked_out, orders, total)
    SELECT status, checked_out, sum(n), sum(t) FROM d
     GROUP BY 1, 2 HAVING sum(n) <> 0 OR sum(t) <> 0 ORDER BY 1, 2
    ON CONFLICT (status, checked_out) DO UPDATE SET orders = c.orders + EXCLUDED.orders, total = c.total + EXCLUDED.total;
    WITH d AS (SELECT user_id, status, checked_out_at IS NOT NULL AS checked_out, 1 AS n, total AS t FROM new_rows)
    INSERT INTO customer_order_counters AS c (user_id, status, checked_out, orders)
    SELECT d.user_id, d.status, d.checked_out, sum(d.n) FROM d
     WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = d.user_id)
     GROUP BY 1, 2, 3 HAVING sum(d.n) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (user_id, status, checked_out) DO UPDATE SET orders = c.orders + EXCLUDED.orders;
  ELSIF TG_OP = 'DELETE' THEN
    WITH d AS (SELECT user_id, status, checked_out_at IS NOT NULL AS checked_out, -1 AS n, -total AS t FROM old_rows)
    INSERT INTO order_counters AS c (status, checked_out, orders, total)
    SELECT status, checked_out, sum(n), sum(t) FROM d
     GROUP BY 1, 2 HAVING sum(n) <> 0 OR sum(t) <> 0 ORDER BY 1, 2
    ON CONFLICT (status, checked_out) DO UPDATE SET orders = c.orders + EXCLUDED.orders, total = c.total + EXCLUDED.total;
    WITH d AS (SELECT user_id, status, checked_out_at IS NOT NULL AS checked_out, -1 AS n, -total AS t FROM old_rows)
    INSERT INTO customer_order_counters AS c (user_id, status, checked_out, orders)
    SELECT d.user_id, d.status, d.checked_out, sum(d.n) FROM d
     WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = d.user_id)
     GROUP BY 1, 2, 3 HAVING sum(d.n) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (user_id, status, checked_out) DO UPDATE SET orders = c.orders + EXCLUDED.orders;
  ELSE
    WITH d AS (SELECT user_id, status, checked_out_at IS NOT NULL AS checked_out, 1 AS n, total AS t FROM new_rows UNION ALL SELECT user_id, status, checked_out_at IS NOT NULL AS checked_out, -1 AS n, -total AS t FROM old_rows)
    INSERT INTO order_counters AS c (status, checked_out, orders, total)
    SELECT status, checked_out, sum(n), sum(t) FROM d
     GROUP BY 1, 2 HAVING sum(n) <> 0 OR sum(t) <> 0 ORDER BY 1, 2
    ON CONFLICT (status, checked_out) DO UPDATE SET orders = c.orders + EXCLUDED.orders, total = c.total + EXCLUDED.total;
    WITH d AS (SELECT user_id, status, checked_out_at IS NOT NULL AS checked_out, 1 AS n, total AS t FROM new_rows UNION ALL SELECT user_id, status, checked_out_at IS NOT NULL AS checked_out, -1 AS n, -total AS t FROM old_rows)
    INSERT INTO customer_order_counters AS c (user_id, status, checked_out, orders)
    SELECT d.user_id, d.status, d.checked_out, sum(d.n) FROM d
     WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = d.user_id)
     GROUP BY 1, 2, 3 HAVING sum(d.n) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (user_id, status, checked_out) DO UPDATE SET orders = c.orders + EXCLUDED.orders;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER order_counters_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_counters_apply();
CREATE TRIGGER order_counters_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION order_counters_apply();
CREATE TRIGGER order_counters_delete AFTER DELETE ON orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION order_counters_apply();

CREATE FUNCTION order_counters_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_counters;
  DELETE FROM customer_order_counters;
  RETURN NULL;
END;
$$;
CREATE TRIGGER order_counters_truncate AFTER TRUNCATE ON orders FOR EACH STATEMENT EXECUTE FUNCTION order_counters_clear();
