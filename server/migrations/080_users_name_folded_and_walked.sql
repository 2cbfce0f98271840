-- Issue 37 row 5 (decision 117): a search for a common name ("Smith", 1 customer in 64) by name order
-- walks the customers in name order (users_name_idx) and tests each one until a page is found
-- (decisions 092, 112). At two million customers a "Smith" page tests about 32,500 of them, and
-- each test folded the name (search_fold: unaccent, then lower) and read the row from the table:
-- 130–250 ms. The name is now folded once, when it is written, and the walk's index carries what
-- the test reads, so the walk never leaves the index (an index-only scan): 15–30 ms.
ALTER TABLE users ADD COLUMN name_fold text GENERATED ALWAYS AS (search_fold(name)) STORED;

-- The trigram index (026) on the stored column: the same trigrams, found by the same condition.
-- 026's index on the expression stays for this release: instances still on the code before it
-- search `search_fold(name)` during a rolling restart, and without it each of their name searches
-- would read every customer. A later migration drops `users_name_fold_trgm_idx` (decision 117).
CREATE INDEX users_name_fold_column_trgm_idx ON users USING gin (name_fold gin_trgm_ops);

-- 006's name order, carrying the columns the searches test (name for lower(name), as an index-only
-- scan of an expression index needs the column itself).
DROP INDEX IF EXISTS users_name_idx;
CREATE INDEX users_name_idx ON users (lower(name), id) INCLUDE (name, name_fold, email, roles);
