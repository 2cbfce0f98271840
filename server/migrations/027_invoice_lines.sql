-- An invoice keeps the lines it was issued for (issue 23 row 1): every priced line of the order
-- (items, options, the frequency discount, extras, the Congestion Charge, rescheduling fees), in
-- pence, each with the VAT rate it was priced at. Its net, VAT and gross are their sums per rate, so
-- the printed lines always add up to the totals, and a later change of the order never rewrites an
-- issued invoice. Invoices issued before this column are shown from their order's lines.
ALTER TABLE invoices ADD COLUMN lines jsonb;

-- A credit note (issue 23 row 6): what a refund gives back of an issued invoice, numbered from its
-- own gap-free counter ("CN-000001"), with the lines credited (pence, each with its VAT rate) and
-- net, VAT and gross credited; it names the invoice it reduces. Like an invoice it never changes and
-- outlives its order.
CREATE TABLE credit_note_counter (
  id   boolean PRIMARY KEY DEFAULT true CHECK (id),
  last integer NOT NULL DEFAULT 0 CHECK (last >= 0)
);
INSERT INTO credit_note_counter DEFAULT VALUES;

CREATE TABLE credit_notes (
  number         integer PRIMARY KEY CHECK (number > 0),
  invoice_number integer NOT NULL REFERENCES invoices (number),
  order_id       integer UNIQUE REFERENCES orders (id) ON DELETE SET NULL,
  issued_at      timestamptz NOT NULL,
  customer_name  text NOT NULL,
  reason         text NOT NULL,
  lines          jsonb NOT NULL,
  gross          numeric(10, 2) NOT NULL CHECK (gross > 0),
  vat            numeric(10, 2) NOT NULL CHECK (vat >= 0),
  net            numeric(10, 2) NOT NULL CHECK (net >= 0),
  CHECK (net + vat = gross)
);
CREATE INDEX credit_notes_invoice_idx ON credit_notes (invoice_number);
