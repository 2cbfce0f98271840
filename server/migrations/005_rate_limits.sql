-- Rate-limit counters, shared by every instance and kept across restarts
-- (docs/decisions/010-rate-limits.md). One row per key (`login:pair:<email>|<network>`...):
-- the hits of its current fixed window, which ends at resets_at. Expired rows are deleted as
-- the limiter goes, so the table holds only the keys active in their window.
CREATE TABLE rate_limits (
  key       text PRIMARY KEY,
  hits      integer NOT NULL CHECK (hits >= 0),
  resets_at timestamptz NOT NULL
);
CREATE INDEX rate_limits_resets_at_idx ON rate_limits (resets_at);
