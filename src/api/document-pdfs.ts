import { api } from './client';
import { ApiError, messageFromBody, normaliseError } from './errors';

/** A downloaded document: the file name the server gave it (Content-Disposition) and its bytes. */
export interface PdfFile {
  fileName: string;
  blob: Blob;
}

/** GET /services/order/{id}/receipt.pdf: the VAT invoice of one of my paid orders. */
export const getReceiptPdf = (id: number) => pdfOf(() => api.GET('/services/order/{id}/receipt.pdf', { params: { path: { id } }, parseAs: 'blob' }));

/** GET /services/order/{id}/credit-note.pdf: the credit note of one of my orders. */
export const getCreditNotePdf = (id: number) => pdfOf(() => api.GET('/services/order/{id}/credit-note.pdf', { params: { path: { id } }, parseAs: 'blob' }));

/** GET /admin/order/{id}/invoice.pdf: any order's VAT invoice, for staff. */
export const getOrderInvoicePdf = (id: number) => pdfOf(() => api.GET('/admin/order/{id}/invoice.pdf', { params: { path: { id } }, parseAs: 'blob' }));

/** GET /admin/order/{id}/credit-note.pdf: any order's credit note, for staff. */
export const getOrderCreditNotePdf = (id: number) => pdfOf(() => api.GET('/admin/order/{id}/credit-note.pdf', { params: { path: { id } }, parseAs: 'blob' }));

async function pdfOf(call: () => Promise<{ data?: unknown; error?: unknown; response: Response }>): Promise<PdfFile> {
  let result: { data?: unknown; error?: unknown; response: Response };
  try {
    result = await call();
  } catch (error) {
    throw normaliseError(error);
  }
  if (!result.response.ok) throw new ApiError(messageFromBody(result.error, result.response.status), result.response.status);
  const named = /filename="([^"]+)"/.exec(result.response.headers.get('content-disposition') ?? '');
  return { fileName: named?.[1] ?? 'document.pdf', blob: result.data as Blob };
}
