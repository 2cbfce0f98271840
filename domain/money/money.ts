/**
 * Money, the one home of it (decision 035). Money is counted in whole pence so sums and percentages are exact, from the database up:
 * every amount column is integer pence (running sums bigint; migration 077, decision 102). Pounds exist only at the edges: the API's
 * shapes (a number with at most two decimals, `toPounds` in the route's view, `toPence` of what a request sent), the payment
 * provider's requests and notifications, and text (`formatPounds`, `poundsText`).
 */
export type Pence = number;

/** Pounds as the API or a provider gives them (a number, or its text) → whole pence. */
export function toPence(pounds: string | number): Pence {
  return Math.round(Number(pounds) * 100);
}

export function toPounds(pence: Pence): number {
  return pence / 100;
}

/** "1234.50": pounds with two decimals, as the CSV exports list them. */
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
