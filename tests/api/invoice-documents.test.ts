/**
 * Issue 23 item 3, decision 042: VAT invoices and credit notes an accountant would accept, as PDF.
 * The PDFs are read back with PDF.js, and what they print is checked against HMRC's list for a
 * full VAT invoice and against the order's own figures; numbers stay gap-free under concurrent
 * checkouts and after a rolled-back issue (PGlite, and PostgreSQL with DATABASE_URL).
 */
import { describe, expect, it } from 'vitest';
import type { Receipt } from '../../openapi/schema';
import { mailOutbox } from '../../server/queue';
import { orderRepository } from '../../server/repositories/orders';
import { issueInvoice } from '../../server/services/receipts';
import { formatLondon } from '../../domain/time/london-time';
import { pdfRows } from '../support/pdf-text';
import { checkout, checkoutBody, payOnTestPage, placeOrder, send } from './booking-fixtures';
import { shopForFile } from './support/shop-for-file';

const START = '2030-01-07T12:00:00.000Z';
const { clock, inHours, server, admin, jane, house } = shopForFile({
  start: START,
  customer: 'Jane Invoice',
  server: { config: { supplierName: 'Sparkle Cleaning Ltd', supplierAddress: '10 Test Row, London EC1A 1BB' } },
});
const gbp = (pounds: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(pounds);
const pence = (text: string) => Math.round(Number(text.replace(/[£,]/g, '')) * 100);

async function download(path: string, token: string) {
  const response = await fetch(`${server.baseUrl}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

async function paidCardOrder(hoursAhead = 72, customer = jane) {
  const order = await placeOrder(server, customer.token, house, [3, 1]);
  const { data, response } = await checkout(server, customer.token, checkoutBody(order.id, inHours(hoursAhead), 'card'));
  expect(response.status).toBe(200);
  await payOnTestPage(server, data!.shippingInfo!);
  return order;
}

async function receiptOf(id: number, token = jane.token): Promise<Receipt> {
  const answer = await send(server, 'GET', `/services/order/${id}/receipt`, { token });
  expect(answer.status).toBe(200);
  return answer.body as Receipt;
}

/** The printed table: from its header row to its total row, the lines, the rates and the total. */
function table(rows: string[][], totalLabel: string) {
  const header = rows.findIndex((row) => row[0] === 'Description');
  const total = rows.findIndex((row) => row[0] === totalLabel);
  // Rows of figures only (a header's second line of words is not one).
  const body = rows.slice(header + 1, total).filter((row) => /^-?£/.test(row.at(-1)!));
  return { lines: body.filter((row) => !row[0]!.startsWith('VAT at ')), rates: body.filter((row) => row[0]!.startsWith('VAT at ')), total: rows[total]! };
}

/** The last three cells of a printed row: net, VAT and the amount with VAT, in pence. */
const amounts = (row: string[]) => row.slice(-3).map(pence) as [number, number, number];
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** Each column adds up: the lines to each rate's figures, the rates to the total, net + VAT = gross on every row. */
function expectAddsUp(printed: ReturnType<typeof table>) {
  const [net, vat, gross] = amounts(printed.total);
  for (const row of [...printed.lines, ...printed.rates, printed.total]) expect(amounts(row)[0] + amounts(row)[1]).toBe(amounts(row)[2]);
  expect(sum(printed.lines.map((row) => amounts(row)[0]))).toBe(net);
  expect(sum(printed.lines.map((row) => amounts(row)[1]))).toBe(vat);
  expect(sum(printed.lines.map((row) => amounts(row)[2]))).toBe(gross);
  expect(sum(printed.rates.map((row) => amounts(row)[2]))).toBe(gross);
  return { net, vat, gross };
}

describe('GET /services/order/{id}/receipt.pdf (getReceiptPdf)', () => {
  it("prints a full VAT invoice whose lines and totals add up to the order's figures, as a named PDF", async () => {
    const order = await paidCardOrder();
    const receipt = await receiptOf(order.id);
    const { response, bytes } = await download(`/services/order/${order.id}/receipt.pdf`, jane.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="invoice-${String(receipt.number).padStart(6, '0')}.pdf"`);
    const rows = await pdfRows(bytes);
    const text = rows.map((row) => row.join(' ')).join('\n');
    // HMRC's full VAT invoice: number, dates, supplier (name, address, VAT number), customer (name, address).
    for (const expected of [
      'VAT invoice',
      `Invoice number ${String(receipt.number).padStart(6, '0')}`,
      `Date of issue ${formatLondon(receipt.issued)}`,
      `Time of supply (tax point) ${formatLondon(receipt.supplied)}`,
      'Sparkle Cleaning Ltd', '10 Test Row, London EC1A 1BB', 'VAT registration number GB 987 6543 21',
      'Jane Invoice', receipt.address,
    ]) expect(text).toContain(expected);
    expect(receipt.address).toMatch(/\S/);
    // Paid by card at checkout: the payment is the tax point, UK time, shown YYYY-MM-DD HH:mm.
    expect(formatLondon(receipt.supplied)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const printed = table(rows, 'Total');
    expect(printed.lines.map((row) => row[0])).toEqual(receipt.lines.map((line) => line.name));
    for (const [index, line] of receipt.lines.entries()) {
      expect(printed.lines[index]!.slice(1)).toEqual([
        ...(line.quantity === null ? [] : [String(line.quantity)]),
        ...(line.unitNet === null ? [] : [gbp(line.unitNet)]),
        `${line.vatRate}%`, gbp(line.net), gbp(line.vat), gbp(line.amount),
      ]);
    }
    const totals = expectAddsUp(printed);
    expect(totals).toEqual({ net: pence(String(receipt.net)), vat: pence(String(receipt.vat)), gross: pence(String(order.total)) });
    expect(printed.total.slice(-3)).toEqual([gbp(receipt.net), gbp(receipt.vat), gbp(order.total)]);
  });

  it("is the customer's own: another's is 404, an unpaid order's 409, no sign-in 401; no credit note before a refund", async () => {
    const order = await paidCardOrder();
    const other = await server.createCustomer();
    for (const path of [`/services/order/${order.id}/receipt.pdf`, `/services/order/${order.id}/credit-note.pdf`]) {
      expect(await send(server, 'GET', path, { token: other.token })).toEqual({ status: 404, body: { message: 'Order not found' } });
      expect((await send(server, 'GET', path)).status).toBe(401);
    }
    expect(await send(server, 'GET', `/services/order/${order.id}/credit-note.pdf`, { token: jane.token })).toEqual({
      status: 404, body: { message: 'There is no credit note for this order' },
    });
    const unpaid = await placeOrder(server, jane.token, house, [1, 1]);
    expect((await checkout(server, jane.token, checkoutBody(unpaid.id, inHours(96)))).response.status).toBe(200);
    expect(await send(server, 'GET', `/services/order/${unpaid.id}/receipt.pdf`, { token: jane.token })).toEqual({
      status: 409, body: { message: 'There is no VAT invoice for this order until it is paid' },
    });
    expect((await send(server, 'GET', `/services/order/${unpaid.id}/credit-note.pdf`, { token: jane.token })).status).toBe(404);
  });
});

