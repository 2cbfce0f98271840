-- Cleaners (issue 26 item 2; docs/decisions/040-cleaners.md). A cleaner is an account with
-- ROLE_CLEANER and the team it works in; it is staff, not a customer, so the customer counts and
-- lists leave it out like an administrator.
ALTER TABLE users ADD COLUMN team_id integer REFERENCES teams (id);
CREATE INDEX users_team_idx ON users (team_id) WHERE team_id IS NOT NULL;

-- What the customer tells the cleaners about getting in (key safe codes): shown only to the job's
-- team on the job's UK day, never mailed; erased with the customer's other personal data.
ALTER TABLE orders ADD COLUMN access_notes text;

-- The job's day as the team lived it: one row per job, written by its team's cleaners. A location
-- is kept only when the cleaner ticked consent for that step.
CREATE TABLE job_visits (
  order_id        integer PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
  on_my_way_at    timestamptz,
  on_my_way_by    integer REFERENCES users (id) ON DELETE SET NULL,
  checked_in_at   timestamptz,
  checked_in_by   integer REFERENCES users (id) ON DELETE SET NULL,
  checked_in_lat  double precision CHECK (checked_in_lat BETWEEN -90 AND 90),
  checked_in_lng  double precision CHECK (checked_in_lng BETWEEN -180 AND 180),
  checked_out_at  timestamptz,
  checked_out_by  integer REFERENCES users (id) ON DELETE SET NULL,
  checked_out_lat double precision CHECK (checked_out_lat BETWEEN -90 AND 90),
  checked_out_lng double precision CHECK (checked_out_lng BETWEEN -180 AND 180),
  -- The checklist's items ticked at check-out, as the labels read then.
  checklist_done  jsonb NOT NULL DEFAULT '[]'::jsonb,
  CHECK (checked_in_at IS NULL OR checked_out_at IS NULL OR checked_out_at >= checked_in_at)
);

-- A service's checklist, staff-editable; a service without rows uses the default list in
-- server/services/cleaner-jobs.ts.
CREATE TABLE service_checklists (
  service_id integer NOT NULL REFERENCES services (id) ON DELETE CASCADE,
  position   integer NOT NULL,
  label      text NOT NULL CHECK (length(label) BETWEEN 1 AND 200),
  PRIMARY KEY (service_id, position)
);

-- Customers are the accounts that are neither administrators nor cleaners (016, 020).
CREATE OR REPLACE FUNCTION customer_count_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  customers_delta integer := 0;
  accounts_delta integer := 0;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT customers_delta + count(*) FILTER (WHERE NOT (roles && ARRAY['ROLE_ADMIN', 'ROLE_CLEANER'])), accounts_delta + count(*)
      INTO customers_delta, accounts_delta FROM new_users;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    SELECT customers_delta - count(*) FILTER (WHERE NOT (roles && ARRAY['ROLE_ADMIN', 'ROLE_CLEANER'])), accounts_delta - count(*)
      INTO customers_delta, accounts_delta FROM old_users;
  END IF;
  IF customers_delta <> 0 OR accounts_delta <> 0 THEN
    UPDATE customer_count SET customers = customers + customers_delta, accounts = accounts + accounts_delta;
  END IF;
  RETURN NULL;
END $$;
