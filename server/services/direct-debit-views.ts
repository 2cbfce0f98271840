import type { OrderPayment } from '../../openapi/schema';
import type { Database } from '../db/database';
import type { OrderRow } from '../repositories/orders';
import { directDebitStatesRepository } from '../repositories/direct-debit-states';
import { DIRECT_DEBIT_SHOWN_DAYS, directDebitState, directDebitStillShown, type MandateState } from '../../domain/money/direct-debit';
import { balanceDueOf } from '../../domain/money/balance-due';
import { ledgerTotals, type LedgerLine } from '../../domain/money/ledger';
import { toPounds } from '../../domain/money/money';
import { CANCELLED_STATUS } from '../../domain/orders/order-statuses';

export type DirectDebitView = NonNullable<OrderPayment['directDebit']>;

/** The mandates of these series paid by Direct Debit (BookingSeries.directDebit). */
export function seriesMandates(db: Database, seriesIds: readonly number[]): Promise<Map<number, MandateState>> {
  return directDebitStatesRepository(db).mandatesOf(seriesIds);
}

/**
 * Where each visit paid by Direct Debit stands, for My orders (decision 100): from its series'
 * mandate, its GoCardless payment and its ledger (domain/money/direct-debit.ts). A visit cancelled
 * before anything was asked for has nothing to say about Direct Debit and is left out.
 */
export async function directDebitViews(
  db: Database, rows: readonly OrderRow[], ledgers: ReadonlyMap<number, readonly LedgerLine[]>, mandates?: ReadonlyMap<number, MandateState>,
): Promise<Map<number, DirectDebitView>> {
  const visits = rows.filter((row) => row.payment_method === 'direct_debit' && row.series_id !== null);
  if (visits.length === 0) return new Map();
  const states = directDebitStatesRepository(db);
  const known = mandates ?? (await states.mandatesOf([...new Set(visits.map((row) => row.series_id!))]));
  const collections = await states.collectionsOf(visits.map((row) => row.id));
  const views = new Map<number, DirectDebitView>();
  for (const row of visits) {
    const collection = collections.get(row.id) ?? null;
    if (row.status === CANCELLED_STATUS && collection === null) continue;
    const lines = ledgers.get(row.id) ?? [];
    const due = balanceDueOf(row, ledgerTotals(lines));
    const { state, amount } = directDebitState({ mandate: known.get(row.series_id!) ?? 'pending', collection }, lines, due);
    views.set(row.id, { state, amount: toPounds(amount) });
  }
  return views;
}

/**
 * The Direct Debit visits of these series due before `before` that My orders may still list
 * (decision 108): more than the rule keeps; `stillShown` keeps those it lists. No statement when
 * no series is paid by Direct Debit.
 */
export function settlingVisits(db: Database, seriesIds: readonly number[], before: Date, now: Date): Promise<(OrderRow & { series_id: number })[]> {
  const movedSince = new Date(now.getTime() - DIRECT_DEBIT_SHOWN_DAYS * 24 * 60 * 60 * 1000);
  return directDebitStatesRepository(db).settlingVisits(seriesIds, before, movedSince);
}

/** Whether My orders still lists this older Direct Debit visit (domain/money/direct-debit.ts, decision 108). */
export function stillShown(row: OrderRow, lines: readonly LedgerLine[], view: DirectDebitView | undefined, now: Date): boolean {
  return directDebitStillShown(view?.state ?? null, lines, balanceDueOf(row, ledgerTotals(lines)), now);
}
