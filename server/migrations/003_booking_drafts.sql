-- Booking drafts (docs/decisions/007): an order is a draft from Next until its checkout
-- (checked_out_at IS NULL). Drafts are left out of every list and count and expire 24 hours after
-- Next; this index finds the expired ones for the purge without reading placed orders.
CREATE INDEX orders_drafts_created_at_idx ON orders (created_at) WHERE checked_out_at IS NULL;
