import type { Database } from '../../../server/db/database';

/** An order's VAT invoices and credit notes as stored (decision 059), amounts in pence, oldest first. */
export async function documentsOf(db: Database, orderId: number) {
  const invoices = await db.query<{ number: number; gross: string; lines: Array<{ kind: string; name: string; amount: number }> }>(
    'SELECT number, gross::text, lines FROM invoices WHERE order_id = $1 ORDER BY number', [orderId]);
  const notes = await db.query<{ number: number; invoice_number: number; gross: string }>(
    'SELECT number, invoice_number, gross::text FROM credit_notes WHERE order_id = $1 ORDER BY number', [orderId]);
  return {
    invoices: invoices.map((row) => ({ number: row.number, gross: Number(row.gross), lines: row.lines })),
    notes: notes.map((row) => ({ number: row.number, invoice: row.invoice_number, gross: Number(row.gross) })),
  };
}
