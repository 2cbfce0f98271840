import { createServer, type Server } from 'node:http';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../../openapi/schema';
import { ApiError } from '../../src/api/errors';
import { downloadOf, fileNameOf } from '../../src/api/download';

/**
 * The one download helper of the client (PDFs and CSVs, src/api/download.ts) against a real HTTP
 * server on a free port: it hands back the bytes and the headers, so the file name comes from
 * Content-Disposition, and a refusal becomes an ApiError carrying the server's message.
 */
let server: Server;
let api: ReturnType<typeof createClient<paths>>;

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/api/services/order/7/receipt.pdf') {
      response.writeHead(200, { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="invoice-INV-000007.pdf"' });
      response.end('%PDF-1.7 test');
    } else {
      response.writeHead(403, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ message: 'This order is not yours' }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api = createClient<paths>({ baseUrl: `http://127.0.0.1:${(server.address() as { port: number }).port}/api` });
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const receipt = (id: number) => () => api.GET('/services/order/{id}/receipt.pdf', { params: { path: { id } }, parseAs: 'blob' });

describe('downloadOf', () => {
  it('answers the bytes and the headers, whose Content-Disposition names the file', async () => {
    const { blob, headers } = await downloadOf(receipt(7));
    expect(await blob.text()).toBe('%PDF-1.7 test');
    expect(fileNameOf(headers, 'document.pdf')).toBe('invoice-INV-000007.pdf');
  });

  it('falls back to a name when the server gives none', () => {
    expect(fileNameOf(new Headers(), 'document.pdf')).toBe('document.pdf');
  });

  it('turns a refusal into an ApiError with the server\'s message and status', async () => {
    const refused = await downloadOf(receipt(8)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ message: 'This order is not yours', status: 403 });
  });
});
