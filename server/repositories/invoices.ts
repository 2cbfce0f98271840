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
}

export interface NewInvoice {
  orderId: number;
  issuedAt: Date;
  customerName: string;
  /** Pounds, as the database keeps money. */
  gross: number;
  vat: number;
  net: number;
  lines: OrderLine[];
  suppliedAt: Date;
  customerAddress: string;
}

export function invoiceRepository(db: Database) {
  return {
    async forOrder(orderId: number): Promise<InvoiceRow | null> {
      const rows = await db.query<InvoiceRow>('SELECT * FROM invoices WHERE order_id = $1', [orderId]);
      return rows[0] ?? null;
    },

    /**
     * Call in a transaction that holds the order's row lock: takes the next number from the counter
     * (its row lock queues concurrent issues; a rollback gives the number back, so there is no gap)
     * and writes the invoice with it.
     */
    async issue(invoice: NewInvoice): Promise<InvoiceRow> {
      const [counter] = await db.query<{ last: number }>('UPDATE invoice_counter SET last = last + 1 RETURNING last');
      const rows = await db.query<InvoiceRow>(
        `INSERT INTO invoices (number, order_id, issued_at, customer_name, gross, vat, net, lines, supplied_at, customer_address)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING *`,
        [
          counter!.last, invoice.orderId, invoice.issuedAt, invoice.customerName, invoice.gross, invoice.vat, invoice.net,
          JSON.stringify(invoice.lines), invoice.suppliedAt, invoice.customerAddress,
        ],
      );
      return rows[0]!;
    },
  };
}
