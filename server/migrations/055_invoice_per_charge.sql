-- Decision 059: an order has several VAT invoices (the first for what was paid at checkout, then
-- one per later charge) and several credit notes (one per credit, per invoice it credits). Each
-- document records the ledger charge lines it covers, so a line is documented once and
-- sum(invoices) − sum(credit notes) = the ledger's total for every invoiced order.
ALTER TABLE invoices DROP CONSTRAINT invoices_order_id_key;
ALTER TABLE credit_notes DROP CONSTRAINT credit_notes_order_id_key;
CREATE INDEX invoices_order_idx ON invoices (order_id);
CREATE INDEX credit_notes_order_idx ON credit_notes (order_id);

-- The ids of the order_ledger charge lines the document covers (a credit split over two invoices
-- names its line on both notes). Empty on documents issued before; filled below where it is known.
ALTER TABLE invoices ADD COLUMN ledger_ids bigint[] NOT NULL DEFAULT '{}';
ALTER TABLE credit_notes ADD COLUMN ledger_ids bigint[] NOT NULL DEFAULT '{}';

-- An existing invoice was issued for every charge of its order at the time (decision 036).
UPDATE invoices i
   SET ledger_ids = COALESCE((SELECT array_agg(l.id ORDER BY l.id) FROM order_ledger l
                               WHERE l.order_id = i.order_id AND l.vat_percent IS NOT NULL AND l.created_at <= i.issued_at), '{}')
 WHERE i.order_id IS NOT NULL;
-- An existing credit note credited the cancellation lines written with it (refunds.ts, same instant).
UPDATE credit_notes c
   SET ledger_ids = COALESCE((SELECT array_agg(l.id ORDER BY l.id) FROM order_ledger l
                               WHERE l.order_id = c.order_id AND l.kind = 'adjustment' AND l.amount < 0 AND l.created_at = c.issued_at), '{}')
 WHERE c.order_id IS NOT NULL;
