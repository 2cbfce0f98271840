-- Kept for instances on older code during a rolling release, and called by none since 087:
-- checkout_read (the read that locked every team's half-hours, as 086 left it), checkout_day_lines
-- (081's day read, joined by the code before 086) and lock_job_times (073's half-hour locks, which
-- 087 made lock the whole day). A release from code before 087 must pass through one with 087
-- first: its instances would call these while this runs.
DROP FUNCTION IF EXISTS checkout_read(integer, integer, text, integer, integer, text, timestamp with time zone, integer);
DROP FUNCTION IF EXISTS checkout_day_lines(date, date, timestamp with time zone, timestamp with time zone, timestamp with time zone, timestamp with time zone);
DROP FUNCTION IF EXISTS lock_job_times(integer, integer, timestamptz, integer);
