-- The owner's report (issue 26 item 6, decision 049) reads a period's documents, refunds and visits:
-- each through an index on its date, so a month of a long history costs that month's rows, not a scan.
-- (Visits already have orders_due_at_idx.)
CREATE INDEX invoices_issued_at_idx ON invoices (issued_at);
CREATE INDEX credit_notes_issued_at_idx ON credit_notes (issued_at);
CREATE INDEX order_ledger_refunds_idx ON order_ledger (created_at) WHERE kind = 'refund';
