import type { Pence } from './money';
import { vatOf } from './pricing';

/**
 * An order's ledger (decision 036): what it costs and what moved, line by line. The one place that
 * turns lines into totals, VAT per rate, paid, refunded and balance due: every screen, mail, invoice,
 * CSV and payment reads these figures, so they cannot disagree.
 */
export type ChargeKind = 'item' | 'option' | 'extra' | 'congestion' | 'discount' | 'fee' | 'adjustment';
export type LedgerKind = ChargeKind | 'payment' | 'refund';

export interface LedgerLine {
  id: number;
  kind: LedgerKind;
  name: string;
  quantity: number | null;
  unitPrice: Pence | null;
  /** Pence. A charge: VAT inclusive, negative for a discount or a credit. Money moved: positive. */
  amount: Pence;
  /** The VAT rate in force when the line was added; null for a payment or refund. */
  vatPercent: number | null;
  reason: string | null;
  reference: string | null;
  actor: string;
  at: Date;
}

/** Net, VAT and gross of the charges at one rate: VAT is taken once per rate, as on an invoice. */
export interface VatAtRate {
  rate: number;
  net: Pence;
  vat: Pence;
  gross: Pence;
}

export interface LedgerTotals {
  /** The sum of the charges: what the order costs. */
  total: Pence;
  rates: VatAtRate[];
  net: Pence;
  vat: Pence;
  paid: Pence;
  refunded: Pence;
  /**
   * The charges of kind `fee` (late fees, an unearned discount): the terms' percentages apply to the
   * job's price without them (`total - fees`), so a fee never earns a fee.
   */
  fees: Pence;
  /** What is owed: the total less what was paid, plus what was given back. Negative: a refund is due. */
  balanceDue: Pence;
}

export const isCharge = (line: Pick<LedgerLine, 'kind'>): boolean => line.kind !== 'payment' && line.kind !== 'refund';

/** Net, VAT and gross per VAT rate, highest rate first; their sums are the invoice's totals. */
export function vatByRate(lines: ReadonlyArray<{ amount: Pence; vatPercent: number | null }>): VatAtRate[] {
  const gross = new Map<number, Pence>();
  for (const line of lines) {
    if (line.vatPercent === null) continue;
    gross.set(line.vatPercent, (gross.get(line.vatPercent) ?? 0) + line.amount);
  }
  return [...gross.entries()]
    .sort(([a], [b]) => b - a)
    .map(([rate, amount]) => {
      const vat = vatOf(amount, rate);
      return { rate, net: amount - vat, vat, gross: amount };
    });
}

export function ledgerTotals(lines: readonly LedgerLine[]): LedgerTotals {
  const rates = vatByRate(lines.filter(isCharge));
  const sum = (kind: LedgerKind) => lines.filter((line) => line.kind === kind).reduce((total, line) => total + line.amount, 0);
  const total = rates.reduce((all, rate) => all + rate.gross, 0);
  const paid = sum('payment');
  const refunded = sum('refund');
  return {
    total,
    rates,
    net: rates.reduce((all, rate) => all + rate.net, 0),
    vat: rates.reduce((all, rate) => all + rate.vat, 0),
    paid,
    refunded,
    fees: sum('fee'),
    balanceDue: total - paid + refunded,
  };
}
