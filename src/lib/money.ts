const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** UK prices: £1,234.50. */
export function formatMoney(amount: number): string {
  return gbp.format(amount);
}
