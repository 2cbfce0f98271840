-- Visits set aside by a closure (decision 048): the booking stays as it was (its money, its team),
-- and its customer is mailed a link to choose another time free of charge. One row per order: a
-- second closure over the same order raises `version`, which the link's signature covers, so only
-- the newest link works; `used_at` makes it single-use. No personal data here (erasure keeps orders).
CREATE TABLE closure_moves (
  order_id integer PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
  closed_day date NOT NULL,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL,
  used_at timestamptz
);
-- "Still to move" on a closed day (the closures table's count).
CREATE INDEX closure_moves_open ON closure_moves (closed_day) WHERE used_at IS NULL;
