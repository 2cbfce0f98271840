-- An office booking's Idempotency-Key (decision 062), one namespace per member of staff. Claimed
-- before the booking is made (its answer is NULL meanwhile), given the answer once it stands, and
-- deleted when the booking is refused, so a retry replays the booking or tries it afresh. Kept a day
-- (server/jobs/purge.ts), as checkout keys are.
CREATE TABLE office_booking_keys (
  staff_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key          text NOT NULL,
  request_hash text NOT NULL,
  response     jsonb,
  created_at   timestamptz NOT NULL,
  PRIMARY KEY (staff_id, key)
);
CREATE INDEX office_booking_keys_created_at_idx ON office_booking_keys (created_at);
