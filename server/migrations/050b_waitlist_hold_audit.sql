-- Staff set how long a waiting list's offer is held (decision 056): audited like a price, so the
-- audit's rules gain 'waitlist_hold'. The setting is pricing_settings.waitlist_hold_minutes (050).
ALTER TABLE pricing_audit DROP CONSTRAINT pricing_audit_rule_check;
ALTER TABLE pricing_audit ADD CONSTRAINT pricing_audit_rule_check CHECK (rule IN (
  'item_price', 'frequency_discount', 'extra_price', 'congestion_charge', 'congestion_district', 'opening_hours',
  'item_minutes', 'service_minutes', 'travel_minutes', 'service_district', 'service_checklist', 'waitlist_hold'));
