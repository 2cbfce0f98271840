import type { FastifyReply } from 'fastify';
import type { PdfDocument } from '../services/invoice-documents';

/** A PDF download: its type, the file name browsers save it under, and kept out of shared caches (it is personal). */
export function sendPdf(reply: FastifyReply, document: PdfDocument): Buffer {
  reply.type('application/pdf').header('content-disposition', `attachment; filename="${document.filename}"`).header('cache-control', 'private, no-store');
  return document.pdf;
}
