-- The dashboard's Total Users, kept by a trigger like the order counters (006_paging.sql): counting
-- 200,000 accounts on every dashboard view took 46 ms of every core (a parallel scan), time a
-- visitor's read waited for on a small machine (docs/decisions/020-late-row-lookup.md).
CREATE TABLE customer_count (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  customers integer NOT NULL
);
INSERT INTO customer_count (customers) SELECT count(*) FROM users WHERE NOT ('ROLE_ADMIN' = ANY(roles));

-- A customer is an account without ROLE_ADMIN (the same test as services/stats.ts had).
CREATE FUNCTION customer_count_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta integer := 0;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') AND NOT ('ROLE_ADMIN' = ANY(NEW.roles)) THEN delta := delta + 1; END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') AND NOT ('ROLE_ADMIN' = ANY(OLD.roles)) THEN delta := delta - 1; END IF;
  IF delta <> 0 THEN UPDATE customer_count SET customers = customers + delta; END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER customer_count_apply AFTER INSERT OR DELETE OR UPDATE OF roles ON users
  FOR EACH ROW EXECUTE FUNCTION customer_count_apply();

CREATE FUNCTION customer_count_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE customer_count SET customers = 0;
  RETURN NULL;
END $$;
CREATE TRIGGER customer_count_truncate AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION customer_count_clear();
