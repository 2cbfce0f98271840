import { sql, type Selectable } from 'kysely';
import type { Database } from '../db/database';
import { kysely } from '../db/kysely';
import type { Invoices } from '../db/schema';
import type { OrderLine } from '../../domain/money/order-lines';
import { cursorOver, mapCursor, type CursorOf } from './cursors';

/**
 * A VAT invoice or credit note as the accounts export reads it (issue 23 section 3): the columns of
 * invoices and credit_notes, typed by the schema, with the order's reference (decision 073) and the
 * invoice a credit note credits. Amounts in pence (077), as issued (positive for both kinds).
 */
export type AccountsDocumentRow = Pick<Selectable<Invoices>, 'number' | 'issued_at' | 'customer_name' | 'net' | 'vat' | 'gross'> & {
  kind: 'invoice' | 'credit';
  /** The invoice a credit note credits; null for an invoice. */
  invoice_number: number | null;
  /** The order's reference; null for none. */
  order_reference: number | null;
  /** Null on invoices issued before lines were kept (027). */
  lines: OrderLine[] | null;
};

/** The UK days asked, as instants: issued at or after `start`, before `end`; either may be open. */
export interface IssuedSpan {
  start?: Date;
  end?: Date;
}

export function accountsDocumentsRepository(db: Database) {
  const k = kysely(db);
  return {
    /**
     * Every invoice and credit note issued in the span, oldest first, an invoice before a credit
     * note issued at the same time, through a cursor in a transaction of the caller's: one statement
     * (UNION ALL), each order's reference read through its key.
     */
    cursor(span: IssuedSpan, cursor = 'accounts_csv'): CursorOf<AccountsDocumentRow> {
      let invoices = k.selectFrom('invoices').select((eb) => [
        sql.lit<AccountsDocumentRow['kind']>('invoice').as('kind'), 'number', sql<number | null>`NULL::integer`.as('invoice_number'), 'issued_at',
        eb.selectFrom('orders as o').select('o.reference').whereRef('o.id', '=', 'invoices.order_id').as('order_reference'),
        'customer_name', 'lines', 'net', 'vat', 'gross',
      ]);
      let credits = k.selectFrom('credit_notes').select((eb) => [
        sql.lit<AccountsDocumentRow['kind']>('credit').as('kind'), 'number', 'invoice_number', 'issued_at',
        eb.selectFrom('orders as o').select('o.reference').whereRef('o.id', '=', 'credit_notes.order_id').as('order_reference'),
        'customer_name', 'lines', 'net', 'vat', 'gross',
      ]);
      if (span.start) {
        invoices = invoices.where('issued_at', '>=', span.start);
        credits = credits.where('issued_at', '>=', span.start);
      }
      if (span.end) {
        invoices = invoices.where('issued_at', '<', span.end);
        credits = credits.where('issued_at', '<', span.end);
      }
      const statement = invoices.unionAll(credits).orderBy('issued_at').orderBy('kind', 'desc').orderBy('number').compile();
      return mapCursor(cursorOver(cursor, statement), (row) => ({
        ...row,
        lines: typeof row.lines === 'string' ? (JSON.parse(row.lines) as OrderLine[]) : (row.lines as OrderLine[] | null),
      }));
    },
  };
}
