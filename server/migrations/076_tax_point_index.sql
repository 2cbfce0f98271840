-- The VAT return and the Xero and QuickBooks exports (issue 38 part 3, decision 095) read a quarter's
-- invoices by their tax point (the time of supply, or the issue for invoices from before it was kept,
-- domain/money/time-of-supply.ts): through an index on it, so a quarter costs its own rows. Credit
-- notes are read by their issue, through credit_notes_issued_at_idx (043).
CREATE INDEX invoices_tax_point_idx ON invoices ((COALESCE(supplied_at, issued_at)));
