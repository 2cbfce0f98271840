/**
 * Who issues the invoices and credit notes when SUPPLIER_NAME and SUPPLIER_ADDRESS are not set
 * (README, Configuration): the trading name, and a placeholder address to replace in production.
 */
export const DEFAULT_SUPPLIER = { name: 'Sparkle Cleaning', address: '1 Example Street, London SW1A 1AA' } as const;

/** The supplier an invoice names (HMRC: name, address and VAT registration number). */
export interface Supplier {
  name: string;
  address: string;
  vatNumber: string;
}

export function supplierOf(site: { vatNumber: string; supplierName?: string; supplierAddress?: string }): Supplier {
  return { name: site.supplierName ?? DEFAULT_SUPPLIER.name, address: site.supplierAddress ?? DEFAULT_SUPPLIER.address, vatNumber: site.vatNumber };
}

/** "VAT invoice 000042": numbers padded so they sort and read alike everywhere. */
export const invoiceLabel = (number: number) => String(number).padStart(6, '0');

/** A credit note's number: from the invoices' own gap-free counter, told apart by its prefix. */
export const creditNoteLabel = (number: number) => `CN-${invoiceLabel(number)}`;
