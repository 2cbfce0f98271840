import type { Pence } from './money';

/** A run of equal units of an invoice line: `quantity` × `unitNet` is its net, `quantity` × `unitGross` its gross, exactly. */
export interface UnitRun {
  quantity: number;
  unitNet: Pence;
  unitGross: Pence;
}

/**
 * How a line of `quantity` units with a `net` and a `gross` (pence) is printed on a VAT invoice so
 * that quantity × unit price is the line's amount to the penny (issue 33 row 6, decision 072): when
 * the pennies do not divide by the quantity, the line is split into runs of equal units, the units
 * one penny dearer last ("Bedroom 1 × £20.83 = £20.83", "Bedroom 1 × £20.84 = £20.84" for £41.67).
 * At most three runs; one when both divide. The runs' nets add up to `net` and their grosses to
 * `gross`, so a run's VAT (gross − net) adds up to the line's VAT as well.
 */
export function unitRuns(quantity: number, net: Pence, gross: Pence): UnitRun[] {
  if (!Number.isInteger(quantity) || quantity < 1) throw new RangeError(`quantity must be a whole number of at least 1, not ${quantity}`);
  const netBase = Math.floor(net / quantity);
  const grossBase = Math.floor(gross / quantity);
  // The last (net - netBase × quantity) units carry one penny more of net; likewise for the gross.
  const netDearer = quantity - (net - netBase * quantity);
  const grossDearer = quantity - (gross - grossBase * quantity);
  const cuts = [...new Set([0, netDearer, grossDearer, quantity])].sort((a, b) => a - b);
  const runs: UnitRun[] = [];
  for (let index = 0; index + 1 < cuts.length; index += 1) {
    const [from, to] = [cuts[index]!, cuts[index + 1]!];
    if (to === from) continue;
    runs.push({ quantity: to - from, unitNet: netBase + (from >= netDearer ? 1 : 0), unitGross: grossBase + (from >= grossDearer ? 1 : 0) });
  }
  return runs;
}