describe('credit notes and the back office (getCreditNotePdf, getOrderInvoicePdf, getOrderCreditNotePdf)', () => {
  it('a refund issues a credit note that names its invoice and why, adds up, and staff download both for any order', async () => {
    const order = await paidCardOrder(72);
    const request = await send(server, 'POST', `/services/refund-request/${order.id}`, { token: jane.token, body: { reason: 'Moving out early' } });
    expect(request.status).toBe(201);
    expect((await send(server, 'PUT', '/admin/refund/status', { token: admin.token, body: { status: 'accepted', order: order.id } })).status).toBe(200);
    const receipt = await receiptOf(order.id);
    const note = receipt.creditNote!;
    expect(note.gross).toBe(order.total);

    for (const [path, token] of [[`/services/order/${order.id}/credit-note.pdf`, jane.token], [`/admin/order/${order.id}/credit-note.pdf`, admin.token]] as const) {
      const { response, bytes } = await download(path, token);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('content-disposition')).toBe(`attachment; filename="credit-note-${note.label}.pdf"`);
      const rows = await pdfRows(bytes);
      const text = rows.map((row) => row.join(' ')).join('\n');
      for (const expected of [
        'Credit note', `Credit note number ${note.label}`, `Date of issue ${formatLondon(note.issued)}`,
        `Credits VAT invoice ${String(receipt.number).padStart(6, '0')} of ${formatLondon(receipt.issued)}`,
        'Reason', note.reason, 'Sparkle Cleaning Ltd', '10 Test Row, London EC1A 1BB', 'VAT registration number GB 987 6543 21',
        'Jane Invoice', note.address,
      ]) expect(text).toContain(expected);
      const totals = expectAddsUp(table(rows, 'Total credited'));
      expect(totals).toEqual({ net: pence(String(note.net)), vat: pence(String(note.vat)), gross: pence(String(order.total)) });
    }

    const { response, bytes } = await download(`/admin/order/${order.id}/invoice.pdf`, admin.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="invoice-${String(receipt.number).padStart(6, '0')}.pdf"`);
    const rows = await pdfRows(bytes);
    expect(amounts(table(rows, 'Total').total)[2]).toBe(pence(String(order.total)));
    expect(rows.map((row) => row.join(' ')).join('\n')).toContain(`Credited by credit note ${note.label}`);
    // Customers never reach the back office's copies.
    expect((await send(server, 'GET', `/admin/order/${order.id}/invoice.pdf`, { token: jane.token })).status).toBe(403);
    expect(await send(server, 'GET', '/admin/order/999999/invoice.pdf', { token: admin.token })).toEqual({ status: 404, body: { message: 'Order not found' } });
  });
});

describe('invoice numbers (HMRC: sequential, no gaps)', () => {
  it('stay sequential and gap-free under concurrent card checkouts, and a rolled-back issue gives its number back', async () => {
    const before = (await server.db.query<{ last: number }>('SELECT last FROM invoice_counter'))[0]!.last;
    const orders = await Promise.all(Array.from({ length: 6 }, () => placeOrder(server, jane.token, house, [1, 1])));
    const checkouts = await Promise.all(orders.map((order, index) => checkout(server, jane.token, checkoutBody(order.id, inHours(72 + 24 * index), 'card'))));
    expect(checkouts.map(({ response }) => response.status)).toEqual(orders.map(() => 200));
    // Paid at once: each payment's notification issues its invoice in its own transaction.
    await Promise.all(checkouts.map(({ data }) => payOnTestPage(server, data!.shippingInfo!)));
    const numbers = (await Promise.all(orders.map((order) => receiptOf(order.id)))).map((receipt) => receipt.number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 6 }, (_, index) => before + 1 + index));

    // A cash job completed, whose invoice's transaction fails after taking a number: the number comes back.
    const cash = await placeOrder(server, jane.token, house, [1, 1]);
    expect((await checkout(server, jane.token, checkoutBody(cash.id, inHours(72)))).response.status).toBe(200);
    await server.db.query(`UPDATE orders SET status = 'completed', completed_at = $2 WHERE id = $1`, [cash.id, clock.now()]);
    const outbox = mailOutbox(server.app.jobs, { publicUrl: server.config.publicUrl, vatNumber: server.config.vatNumber });
    await expect(
      server.db.transaction(async (tx) => {
        const locked = await orderRepository(tx).find(cash.id, { forUpdate: true });
        const issued = await issueInvoice(tx, locked!, outbox, clock.now());
        expect(issued.number).toBe(before + 7);
        throw new Error('the checkout failed after the invoice');
      }),
    ).rejects.toThrow('the checkout failed after the invoice');
    expect((await receiptOf(cash.id)).number).toBe(before + 7);
    const all = await server.db.query<{ number: number }>('SELECT number FROM invoices ORDER BY number');
    expect(all.map((row) => row.number)).toEqual(Array.from({ length: all.length }, (_, index) => index + 1));
  });
});
