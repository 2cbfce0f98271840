-- A staff search with an "@" looks emails up by their start (server/repositories/user-search.ts,
-- issue 27): a btree that LIKE 'abc%' can use whatever the database's collation (text_pattern_ops),
-- where the trigram index merges lists as long as the customer list for a whole address.
CREATE INDEX users_email_prefix_idx ON users (lower(email) text_pattern_ops);
