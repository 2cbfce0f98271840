-- Bank holidays as default closures (issue 36 row 5; docs/decisions/087-bank-holidays-and-when-a-visit-is-paid.md).
-- England and Wales bank holidays 2026-12 to 2030 (gov.uk's published list for 2026-2027, then the
-- same rules: New Year's Day, Good Friday, Easter Monday, the first and last Mondays of May, the last
-- Monday of August, Christmas Day and Boxing Day, each moved to the next weekday when it falls on a
-- weekend), and the other days around Christmas the company shuts: 24, 25, 26 and 31 December.
-- They are ordinary closures: the owner edits or removes them on /settings like any other, and
-- availability, checkout and series pass over them. A day closed already keeps its own reason, and a
-- day that already has visits booked is left open (closing it here would strand them without the
-- set-aside mail a closure sends, decision 048): the owner closes it from the screen if they wish.
INSERT INTO closures (day, reason)
SELECT holiday.day, holiday.reason
  FROM (VALUES
    (DATE '2026-12-24', 'Christmas Eve'),
    (DATE '2026-12-25', 'Bank holiday: Christmas Day'),
    (DATE '2026-12-26', 'Boxing Day'),
    (DATE '2026-12-28', 'Bank holiday: Boxing Day (substitute day)'),
    (DATE '2026-12-31', 'New Year''s Eve'),
    (DATE '2027-01-01', 'Bank holiday: New Year''s Day'),
    (DATE '2027-03-26', 'Bank holiday: Good Friday'),
    (DATE '2027-03-29', 'Bank holiday: Easter Monday'),
    (DATE '2027-05-03', 'Bank holiday: Early May bank holiday'),
    (DATE '2027-05-31', 'Bank holiday: Spring bank holiday'),
    (DATE '2027-08-30', 'Bank holiday: Summer bank holiday'),
    (DATE '2027-12-24', 'Christmas Eve'),
    (DATE '2027-12-25', 'Christmas Day'),
    (DATE '2027-12-26', 'Boxing Day'),
    (DATE '2027-12-27', 'Bank holiday: Christmas Day (substitute day)'),
    (DATE '2027-12-28', 'Bank holiday: Boxing Day (substitute day)'),
    (DATE '2027-12-31', 'New Year''s Eve'),
    (DATE '2028-01-03', 'Bank holiday: New Year''s Day (substitute day)'),
    (DATE '2028-04-14', 'Bank holiday: Good Friday'),
    (DATE '2028-04-17', 'Bank holiday: Easter Monday'),
    (DATE '2028-05-01', 'Bank holiday: Early May bank holiday'),
    (DATE '2028-05-29', 'Bank holiday: Spring bank holiday'),
    (DATE '2028-08-28', 'Bank holiday: Summer bank holiday'),
    (DATE '2028-12-24', 'Christmas Eve'),
    (DATE '2028-12-25', 'Bank holiday: Christmas Day'),
    (DATE '2028-12-26', 'Bank holiday: Boxing Day'),
    (DATE '2028-12-31', 'New Year''s Eve'),
    (DATE '2029-01-01', 'Bank holiday: New Year''s Day'),
    (DATE '2029-03-30', 'Bank holiday: Good Friday'),
    (DATE '2029-04-02', 'Bank holiday: Easter Monday'),
    (DATE '2029-05-07', 'Bank holiday: Early May bank holiday'),
    (DATE '2029-05-28', 'Bank holiday: Spring bank holiday'),
    (DATE '2029-08-27', 'Bank holiday: Summer bank holiday'),
    (DATE '2029-12-24', 'Christmas Eve'),
    (DATE '2029-12-25', 'Bank holiday: Christmas Day'),
    (DATE '2029-12-26', 'Bank holiday: Boxing Day'),
    (DATE '2029-12-31', 'New Year''s Eve'),
    (DATE '2030-01-01', 'Bank holiday: New Year''s Day'),
    (DATE '2030-04-19', 'Bank holiday: Good Friday'),
    (DATE '2030-04-22', 'Bank holiday: Easter Monday'),
    (DATE '2030-05-06', 'Bank holiday: Early May bank holiday'),
    (DATE '2030-05-27', 'Bank holiday: Spring bank holiday'),
    (DATE '2030-08-26', 'Bank holiday: Summer bank holiday'),
    (DATE '2030-12-24', 'Christmas Eve'),
    (DATE '2030-12-25', 'Bank holiday: Christmas Day'),
    (DATE '2030-12-26', 'Bank holiday: Boxing Day'),
    (DATE '2030-12-31', 'New Year''s Eve')
  ) AS holiday (day, reason)
 WHERE NOT EXISTS (
   SELECT 1 FROM orders
    WHERE checked_out_at IS NOT NULL AND status <> 'cancelled'
      AND (due_at AT TIME ZONE 'Europe/London')::date = holiday.day)
ON CONFLICT (day) DO NOTHING;
