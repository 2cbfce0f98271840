import type { VatReturn } from '../../openapi/schema';
import { api } from './client';
import { downloadOf } from './download';
import { unwrap } from './errors';

/** GET /admin/accounts/vat-return: HMRC's boxes of the quarter from `start` (YYYY-MM), decision 095. */
export function getVatReturn(query: { start: string }): Promise<VatReturn> {
  return unwrap(api.GET('/admin/accounts/vat-return', { params: { query } }));
}

/** The quarter's files for the accountant: the boxes, Xero's sales import, QuickBooks Online's invoice import. */
export type AccountsFile = 'vat-return' | 'xero' | 'quickbooks';

export async function exportAccountsFile(file: AccountsFile, query: { start: string }): Promise<Blob> {
  const call =
    file === 'vat-return'
      ? () => api.GET('/admin/accounts/vat-return/csv', { params: { query }, parseAs: 'blob' })
      : file === 'xero'
        ? () => api.GET('/admin/accounts/xero/csv', { params: { query }, parseAs: 'blob' })
        : () => api.GET('/admin/accounts/quickbooks/csv', { params: { query }, parseAs: 'blob' });
  return (await downloadOf(call)).blob;
}
