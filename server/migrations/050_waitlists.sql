-- Waiting lists for full days (issue 26 §5, docs/decisions/056-waitlists-for-full-days.md). A
-- signed-in customer who finds a day full joins its list with their draft order (its items and
-- address); when a time frees, the first whose job fits is offered it by mail and the time is
-- HELD for them (availability-repository.ts counts an offered entry as a job) until `held_until`;
-- then the waitlist job expires it and offers it to the next. One live entry per customer per day.
CREATE TABLE waitlist_entries (
  id          serial PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The draft kept for the offer (drafts.ts does not purge or expire it while it waits).
  order_id    integer NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  day         date NOT NULL,
  created_at  timestamptz NOT NULL,
  status      text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'offered', 'booked', 'expired', 'removed')),
  -- The offer: the held start, the job's length then, until when, and the link's hash (sha256, base64url).
  held_due_at timestamptz,
  held_minutes integer,
  held_until  timestamptz,
  offer_hash  text UNIQUE,
  CHECK (status <> 'offered' OR (held_due_at IS NOT NULL AND held_minutes IS NOT NULL AND held_until IS NOT NULL AND offer_hash IS NOT NULL))
);
CREATE UNIQUE INDEX waitlist_one_per_customer_day ON waitlist_entries (user_id, day) WHERE status IN ('waiting', 'offered');
-- The queue of a day, first come first served; the holds the capacity read counts.
CREATE INDEX waitlist_queue ON waitlist_entries (day, created_at, id) WHERE status IN ('waiting', 'offered');
CREATE INDEX waitlist_holds ON waitlist_entries (held_due_at) WHERE status = 'offered';

-- How long a freed time is held for the customer it is offered to (edited with the prices' settings).
ALTER TABLE pricing_settings
  ADD COLUMN waitlist_hold_minutes integer NOT NULL DEFAULT 120 CHECK (waitlist_hold_minutes BETWEEN 5 AND 2880);
