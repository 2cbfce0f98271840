import type { Pence } from './money';

/**
 * The VAT return of a quarter (issue 38 part 3, decision 095): HMRC's nine boxes from the VAT
 * invoices and credit notes whose tax point falls in it. Boxes 1–5 in pence; boxes 6–9 are whole
 * pounds, as HMRC asks ("leave out the pence"), so they are the pence figures truncated towards zero.
 * The product sells cleaning in Great Britain and records no purchases, so boxes 2, 4, 7, 8 and 9 are 0.
 */
export interface VatReturnBoxes {
  /** VAT due on sales: the invoices' VAT less the credit notes'. */
  box1: Pence;
  /** VAT due on acquisitions from the EU (Northern Ireland goods only): none. */
  box2: Pence;
  /** Boxes 1 + 2. */
  box3: Pence;
  /** VAT reclaimed on purchases: the product records none. */
  box4: Pence;
  /** Box 3 less box 4: the VAT to pay (negative: to reclaim). */
  box5: Pence;
  /** Total sales before VAT, whole pounds (in pence, a multiple of 100). */
  box6: Pence;
  /** Total purchases before VAT, whole pounds: none recorded. */
  box7: Pence;
  /** Supplies of goods to the EU (Northern Ireland): none. */
  box8: Pence;
  /** Acquisitions of goods from the EU (Northern Ireland): none. */
  box9: Pence;
}

/**
 * A document of the quarter, or the sums of several of one kind (`count` of them, 1 by default): its
 * totals as printed (a credit note's are positive).
 */
export interface TaxPointDocument {
  kind: 'invoice' | 'credit';
  net: Pence;
  vat: Pence;
  count?: number;
}

export interface VatReturn {
  boxes: VatReturnBoxes;
  /** The sales before VAT to the penny (box 6 is this in whole pounds). */
  netSales: Pence;
  invoices: number;
  creditNotes: number;
}

/** Whole pounds, the pence left out (towards zero), as pence. */
const wholePounds = (pence: Pence): Pence => Math.trunc(pence / 100) * 100;

const count = (documents: readonly TaxPointDocument[], kind: TaxPointDocument['kind']) =>
  documents.reduce((sum, document) => sum + (document.kind === kind ? (document.count ?? 1) : 0), 0);

export function vatReturn(documents: readonly TaxPointDocument[]): VatReturn {
  const sign = (document: TaxPointDocument) => (document.kind === 'credit' ? -1 : 1);
  const box1 = documents.reduce((sum, document) => sum + sign(document) * document.vat, 0);
  const netSales = documents.reduce((sum, document) => sum + sign(document) * document.net, 0);
  const box2 = 0;
  const box4 = 0;
  return {
    boxes: { box1, box2, box3: box1 + box2, box4, box5: box1 + box2 - box4, box6: wholePounds(netSales), box7: 0, box8: 0, box9: 0 },
    netSales,
    invoices: count(documents, 'invoice'),
    creditNotes: count(documents, 'credit'),
  };
}

/** The months HMRC's quarters may end in (the owner's stagger): 1 = March, June, September, December. */
export const VAT_STAGGERS = {
  1: 'March, June, September and December',
  2: 'April, July, October and January',
  3: 'May, August, November and February',
} as const;
export type VatStagger = keyof typeof VAT_STAGGERS;

/** A VAT quarter: its first month (YYYY-MM), and its first and last UK dates. */
export interface VatQuarter {
  start: string;
  from: string;
  to: string;
}

const monthText = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;

/** The three months from `start` (YYYY-MM): its first and last UK dates. */
export function vatQuarter(start: string): VatQuarter {
  const [year, month] = start.split('-').map(Number) as [number, number];
  const lastMonth = ((month + 1) % 12) + 1;
  const lastYear = month + 2 > 12 ? year + 1 : year;
  const lastDay = new Date(Date.UTC(lastYear, lastMonth, 0)).getUTCDate();
  return { start, from: `${start}-01`, to: `${monthText(lastYear, lastMonth)}-${String(lastDay).padStart(2, '0')}` };
}

/** The stagger a quarter starting in `start` belongs to. */
export function staggerOf(start: string): VatStagger {
  return (((Number(start.slice(5, 7)) - 1) % 3) + 1) as VatStagger;
}

/** The `count` quarters of a stagger, the one holding `today` (YYYY-MM-DD) first, newest first. */
export function recentVatQuarters(today: string, stagger: VatStagger, count: number): VatQuarter[] {
  let [year, month] = today.split('-').map(Number) as [number, number];
  // Back to the first month of the stagger's quarter holding today: stagger 1 starts in January, 2 in February, 3 in March.
  while ((month - stagger + 12) % 3 !== 0) [year, month] = month === 1 ? [year - 1, 12] : [year, month - 1];
  const quarters: VatQuarter[] = [];
  for (let index = 0; index < count; index += 1) {
    quarters.push(vatQuarter(monthText(year, month)));
    [year, month] = month <= 3 ? [year - 1, month + 9] : [year, month - 3];
  }
  return quarters;
}
