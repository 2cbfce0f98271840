import type { Database } from '../db/database';
import type { OrderLine } from '../../domain/money/order-lines';

export interface InvoiceRow {
  number: number;
  order_id: number | null;
  issued_at: Date;
  customer_name: string;
  gross: number;
  vat: number;
  net: number;
  /** The lines it was issued for (027); null on invoices issued before lines were kept. */
  lines: OrderLine[] | null;
  /** Its time of supply and the customer's address as issued (036); null on invoices issued before. */
  supplied_at: Date | null;
  customer_address: string | null;
  /** The order_ledger charge lines it covers (decision 059; empty on invoices issued before 055). */
  ledger_ids: number[];
}

export interface NewInvoice {
  orderId: number;
  issuedAt: Date;
  customerName: string;
  /** Pence, as the database keeps money (077). */
  gross: number;
  vat: number;
  net: number;
  lines: OrderLine[];
  suppliedAt: Date;
  customerAddress: string;
  ledgerIds: number[];
}

/** bigint[] comes back as text from PostgreSQL and PGlite. */
export const withLedgerIds = <T extends { ledger_ids: unknown }>(row: T): T => ({ ...row, ledger_ids: ((row.ledger_ids as Array<string | number> | null) ?? []).map(Number) });

export function invoiceRepository(db: Database) {
  const allForOrder = async (orderId: number): Promise<InvoiceRow[]> =>
    (await db.query<InvoiceRow>('SELECT * FROM invoices WHERE order_id = $1 ORDER BY number', [orderId])).map(withLedgerIds);
  return {
    /** The order's first invoice: the one issued when it was paid. */
    async forOrder(orderId: number): Promise<InvoiceRow | null> {
      return (await allForOrder(orderId))[0] ?? null;
    },

    /** Every invoice of the order, in the order they were issued (decision 059). */
    allForOrder,

    /**
     * Call in a transaction that holds the order's row lock: takes the next number from the counter
     * (its row lock queues concurrent issues; a rollback gives the number back, so there is no gap)
     * and writes the invoice with it.
     */
    async issue(invoice: NewInvoice): Promise<InvoiceRow> {
      const [counter] = await db.query<{ last: number }>('UPDATE invoice_counter SET last = last + 1 RETURNING last');
      const rows = await db.query<InvoiceRow>(
        `INSERT INTO invoices (number, order_id, issued_at, customer_name, gross, vat, net, lines, supplied_at, customer_address, ledger_ids)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::bigint[]) RETURNING *`,
        [
          counter!.last, invoice.orderId, invoice.issuedAt, invoice.customerName, invoice.gross, invoice.vat, invoice.net,
          JSON.stringify(invoice.lines), invoice.suppliedAt, invoice.customerAddress, invoice.ledgerIds,
        ],
      );
      return withLedgerIds(rows[0]!);
    },
  };
}
