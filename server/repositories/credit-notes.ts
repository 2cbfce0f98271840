import type { Database } from '../db/database';
import type { OrderLine } from '../../domain/money/order-lines';
import { withLedgerIds } from './invoices';

export interface CreditNoteRow {
  number: number;
  invoice_number: number;
  order_id: number | null;
  issued_at: Date;
  customer_name: string;
  /** The customer's address as issued (036); null on credit notes issued before. */
  customer_address: string | null;
  reason: string;
  /** What is credited, line by line (pence, positive), each at its VAT rate. */
  lines: OrderLine[];
  gross: number;
  vat: number;
  net: number;
  /** The order_ledger credit lines it covers (decision 059; empty on credit notes issued before 055). */
  ledger_ids: number[];
}

export type NewCreditNote = Omit<CreditNoteRow, 'number' | 'issued_at' | 'order_id'> & { orderId: number; issuedAt: Date };

export function creditNoteRepository(db: Database) {
  const allForOrder = async (orderId: number): Promise<CreditNoteRow[]> =>
    (await db.query<CreditNoteRow>('SELECT * FROM credit_notes WHERE order_id = $1 ORDER BY number', [orderId])).map(withLedgerIds);
  return {
    /** The order's first credit note. */
    async forOrder(orderId: number): Promise<CreditNoteRow | null> {
      return (await allForOrder(orderId))[0] ?? null;
    },

    /** Every credit note of the order, in the order they were issued (decision 059). */
    allForOrder,

    /** Call in a transaction holding the order's row lock: the next number from the counter (no gap, as invoices). */
    async issue(note: NewCreditNote): Promise<CreditNoteRow> {
      const [counter] = await db.query<{ last: number }>('UPDATE credit_note_counter SET last = last + 1 RETURNING last');
      const rows = await db.query<CreditNoteRow>(
        `INSERT INTO credit_notes (number, invoice_number, order_id, issued_at, customer_name, customer_address, reason, lines, gross, vat, net, ledger_ids)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::bigint[]) RETURNING *`,
        [
          counter!.last, note.invoice_number, note.orderId, note.issuedAt, note.customer_name, note.customer_address, note.reason,
          JSON.stringify(note.lines), note.gross, note.vat, note.net, note.ledger_ids,
        ],
      );
      return withLedgerIds(rows[0]!);
    },
  };
}
