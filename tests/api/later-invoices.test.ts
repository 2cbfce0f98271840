/**
 * Issue 23, decision 059: a later charge of a paid order has a VAT invoice of its own listing
 * exactly that charge, and a credit has credit notes, each against an invoice and never more than
 * it billed; invoices less credit notes are the ledger's total to the penny. Issued once under
 * concurrent charges (consecutive numbers, no duplicate, no gap) and never again on a replayed
 * notification. The customer and staff list and download every document; the accounts export and
 * the revenue report read the same documents. PGlite, and PostgreSQL with DATABASE_URL.
 */
import { describe, expect, it } from 'vitest';
import type { OrderDetail, Receipt, RevenueReport } from '../../openapi/schema';
import { signNotification } from '../../server/services/test-payment-provider';
import { ledgerTotals } from '../../domain/money/ledger';
import { ledgerRepository } from '../../server/repositories/ledger';
import { pdfRows } from '../support/pdf-text';
import { paidCardOrder, payOnTestPage, pence, send } from './booking-fixtures';
import { TEST_PAYMENT_WEBHOOK_SECRET } from './support/test-config';
import { documentsOf } from './support/order-documents';
import { shopForFile } from './support/shop-for-file';
import { mailOutbox } from '../../server/queue';
import { orderRepository } from '../../server/repositories/orders';
import { documentLaterCharges } from '../../server/services/later-documents';

const START = '2030-01-07T12:00:00.000Z';
const { clock, inHours, server, admin, jane, house } = shopForFile({ start: START, customer: 'Jane Later' });

/** The invariant of decision 059: invoices − credit notes = the ledger's total; no invoice credited beyond what it billed. */
async function expectDocumentsMatchLedger(orderId: number) {
  const { invoices, notes } = await documentsOf(server.db, orderId);
  const total = ledgerTotals(await ledgerRepository(server.db).forOrder(orderId)).total;
  expect(invoices.reduce((sum, one) => sum + one.gross, 0) - notes.reduce((sum, one) => sum + one.gross, 0)).toBe(total);
  for (const invoice of invoices) {
    expect(notes.filter((note) => note.invoice === invoice.number).reduce((sum, note) => sum + note.gross, 0)).toBeLessThanOrEqual(invoice.gross);
  }
  return total;
}

