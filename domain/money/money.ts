/**
 * Money, the one home of it (decision 035). Money on the server is counted in whole pence so sums and percentages are exact; the database
 * keeps numeric(10,2) and the API answers pounds as a number with at most two decimals.
 */
export type Pence = number;

/** Pounds as the database or the API gives them (numeric text or number) → whole pence. */
export function toPence(pounds: string | number): Pence {
  return Math.round(Number(pounds) * 100);
}

export function toPounds(pence: Pence): number {
  return pence / 100;
}

/** "1234.50": pounds with two decimals, as numeric(10,2) stores them and the accounts CSV lists them. */
export function poundsText(pence: Pence): string {
  return toPounds(pence).toFixed(2);
}

/** `percent`% of an amount, rounded to the nearest penny (half a penny rounds up). */
export function percentOf(amount: Pence, percent: number): Pence {
  return Math.round((amount * percent) / 100);
}

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** UK prices from pounds, as the API answers them: £1,234.50. */
export function formatMoney(pounds: number): string {
  return gbp.format(pounds);
}

/** £1,234.50, as the site shows prices, from whole pence. */
export function formatPounds(pence: Pence): string {
  return formatMoney(toPounds(pence));
}
