import type { Pence } from './money';

/** UK standard rate. Prices include it: the VAT is the part of the gross the rate makes up. */
export const VAT_PERCENT = 20;

export interface VatSplit {
  net: Pence;
  vat: Pence;
  gross: Pence;
}

/**
 * The VAT inside a VAT-inclusive amount, rounded to the nearest penny; the net is what is left,
 * so net + VAT = gross to the penny (the invoice never shows a sum that does not add up).
 */
export function splitVat(gross: Pence): VatSplit {
  const vat = Math.round((gross * VAT_PERCENT) / (100 + VAT_PERCENT));
  return { net: gross - vat, vat, gross };
}
