import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import { jsonb, kysely } from '../db/kysely';
import type { Database } from '../db/database';
import type { CreditNotes, DB } from '../db/schema';
import type { OrderLine } from '../../domain/money/order-lines';
import { withLedgerIds } from './invoices';

const COLUMNS = ['number', 'invoice_number', 'order_id', 'issued_at', 'customer_name', 'customer_address', 'reason', 'gross', 'vat', 'net', 'ledger_ids'] as const;

/**
 * A credit note as issued. `customer_address` is the customer's address as issued (036; null on
 * credit notes issued before); `lines` what is credited, line by line (pence, positive), each at its
 * VAT rate; `ledger_ids` the order_ledger credit lines it covers (decision 059; empty on credit
 * notes issued before 055).
 */
export type CreditNoteRow = Pick<Selectable<CreditNotes>, (typeof COLUMNS)[number]> & { lines: OrderLine[] };

/** jsonb is JSON to the schema: its lines are the OrderLines `issue` wrote. */
const linesOf = (eb: ExpressionBuilder<DB, 'credit_notes'>) => eb.ref('lines').$castTo<CreditNoteRow['lines']>().as('lines');

export type NewCreditNote = Omit<CreditNoteRow, 'number' | 'issued_at' | 'order_id'> & { orderId: number; issuedAt: Date };

export function creditNoteRepository(db: Database) {
  const k = kysely(db);
  const allForOrder = async (orderId: number): Promise<CreditNoteRow[]> =>
    (await k.selectFrom('credit_notes').select(COLUMNS).select(linesOf).where('order_id', '=', orderId).orderBy('number').execute()).map(withLedgerIds);
  return {
    /** The order's first credit note. */
    async forOrder(orderId: number): Promise<CreditNoteRow | null> {
      return (await allForOrder(orderId))[0] ?? null;
    },

    /** Every credit note of the order, in the order they were issued (decision 059). */
    allForOrder,

    /** Call in a transaction holding the order's row lock: the next number from the counter (no gap, as invoices). */
    async issue(note: NewCreditNote): Promise<CreditNoteRow> {
      const counter = await k.updateTable('credit_note_counter').set((eb) => ({ last: eb('last', '+', 1) })).returning('last').executeTakeFirstOrThrow();
      const row = await k
        .insertInto('credit_notes')
        .values({
          number: counter.last,
          invoice_number: note.invoice_number,
          order_id: note.orderId,
          issued_at: note.issuedAt,
          customer_name: note.customer_name,
          customer_address: note.customer_address,
          reason: note.reason,
          lines: jsonb(note.lines),
          gross: note.gross,
          vat: note.vat,
          net: note.net,
          ledger_ids: sql<number[]>`${note.ledger_ids}::bigint[]`,
        })
        .returning(COLUMNS)
        .returning(linesOf)
        .executeTakeFirstOrThrow();
      return withLedgerIds(row);
    },
  };
}
