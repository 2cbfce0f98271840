-- Real capacity (issue 26 §3, docs/decisions/041-real-capacity-and-travel.md). A job takes its
-- service's base time (setting up, the walk-round with the agent) plus each item's minutes × its
-- quantity; a team needs a travel gap between two jobs, longer when the postcode area changes.
-- All three are edited on the back office's prices page and audited like prices.
ALTER TABLE services ADD COLUMN base_minutes integer NOT NULL DEFAULT 0 CHECK (base_minutes BETWEEN 0 AND 720);

ALTER TABLE pricing_settings
  ADD COLUMN travel_minutes integer NOT NULL DEFAULT 30 CHECK (travel_minutes BETWEEN 0 AND 240),
  ADD COLUMN travel_minutes_other_area integer NOT NULL DEFAULT 60 CHECK (travel_minutes_other_area BETWEEN 0 AND 240);

-- The first lengths of the six services (the table of decision 041): the one home of these
-- defaults. Applied to the services already here, and by the seed to a new site's (seed-content.ts
-- reads this table after inserting the services), so both start the same.
CREATE TABLE job_length_defaults (
  service_slug text NOT NULL,
  -- null: the service's base time; otherwise the item's name within that service.
  item_name    text,
  minutes      integer NOT NULL CHECK (minutes BETWEEN 0 AND 720),
  UNIQUE NULLS NOT DISTINCT (service_slug, item_name)
);
INSERT INTO job_length_defaults (service_slug, item_name, minutes) VALUES
  ('house-keeping', NULL, 0),
  ('house-keeping', 'Ironing (per hour)', 60),
  ('end-of-tenancy', NULL, 120),
  ('end-of-tenancy', 'Studio flat', 60), ('end-of-tenancy', 'Bedroom', 60), ('end-of-tenancy', 'Bathroom', 60),
  ('end-of-tenancy', 'Kitchen', 90), ('end-of-tenancy', 'Living room', 45), ('end-of-tenancy', 'Oven clean', 60),
  ('end-of-tenancy', 'Fridge and freezer', 30), ('end-of-tenancy', 'Inside windows', 30),
  ('after-builders', NULL, 120),
  ('after-builders', 'Bedroom', 60), ('after-builders', 'Bathroom', 60), ('after-builders', 'Kitchen', 90),
  ('after-builders', 'Living room', 60), ('after-builders', 'Staircase', 45), ('after-builders', 'Window frames (per room)', 20),
  ('deep-cleaning', NULL, 60),
  ('deep-cleaning', 'Bedroom', 45), ('deep-cleaning', 'Bathroom', 60), ('deep-cleaning', 'Kitchen', 75),
  ('deep-cleaning', 'Living room', 45), ('deep-cleaning', 'Oven clean', 60), ('deep-cleaning', 'Carpet steam clean (per room)', 30),
  ('deep-cleaning', 'Upholstery (per seat)', 10),
  ('moving', NULL, 0),
  ('moving', 'Two movers and a van (per hour)', 60), ('moving', 'Extra mover (per hour)', 0),
  ('moving', 'Packing service (per room)', 45), ('moving', 'Packing boxes (pack of 10)', 0), ('moving', 'Furniture assembly (per item)', 30),
  ('handyman', NULL, 0),
  ('handyman', 'First hour', 60), ('handyman', 'Additional hour', 60), ('handyman', 'Shelf or picture hanging (per item)', 15),
  ('handyman', 'Flat-pack assembly (per item)', 45), ('handyman', 'Unblocking a drain', 45), ('handyman', 'Tap washer replacement', 30);

UPDATE services s SET base_minutes = d.minutes
  FROM job_length_defaults d WHERE d.service_slug = s.slug AND d.item_name IS NULL;
UPDATE service_items i SET duration_minutes = d.minutes
  FROM services s, job_length_defaults d
 WHERE s.id = i.service_id AND d.service_slug = s.slug AND d.item_name = i.name;

-- Length and travel changes are audited with the prices.
ALTER TABLE pricing_audit DROP CONSTRAINT pricing_audit_rule_check;
ALTER TABLE pricing_audit ADD CONSTRAINT pricing_audit_rule_check CHECK (rule IN (
  'item_price', 'frequency_discount', 'extra_price', 'congestion_charge', 'congestion_district', 'opening_hours',
  'item_minutes', 'service_minutes', 'travel_minutes'));
