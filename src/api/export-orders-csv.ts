import type { operations } from '../../openapi/schema';
import { api } from './client';
import { ApiError, messageFromBody, normaliseError } from './errors';

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

async function blobOf(call: () => Promise<{ data?: unknown; error?: unknown; response: Response }>): Promise<Blob> {
  let result: { data?: unknown; error?: unknown; response: Response };
  try {
    result = await call();
  } catch (error) {
    throw normaliseError(error);
  }
  if (!result.response.ok) throw new ApiError(messageFromBody(result.error, result.response.status), result.response.status);
  return result.data as Blob;
}
