import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import { jsonb, kysely } from '../db/kysely';
import type { Database } from '../db/database';
import type { DB, Invoices } from '../db/schema';
import type { OrderLine } from '../../domain/money/order-lines';

const COLUMNS = ['number', 'order_id', 'issued_at', 'customer_name', 'gross', 'vat', 'net', 'supplied_at', 'customer_address', 'ledger_ids'] as const;

/**
 * An invoice as issued. `lines` (027) are the lines it was issued for, null on invoices issued
 * before lines were kept; `supplied_at` and `customer_address` (036) its time of supply and the
 * customer's address as issued, null on invoices issued before; `ledger_ids` the order_ledger
 * charge lines it covers (decision 059; empty on invoices issued before 055).
 */
export type InvoiceRow = Pick<Selectable<Invoices>, (typeof COLUMNS)[number]> & { lines: OrderLine[] | null };

/** jsonb is JSON to the schema: its lines are the OrderLines `issue` wrote. */
const linesOf = (eb: ExpressionBuilder<DB, 'invoices'>) => eb.ref('lines').$castTo<InvoiceRow['lines']>().as('lines');

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

/** bigint[] comes back as text from PostgreSQL and PGlite, whatever the generated schema (number[]) says. */
export const withLedgerIds = <T extends { ledger_ids: unknown }>(row: T): T => ({ ...row, ledger_ids: ((row.ledger_ids as Array<string | number> | null) ?? []).map(Number) });

export function invoiceRepository(db: Database) {
  const k = kysely(db);
  const allForOrder = async (orderId: number): Promise<InvoiceRow[]> =>
    (await k.selectFrom('invoices').select(COLUMNS).select(linesOf).where('order_id', '=', orderId).orderBy('number').execute()).map(withLedgerIds);
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
      const counter = await k.updateTable('invoice_counter').set((eb) => ({ last: eb('last', '+', 1) })).returning('last').executeTakeFirstOrThrow();
      const row = await k
        .insertInto('invoices')
        .values({
          number: counter.last,
          order_id: invoice.orderId,
          issued_at: invoice.issuedAt,
          customer_name: invoice.customerName,
          gross: invoice.gross,
          vat: invoice.vat,
          net: invoice.net,
          lines: jsonb(invoice.lines),
          supplied_at: invoice.suppliedAt,
          customer_address: invoice.customerAddress,
          ledger_ids: sql<number[]>`${invoice.ledgerIds}::bigint[]`,
        })
        .returning(COLUMNS)
        .returning(linesOf)
        .executeTakeFirstOrThrow();
      return withLedgerIds(row);
    },
  };
}
