import { api } from './client';
import { downloadOf, fileNameOf } from './download';

/** A downloaded document: the file name the server gave it (Content-Disposition) and its bytes. */
export interface PdfFile {
  fileName: string;
  blob: Blob;
}

/** GET /services/order/{id}/receipt.pdf: a VAT invoice of one of my paid orders (`number`: which; the first by default). */
export const getReceiptPdf = (id: number, number?: number) =>
  pdfOf(() => api.GET('/services/order/{id}/receipt.pdf', { params: { path: { id }, query: number === undefined ? {} : { number } }, parseAs: 'blob' }));

/** GET /services/order/{id}/credit-note.pdf: a credit note of one of my orders (`number`: which; the first by default). */
export const getCreditNotePdf = (id: number, number?: number) =>
  pdfOf(() => api.GET('/services/order/{id}/credit-note.pdf', { params: { path: { id }, query: number === undefined ? {} : { number } }, parseAs: 'blob' }));

/** GET /admin/order/{id}/invoice.pdf: any order's VAT invoice, for staff. */
export const getOrderInvoicePdf = (id: number, number?: number) =>
  pdfOf(() => api.GET('/admin/order/{id}/invoice.pdf', { params: { path: { id }, query: number === undefined ? {} : { number } }, parseAs: 'blob' }));

/** GET /admin/order/{id}/credit-note.pdf: any order's credit note, for staff. */
export const getOrderCreditNotePdf = (id: number, number?: number) =>
  pdfOf(() => api.GET('/admin/order/{id}/credit-note.pdf', { params: { path: { id }, query: number === undefined ? {} : { number } }, parseAs: 'blob' }));

async function pdfOf(call: Parameters<typeof downloadOf>[0]): Promise<PdfFile> {
  const { blob, headers } = await downloadOf(call);
  return { fileName: fileNameOf(headers, 'document.pdf'), blob };
}
