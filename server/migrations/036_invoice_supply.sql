-- A full VAT invoice (HMRC, VAT Notice 700/21) also states the time of supply and the customer's
-- address; both are kept as issued (decision 042), so a later edit of the order or a reschedule
-- never rewrites an invoice or a credit note that was issued. Documents issued before these columns
-- are shown from their order (address) and their issue date (time of supply).
ALTER TABLE invoices ADD COLUMN supplied_at timestamptz;
ALTER TABLE invoices ADD COLUMN customer_address text;
ALTER TABLE credit_notes ADD COLUMN customer_address text;
