import type { LedgerLine } from './ledger';
import type { PricedLine } from './pricing';
import type { Pence } from './money';

/**
 * What an edit of a booked job adds to its ledger (decision 055): the job's priced lines (items,
 * bigger rooms, the frequency discount, extras, the Congestion Charge) as they are, less what the
 * one pricing rule gives for the edited choices, line by line. Lines are appended, never changed
 * (decision 036), so each changed line is one more line under the same name: `Bedroom x 1, -£25.00`
 * takes a bedroom off. Fees and staff adjustments are not the job's price and stay as they are.
 */
export type JobLineKind = 'item' | 'option' | 'extra' | 'discount' | 'congestion';
const JOB_KINDS: ReadonlySet<string> = new Set<JobLineKind>(['item', 'option', 'extra', 'discount', 'congestion']);

export interface DifferenceLine {
  kind: JobLineKind;
  name: string;
  /** How many more (amount > 0) or fewer (amount < 0) of a counted line; null for the others. */
  quantity: number | null;
  unitPrice: Pence | null;
  amount: Pence;
  vatPercent: number;
}

interface Group {
  kind: JobLineKind;
  name: string;
  /** Signed: lines that took some off count against it. */
  quantity: number;
  unitPrice: Pence | null;
  amount: Pence;
}

// The Congestion Charge is one line whatever it is called ("not due at this address" reverses it).
const keyOf = (kind: string, name: string) => (kind === 'congestion' ? kind : `${kind}\u0000${name}`);

function grouped(lines: ReadonlyArray<{ kind: string; name: string; quantity?: number | null; unitPrice?: Pence | null; amount: Pence }>): Map<string, Group> {
  const groups = new Map<string, Group>();
  for (const line of lines) {
    if (!JOB_KINDS.has(line.kind)) continue;
    const key = keyOf(line.kind, line.name);
    const group = groups.get(key) ?? { kind: line.kind as JobLineKind, name: line.name, quantity: 0, unitPrice: null, amount: 0 };
    group.quantity += (line.quantity ?? 0) * Math.sign(line.amount);
    group.unitPrice = line.unitPrice ?? group.unitPrice;
    group.amount += line.amount;
    groups.set(key, group);
  }
  return groups;
}

export function jobEditDifference(ledger: readonly LedgerLine[], priced: readonly PricedLine[], vatPercent: number): DifferenceLine[] {
  const before = grouped(ledger);
  const after = grouped(priced);
  const difference: DifferenceLine[] = [];
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    const was = before.get(key);
    const now = after.get(key);
    const amount = (now?.amount ?? 0) - (was?.amount ?? 0);
    if (amount === 0) continue;
    const counted = Math.abs((now?.quantity ?? 0) - (was?.quantity ?? 0));
    const { kind, name, unitPrice } = (now ?? was)!;
    difference.push({ kind, name, quantity: counted === 0 ? null : counted, unitPrice: counted === 0 ? null : unitPrice, amount, vatPercent });
  }
  return difference;
}
