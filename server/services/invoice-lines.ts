import type { InvoiceLine } from '../../openapi/schema';
import { toPounds, type Pence } from '../../domain/money/money';
import type { OrderLine } from '../../domain/money/order-lines';
import { lineView, vatByRate } from '../../domain/money/order-lines';
import { vatOf } from '../../domain/money/pricing';
import { unitRuns } from '../../domain/money/unit-split';


/**
 * The lines of a VAT invoice or credit note as HMRC asks for them (VAT Notice 700/21 section 16.3):
 * each with its unit price and amount before VAT beside the VAT-inclusive price the customer was
 * quoted. VAT is taken once per rate (as on the totals), so each line's share of its rate's VAT is
 * rounded and the rounding pennies go to the line with the largest amount: the nets of the lines at
 * a rate add up to that rate's net to the penny, and the printed document adds up down every column.
 * A line of several units whose pennies do not divide by its quantity is printed as runs of equal
 * units (domain/money/unit-split.ts), so quantity × unit price is the amount beside it, exactly.
 */
export function invoiceLineViews(lines: readonly OrderLine[]): InvoiceLine[] {
  const vats = lines.map((line) => vatOf(line.amount, line.vatPercent));
  for (const rate of vatByRate(lines)) {
    const at = lines.flatMap((line, index) => (line.vatPercent === rate.rate ? [index] : []));
    const drift = rate.vat - at.reduce((sum, index) => sum + vats[index]!, 0);
    const largest = at.reduce((best, index) => (lines[index]!.amount > lines[best]!.amount ? index : best), at[0]!);
    vats[largest] = vats[largest]! + drift;
  }
  return lines.flatMap((line, index) => {
    const net: Pence = line.amount - vats[index]!;
    if (line.quantity !== null && line.quantity >= 1) {
      // Quantity × unit price is the amount printed beside it, before and after VAT (decision 072).
      return unitRuns(line.quantity, net, line.amount).map((run) => ({
        ...lineView(line),
        quantity: run.quantity,
        unitPrice: toPounds(run.unitGross),
        unitNet: toPounds(run.unitNet),
        net: toPounds(run.quantity * run.unitNet),
        vat: toPounds(run.quantity * (run.unitGross - run.unitNet)),
        amount: toPounds(run.quantity * run.unitGross),
      }));
    }
    const unitNet = line.unitPrice === null ? null : line.unitPrice - vatOf(line.unitPrice, line.vatPercent);
    return [{ ...lineView(line), net: toPounds(net), vat: toPounds(vats[index]!), unitNet: unitNet === null ? null : toPounds(unitNet) }];
  });
}
