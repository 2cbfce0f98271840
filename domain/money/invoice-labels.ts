/** Who issues the invoices and credit notes. */
export const COMPANY_NAME = 'Sparkle Cleaning';

/** "VAT invoice 000042": numbers padded so they sort and read alike everywhere. */
export const invoiceLabel = (number: number) => String(number).padStart(6, '0');
