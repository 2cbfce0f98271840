-- What two rolling releases kept for instances still on the older code, now that every instance
-- runs the newer one (decisions 117, 118):
-- 079's day read, renamed `checkout_day_lines` by 081 when its text columns changed form.
DROP FUNCTION IF EXISTS checkout_day_read(date, date, timestamp with time zone, timestamp with time zone, timestamp with time zone, timestamp with time zone);
-- 026's trigram index on the expression `search_fold(name)`: searches read 080's stored `name_fold`
-- through `users_name_fold_column_trgm_idx`. Every write of a name kept both up to date.
DROP INDEX IF EXISTS users_name_fold_trgm_idx;
