-- Revenue per UK day (issue 33 row 3, decision 072): the VAT invoices issued less the credit notes,
-- kept by triggers on the two tables so the dashboard's all-time figure, its weeks, the owner's
-- report and the revenue report read one small table through one statement
-- (server/repositories/revenue.ts) instead of summing every document ever issued.
CREATE TABLE revenue_days (
  day          date PRIMARY KEY,
  invoices     integer NOT NULL DEFAULT 0,
  credit_notes integer NOT NULL DEFAULT 0,
  net          numeric(14, 2) NOT NULL DEFAULT 0,
  vat          numeric(14, 2) NOT NULL DEFAULT 0,
  gross        numeric(14, 2) NOT NULL DEFAULT 0
);

INSERT INTO revenue_days (day, invoices, credit_notes, net, vat, gross)
SELECT day, sum(invoices), sum(credit_notes), sum(net), sum(vat), sum(gross)
  FROM (SELECT (issued_at AT TIME ZONE 'Europe/London')::date AS day, 1 AS invoices, 0 AS credit_notes, net, vat, gross FROM invoices
        UNION ALL
        SELECT (issued_at AT TIME ZONE 'Europe/London')::date, 0, 1, -net, -vat, -gross FROM credit_notes) AS documents
 GROUP BY day;

-- Once per statement, from its transition tables (as customer_count, 016): a document counts +1 on
-- its table's column and its amounts signed (a credit note's negative) on the UK day it was issued.
CREATE FUNCTION revenue_days_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  doc_sign integer := CASE WHEN TG_TABLE_NAME = 'invoices' THEN 1 ELSE -1 END;
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO revenue_days AS r (day, invoices, credit_notes, net, vat, gross)
    SELECT (issued_at AT TIME ZONE 'Europe/London')::date,
           -count(*) FILTER (WHERE doc_sign = 1), -count(*) FILTER (WHERE doc_sign = -1), -doc_sign * sum(net), -doc_sign * sum(vat), -doc_sign * sum(gross)
      FROM old_documents GROUP BY 1
    ON CONFLICT (day) DO UPDATE SET invoices = r.invoices + EXCLUDED.invoices, credit_notes = r.credit_notes + EXCLUDED.credit_notes,
      net = r.net + EXCLUDED.net, vat = r.vat + EXCLUDED.vat, gross = r.gross + EXCLUDED.gross;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO revenue_days AS r (day, invoices, credit_notes, net, vat, gross)
    SELECT (issued_at AT TIME ZONE 'Europe/London')::date,
           count(*) FILTER (WHERE doc_sign = 1), count(*) FILTER (WHERE doc_sign = -1), doc_sign * sum(net), doc_sign * sum(vat), doc_sign * sum(gross)
      FROM new_documents GROUP BY 1
    ON CONFLICT (day) DO UPDATE SET invoices = r.invoices + EXCLUDED.invoices, credit_notes = r.credit_notes + EXCLUDED.credit_notes,
      net = r.net + EXCLUDED.net, vat = r.vat + EXCLUDED.vat, gross = r.gross + EXCLUDED.gross;
  END IF;
  RETURN NULL;
END $$;

-- PostgreSQL takes transition tables only on a trigger of one event.
CREATE TRIGGER revenue_days_invoice_insert AFTER INSERT ON invoices REFERENCING NEW TABLE AS new_documents
  FOR EACH STATEMENT EXECUTE FUNCTION revenue_days_apply();
CREATE TRIGGER revenue_days_invoice_delete AFTER DELETE ON invoices REFERENCING OLD TABLE AS old_documents
  FOR EACH STATEMENT EXECUTE FUNCTION revenue_days_apply();
CREATE TRIGGER revenue_days_invoice_update AFTER UPDATE ON invoices REFERENCING OLD TABLE AS old_documents NEW TABLE AS new_documents
  FOR EACH STATEMENT EXECUTE FUNCTION revenue_days_apply();
CREATE TRIGGER revenue_days_credit_insert AFTER INSERT ON credit_notes REFERENCING NEW TABLE AS new_documents
  FOR EACH STATEMENT EXECUTE FUNCTION revenue_days_apply();
CREATE TRIGGER revenue_days_credit_delete AFTER DELETE ON credit_notes REFERENCING OLD TABLE AS old_documents
  FOR EACH STATEMENT EXECUTE FUNCTION revenue_days_apply();
CREATE TRIGGER revenue_days_credit_update AFTER UPDATE ON credit_notes REFERENCING OLD TABLE AS old_documents NEW TABLE AS new_documents
  FOR EACH STATEMENT EXECUTE FUNCTION revenue_days_apply();

CREATE FUNCTION revenue_days_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM revenue_days;
  INSERT INTO revenue_days (day, invoices, credit_notes, net, vat, gross)
  SELECT day, sum(invoices), sum(credit_notes), sum(net), sum(vat), sum(gross)
    FROM (SELECT (issued_at AT TIME ZONE 'Europe/London')::date AS day, 1 AS invoices, 0 AS credit_notes, net, vat, gross FROM invoices
          UNION ALL
          SELECT (issued_at AT TIME ZONE 'Europe/London')::date, 0, 1, -net, -vat, -gross FROM credit_notes) AS documents
   GROUP BY day;
  RETURN NULL;
END $$;
CREATE TRIGGER revenue_days_invoice_truncate AFTER TRUNCATE ON invoices FOR EACH STATEMENT EXECUTE FUNCTION revenue_days_clear();
CREATE TRIGGER revenue_days_credit_truncate AFTER TRUNCATE ON credit_notes FOR EACH STATEMENT EXECUTE FUNCTION revenue_days_clear();
