-- An invoice keeps the lines it was issued for (issue 23 row 1): every priced line of the order
-- (items, options, the frequency discount, extras, the Congestion Charge, rescheduling fees), in
-- pence, each with the VAT rate it was priced at. Its net, VAT and gross are their sums per rate, so
-- the printed lines always add up to the totals, and a later change of the order never rewrites an
-- issued invoice. Invoices issued before this column are shown from their order's lines.
ALTER TABLE invoices ADD COLUMN lines jsonb;
