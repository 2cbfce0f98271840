import type { operations } from '../../openapi/schema';
import { api } from './client';
import { downloadOf } from './download';

export type OrdersCsvQuery = NonNullable<operations['exportOrdersCsv']['parameters']['query']>;

export type AccountsCsvQuery = NonNullable<operations['exportAccountsCsv']['parameters']['query']>;

/** GET /admin/orders/csv: every order of the table's sort and filter as CSV (built by the server). */
export async function exportOrdersCsv(query: OrdersCsvQuery): Promise<Blob> {
  return blobOf(() => api.GET('/admin/orders/csv', { params: { query }, parseAs: 'blob' }));
}

/** GET /admin/accounts/csv: every VAT invoice and credit note, a line per VAT rate, for the accounts. */
export async function exportAccountsCsv(query: AccountsCsvQuery = {}): Promise<Blob> {
  return blobOf(() => api.GET('/admin/accounts/csv', { params: { query }, parseAs: 'blob' }));
}

async function blobOf(call: Parameters<typeof downloadOf>[0]): Promise<Blob> {
  return (await downloadOf(call)).blob;
}
