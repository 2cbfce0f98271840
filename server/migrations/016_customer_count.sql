-- The dashboard's Total Users, kept by triggers like the order counters (006_paging.sql): counting
-- 200,000 accounts on every dashboard view took 46 ms of every core (a parallel scan), time a
-- visitor's read waited for on a small machine (docs/decisions/020-late-row-lookup.md).
CREATE TABLE customer_count (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  customers integer NOT NULL
);
INSERT INTO customer_count (customers) SELECT count(*) FROM users WHERE NOT ('ROLE_ADMIN' = ANY(roles));

-- Once per statement, from its transition tables: a row-level trigger updated the one counter row
-- once per account, and 200,000 accounts inserted at once took minutes (each update walks the
-- row's versions the statement left behind). A customer is an account without ROLE_ADMIN.
CREATE FUNCTION customer_count_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta integer := 0;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    delta := delta + (SELECT count(*) FROM new_users WHERE NOT ('ROLE_ADMIN' = ANY(roles)));
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    delta := delta - (SELECT count(*) FROM old_users WHERE NOT ('ROLE_ADMIN' = ANY(roles)));
  END IF;
  IF delta <> 0 THEN UPDATE customer_count SET customers = customers + delta; END IF;
  RETURN NULL;
END $$;
-- PostgreSQL takes transition tables only on a trigger of one event.
CREATE TRIGGER customer_count_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_users
  FOR EACH STATEMENT EXECUTE FUNCTION customer_count_apply();
CREATE TRIGGER customer_count_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_users
  FOR EACH STATEMENT EXECUTE FUNCTION customer_count_apply();
CREATE TRIGGER customer_count_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_users NEW TABLE AS new_users
  FOR EACH STATEMENT EXECUTE FUNCTION customer_count_apply();

CREATE FUNCTION customer_count_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE customer_count SET customers = 0;
  RETURN NULL;
END $$;
CREATE TRIGGER customer_count_truncate AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION customer_count_clear();
