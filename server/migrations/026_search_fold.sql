-- Searches that ignore accents and case (issues 25 row 9 and 27 §3, docs/decisions/033): "zoe"
-- finds "Zoë", "renee" finds "Renée". unaccent ships with PostgreSQL (contrib, a trusted
-- extension, like pg_trgm) and with PGlite (loaded in server/db/pglite.ts).
CREATE EXTENSION IF NOT EXISTS unaccent;

-- unaccent() is STABLE (its dictionary could be edited), so no index may use it directly; with
-- the dictionary named, the fold is fixed for this product's data and declared IMMUTABLE, the
-- usual wrapper. The one definition of "text as searched": both sides of every search use it.
CREATE FUNCTION search_fold(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;

-- Names as searched, replacing 012's index of the names as written (ILIKE, case only).
DROP INDEX IF EXISTS users_name_trgm_idx;
CREATE INDEX users_name_fold_trgm_idx ON users USING gin (search_fold(name) gin_trgm_ops);

-- Phone numbers as searched: digits only, so "07700 900123", "07700900123" and "+44 7700 900123"'s
-- "7700900123" all find the order (order-filters.ts phoneSql).
CREATE INDEX orders_phone_digits_trgm_idx ON orders USING gin ((regexp_replace(phone, '[^0-9]', '', 'g')) gin_trgm_ops);
