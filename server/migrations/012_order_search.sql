-- Orders that can be found (issue 15 §4, docs/decisions/017-order-search.md): trigram indexes for
-- the back office's search box (customer name, email, postcode: any part of them, any case) and
-- indexes for its filters. pg_trgm ships with PostgreSQL (contrib, a trusted extension: the
-- database's owner may create it) and with PGlite (loaded in server/db/pglite.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- ILIKE '%text%' on names and emails: the search reads the matching customers here, then their
-- orders through orders_user_created_idx (006).
CREATE INDEX users_name_trgm_idx ON users USING gin (name gin_trgm_ops);
CREATE INDEX users_email_trgm_idx ON users USING gin (email gin_trgm_ops);

-- Postcodes as compared (order-filters.ts postcodeSql): capitals without spaces, so "sw1a1aa"
-- finds "SW1A 1AA".
CREATE INDEX orders_postcode_trgm_idx ON orders USING gin ((upper(replace(code_postal, ' ', ''))) gin_trgm_ops);

-- The filters: a service's or a payment method's orders by the job's date, and the jobs still to
-- be given to a team (few at any time; 008's orders_due_at_idx serves a date range alone).
CREATE INDEX orders_service_due_idx ON orders (service_id, due_at) WHERE checked_out_at IS NOT NULL;
CREATE INDEX orders_payment_due_idx ON orders (payment_method, due_at) WHERE checked_out_at IS NOT NULL;
CREATE INDEX orders_unassigned_due_idx ON orders (due_at, id) WHERE team_id IS NULL AND checked_out_at IS NOT NULL;
