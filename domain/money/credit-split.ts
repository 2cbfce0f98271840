import type { Pence } from './money';

/** A credit at one VAT rate (pence, positive: what is given back). */
export interface CreditAtRate {
  rate: number;
  amount: Pence;
}

/** An invoice a credit may reduce, and how much of what it billed is not credited yet (pence). */
export interface CreditableInvoice {
  number: number;
  left: Pence;
}

/**
 * Spreads a credit over VAT rates in proportion to what each rate billed (decision 042): the last
 * rate takes the pennies of rounding, so the parts add up to the credit exactly. Rates with nothing
 * left to credit take no part.
 */
export function spreadOverRates(credit: Pence, billed: readonly CreditAtRate[]): CreditAtRate[] {
  const rates = billed.filter((rate) => rate.amount > 0);
  const total = rates.reduce((sum, rate) => sum + rate.amount, 0);
  if (credit <= 0 || total <= 0) return [];
  let left = credit;
  return rates.map((rate, index) => {
    const amount = index === rates.length - 1 ? left : Math.round((credit * rate.amount) / total);
    left -= amount;
    return { rate: rate.rate, amount };
  });
}

/**
 * Which invoice each part of a credit reduces (decision 059): the newest invoice first (a credit
 * most often gives back the latest charge), each up to what it billed and is not credited yet, the
 * rates in the order given, a rate split at an invoice's limit. A credit note never gives back more
 * than its invoice billed; what no invoice can take (a credit beyond everything invoiced) is not
 * placed, and the caller sees it by the parts' sum.
 */
export function splitCreditOverInvoices(credit: readonly CreditAtRate[], invoices: readonly CreditableInvoice[]): Array<{ invoice: number; lines: CreditAtRate[] }> {
  const targets = [...invoices].sort((a, b) => b.number - a.number).map((invoice) => ({ ...invoice }));
  const notes = new Map<number, CreditAtRate[]>();
  for (const part of credit) {
    let amount = part.amount;
    for (const target of targets) {
      if (amount <= 0) break;
      const taken = Math.min(amount, target.left);
      if (taken <= 0) continue;
      target.left -= taken;
      amount -= taken;
      notes.set(target.number, [...(notes.get(target.number) ?? []), { rate: part.rate, amount: taken }]);
    }
  }
  return [...notes.entries()].map(([invoice, lines]) => ({ invoice, lines }));
}
