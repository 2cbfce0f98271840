-- Staff edit a service's checklist on the prices page (issue 26 item 2; decision 050): audited like
-- a price, so the audit's rules gain 'service_checklist'. The list itself is service_checklists (034).
ALTER TABLE pricing_audit DROP CONSTRAINT pricing_audit_rule_check;
ALTER TABLE pricing_audit ADD CONSTRAINT pricing_audit_rule_check CHECK (rule IN (
  'item_price', 'frequency_discount', 'extra_price', 'congestion_charge', 'congestion_district', 'opening_hours',
  'item_minutes', 'service_minutes', 'travel_minutes', 'service_district', 'service_checklist'));