async function pdfText(path: string, token: string) {
  const response = await fetch(`${server.baseUrl}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (response.status !== 200) return { status: response.status, name: '', text: '' };
  const rows = await pdfRows(bytes);
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? '';
  return { status: response.status, name, text: rows.map((row) => row.join(' ')).join('\n') };
}

const adjust = (orderId: number, pounds: number, reason: string) =>
  send(server, 'POST', `/admin/order/${orderId}/adjustments`, { token: admin.token, body: { amount: pounds, reason } });

const allCreditNoteNumbers = async () => (await server.db.query<{ number: number }>('SELECT number FROM credit_notes ORDER BY number')).map((row) => row.number);
const allInvoiceNumbers = async () => (await server.db.query<{ number: number }>('SELECT number FROM invoices ORDER BY number')).map((row) => row.number);

describe('a later charge is invoiced on its own, a credit gets credit notes (decision 059)', () => {
  it('a staff charge after payment: its own invoice with exactly that line; paying it and a replayed notification issue nothing more', async () => {
    const order = await paidCardOrder(server, jane.token, house, inHours(72));
    const [first] = (await documentsOf(server.db, order.id)).invoices;
    const charged = await adjust(order.id, 12.34, 'Oven cleaned on request');
    expect(charged.status, JSON.stringify(charged.body)).toBe(200);
    const { invoices } = await documentsOf(server.db, order.id);
    expect(invoices.map((invoice) => invoice.number)).toEqual([first!.number, first!.number + 1]);
    expect(invoices[1]!.gross).toBe(1234);
    expect(invoices[1]!.lines.map((line) => [line.kind, line.name, line.amount])).toEqual([['adjustment', 'Adjustment (Oven cleaned on request)', 1234]]);
    const mailed = (await server.outbox()).filter((mail) => mail.to === jane.email && mail.subject.startsWith(`VAT invoice ${String(invoices[1]!.number).padStart(6, '0')} `));
    expect(mailed).toHaveLength(1);

    // The balance paid through the provider, then its notification delivered again.
    const pay = await send(server, 'POST', `/services/order/${order.id}/pay`, { token: jane.token });
    expect(pay.status, JSON.stringify(pay.body)).toBe(200);
    await payOnTestPage(server, pay.body.shippingInfo);
    const [row] = await server.db.query<{ balance_payment_ref: string }>('SELECT balance_payment_ref FROM orders WHERE id = $1', [order.id]);
    const body = JSON.stringify({ type: 'payment.succeeded', payment: row!.balance_payment_ref, order: order.id, amount: 12.34 });
    const replayed = await fetch(`${server.baseUrl}/payments/notifications`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'test-payments-signature': signNotification(TEST_PAYMENT_WEBHOOK_SECRET, body, clock.now()) }, body,
    });
    expect(replayed.status).toBeLessThan(500);
    expect((await documentsOf(server.db, order.id)).invoices).toHaveLength(2);
    expect((await documentsOf(server.db, order.id)).notes).toEqual([]);
    await expectDocumentsMatchLedger(order.id);
  });

  it('two staff charges at once: two invoices with consecutive numbers, each one charge, no duplicate and no gap', async () => {
    const order = await paidCardOrder(server, jane.token, house, inHours(96));
    const before = await allInvoiceNumbers();
    const answers = await Promise.all([adjust(order.id, 5, 'Windows'), adjust(order.id, 7, 'Fridge')]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const { invoices } = await documentsOf(server.db, order.id);
    expect(invoices).toHaveLength(3);
    expect(invoices.slice(1).map((invoice) => invoice.gross).sort((a, b) => a - b)).toEqual([500, 700]);
    expect(invoices.slice(1).every((invoice) => invoice.lines.length === 1)).toBe(true);
    const after = await allInvoiceNumbers();
    expect(after).toEqual([...before, before.at(-1)! + 1, before.at(-1)! + 2]);
    expect(after).toEqual(Array.from({ length: after.length }, (_, index) => index + 1));
    await expectDocumentsMatchLedger(order.id);
  });

  it('credit notes: sequential and gap-free as invoices are, under concurrent credits, and a rolled-back issue gives its number back', async () => {
    const orders = await Promise.all([144, 168, 192].map((hours) => paidCardOrder(server, jane.token, house, inHours(hours))));
    const before = await allCreditNoteNumbers();
    const answers = await Promise.all(orders.map((order) => adjust(order.id, -1, 'Windows smeared')));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const last = before.at(-1) ?? 0;
    expect(await allCreditNoteNumbers()).toEqual([...before, last + 1, last + 2, last + 3]);

    // A credit whose transaction fails after its credit note took a number: the number comes back.
    const outbox = mailOutbox(server.app.jobs, { publicUrl: server.config.publicUrl, vatNumber: server.config.vatNumber });
    await expect(
      server.db.transaction(async (tx) => {
        await orderRepository(tx).find(orders[0]!.id, { forUpdate: true });
        const [staff] = await tx.query<{ id: number; name: string }>(`SELECT id, name FROM users WHERE 'ROLE_ADMIN' = ANY(roles) ORDER BY id LIMIT 1`);
        await ledgerRepository(tx).add({ orderId: orders[0]!.id, kind: 'adjustment', name: 'Adjustment', amount: -100, vatPercent: 20, reason: 'Rolled back', actorId: staff!.id, actor: staff!.name, at: clock.now() });
        await documentLaterCharges(tx, orders[0]!.id, outbox, clock.now(), 'Rolled back');
        expect((await tx.query<{ last: number }>('SELECT last FROM credit_note_counter'))[0]!.last).toBe(last + 4);
        throw new Error('the credit failed after its credit note');
      }),
    ).rejects.toThrow('the credit failed after its credit note');
    expect((await adjust(orders[1]!.id, -1, 'Oven missed')).status).toBe(200);
    const all = await allCreditNoteNumbers();
    expect(all.at(-1)).toBe(last + 4);
    // Every credit note ever issued, numbered 1, 2, 3… with none missing (HMRC: a unique sequence).
    expect(all).toEqual(Array.from({ length: all.length }, (_, index) => index + 1));
  });

  it('a staff credit larger than the latest invoice is credited by two credit notes, newest invoice first, each listed and downloadable', async () => {
    const order = await paidCardOrder(server, jane.token, house, inHours(120));
    expect((await adjust(order.id, 10, 'Balcony')).status).toBe(200);
    const credited = await adjust(order.id, -25, 'Arrived late');
    expect(credited.status, JSON.stringify(credited.body)).toBe(200);
    const { invoices, notes } = await documentsOf(server.db, order.id);
    expect(notes.map((note) => [note.invoice, note.gross])).toEqual([[invoices[1]!.number, 1000], [invoices[0]!.number, 1500]]);
    const total = await expectDocumentsMatchLedger(order.id);

    // The customer's invoice page lists every document; each downloads by its number.
    const receipt = (await send(server, 'GET', `/services/order/${order.id}/receipt`, { token: jane.token })).body as Receipt;
    expect(receipt.documents.map((document) => [document.kind, document.number, document.credits, pence(document.gross)])).toEqual([
      ['invoice', invoices[0]!.number, null, invoices[0]!.gross],
      ['invoice', invoices[1]!.number, null, 1000],
      ['credit_note', notes[0]!.number, invoices[1]!.number, 1000],
      ['credit_note', notes[1]!.number, invoices[0]!.number, 1500],
    ]);
    const later = await pdfText(`/services/order/${order.id}/receipt.pdf?number=${invoices[1]!.number}`, jane.token);
    expect(later.name).toBe(`invoice-${String(invoices[1]!.number).padStart(6, '0')}.pdf`);
    expect(later.text).toContain('Adjustment');
    expect(later.text).toMatch(/Total .*£10\.00$/m);
    const note = await pdfText(`/services/order/${order.id}/credit-note.pdf?number=${notes[0]!.number}`, jane.token);
    expect(note.name).toBe(`credit-note-CN-${String(notes[0]!.number).padStart(6, '0')}.pdf`);
    expect(note.text).toContain(`Credits VAT invoice ${String(invoices[1]!.number).padStart(6, '0')}`);
    expect(note.text).toContain('Arrived late');
    // Another order's document, or none with that number: not found.
    expect((await pdfText(`/services/order/${order.id}/receipt.pdf?number=${invoices[1]!.number + 1000}`, jane.token)).status).toBe(404);
    expect((await pdfText(`/services/order/${order.id}/credit-note.pdf?number=${notes[1]!.number + 1000}`, jane.token)).status).toBe(404);
    const someoneElse = await server.createCustomer({ name: 'Other Person' });
    expect((await pdfText(`/services/order/${order.id}/receipt.pdf?number=${invoices[1]!.number}`, someoneElse.token)).status).toBe(404);

    // Staff see the same list and download any of them.
    const detail = (await send(server, 'GET', `/admin/order/${order.id}`, { token: admin.token })).body as OrderDetail;
    expect(detail.documents).toEqual(receipt.documents);
    const staffNote = await pdfText(`/admin/order/${order.id}/credit-note.pdf?number=${notes[1]!.number}`, admin.token);
    expect(staffNote.text).toContain(`Credits VAT invoice ${String(invoices[0]!.number).padStart(6, '0')}`);
    expect((await pdfText(`/admin/order/${order.id}/invoice.pdf?number=${invoices[1]!.number}`, admin.token)).name).toBe(later.name);

    // The accounts export lists each document, and adds up to what the order costs.
    const csv = (await (await fetch(`${server.baseUrl}/api/admin/accounts/csv`, { headers: server.bearer(admin.token) })).text()).trim().split('\r\n').slice(1).map((line) => line.split(','));
    const mine = csv.filter((cells) => cells[4] === String(detail.reference)); // the number people read (decision 073)
    expect(mine.map((cells) => cells[0])).toEqual(['VAT invoice', 'VAT invoice', 'Credit note', 'Credit note']);
    expect(mine.reduce((sum, cells) => sum + pence(Number(cells[9])), 0)).toBe(total);
    // The revenue report's month is every invoice less every credit note of the month, as the export.
    const report = (await send(server, 'GET', '/admin/reports/revenue?year=2030', { token: admin.token })).body as RevenueReport;
    const january = csv.filter((cells) => cells[3]!.startsWith('2030-01')).reduce((sum, cells) => sum + pence(Number(cells[9])), 0);
    expect(pence(report.months[0]!.gross)).toBe(january);
  });

  it('a cancellation after a later invoice credits both invoices, never one beyond what it billed', async () => {
    const order = await paidCardOrder(server, jane.token, house, inHours(150));
    expect((await adjust(order.id, 8, 'Ironing')).status).toBe(200);
    const pay = await send(server, 'POST', `/services/order/${order.id}/pay`, { token: jane.token });
    await payOnTestPage(server, pay.body.shippingInfo);
    expect((await send(server, 'POST', `/services/refund-request/${order.id}`, { token: jane.token, body: { reason: 'Moving away' } })).status).toBe(201);
    expect((await send(server, 'PUT', '/admin/refund/status', { token: admin.token, body: { status: 'accepted', order: order.id } })).status).toBe(200);
    const { invoices, notes } = await documentsOf(server.db, order.id);
    expect(notes.map((note) => note.invoice).sort()).toEqual(invoices.map((invoice) => invoice.number).sort());
    expect(await expectDocumentsMatchLedger(order.id)).toBe(0);
  });
});
