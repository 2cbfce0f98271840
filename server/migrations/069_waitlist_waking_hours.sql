-- Waiting list offers in waking hours (issue 36, docs/decisions/085-waitlist-offers-in-waking-hours.md).
-- The times of day a waiting customer said suit them (none: any time); a freed time is offered to
-- the first waiting customer it suits. And when the offer was made (mailed): its hold counts waking
-- time from then (domain/waitlist/waking-hours.ts).
ALTER TABLE waitlist_entries
  ADD COLUMN times_of_day text[] NOT NULL DEFAULT '{}' CHECK (times_of_day <@ ARRAY['morning', 'afternoon', 'evening']::text[]),
  ADD COLUMN offered_at timestamptz;
