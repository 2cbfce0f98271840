import { text } from 'node:stream/consumers';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../server/app-context';
import type { Database } from '../../server/db/database';
import { creditNoteRepository } from '../../server/repositories/credit-notes';
import { invoiceRepository } from '../../server/repositories/invoices';
import { getVatReturn, quickBooksCsvStream, vatReturnCsv, xeroCsvStream } from '../../server/services/vat-return';
import type { TestDatabase } from '../api/support/test-database';
import { bookings } from './support/booking';
import { houseKeepingDatabase } from './support/own-database';
import { invoiceLabel, creditNoteLabel } from '../../domain/money/invoice-labels';

/**
 * The VAT return of a quarter and the accounting exports (decision 095) on a real seeded PGlite:
 * the invoices whose tax point (time of supply, else issue) is in the UK quarter and the credit
 * notes issued in it, summed per kind for HMRC's boxes and listed for Xero (documents by tax point,
 * an invoice before a credit note at the same instant) and QuickBooks (invoices only). Documents
 * are issued through the invoices' and credit notes' repositories at chosen instants around the
 * quarter's edges (a UK midnight is 00:00 UTC in winter and 23:00 UTC the day before in summer).
 */
const NOW = new Date('2030-02-04T12:00:00.000Z');

let testDb: TestDatabase;
let db: Database;
let jane: AuthUser;
let serviceId: number;
let twoBedrooms: Array<{ id: number; quantity: number }>;
const { book } = bookings(() => db, NOW);

const line = (gross: number) => [{ kind: 'item' as const, name: 'House Keeping visit', quantity: null, unitPrice: null, amount: gross, vatPercent: 20 }];
/** Gross, VAT and net of a document at 20%, in pence, from its net. */
const figures = (net: number) => ({ gross: net * 1.2, vat: net * 0.2, net });

let orders: { a: number; b: number; c: number };
let references: Map<number, number>;
const docs: Record<string, number> = {};

async function invoice(name: string, orderId: number, issued: string, supplied: string, net: number) {
  const row = await invoiceRepository(db).issue({
    orderId, issuedAt: new Date(issued), suppliedAt: new Date(supplied), customerName: `Customer ${name}`, customerAddress: `${name} Street, London`,
    lines: line(figures(net).gross), ledgerIds: [], ...figures(net),
  });
  docs[name] = row.number;
}
async function credit(name: string, invoiceName: string, orderId: number, issued: string, net: number) {
  const row = await creditNoteRepository(db).issue({
    invoice_number: docs[invoiceName]!, orderId, issuedAt: new Date(issued), customer_name: `Customer ${name}`, customer_address: `${name} Street, London`,
    reason: 'Credit', lines: [{ ...line(figures(net).gross)[0]!, kind: 'credit', name: 'Credit' }], ledger_ids: [], ...figures(net),
  });
  docs[name] = row.number;
}

beforeAll(async () => {
  ({ testDb, db, jane, serviceId, twoBedrooms } = await houseKeepingDatabase());
  orders = {
    a: await book(jane, serviceId, twoBedrooms, { date: '2030-02-11', time: '10:00', now: NOW }),
    b: await book(jane, serviceId, twoBedrooms, { date: '2030-02-12', time: '10:00', now: NOW }),
    c: await book(jane, serviceId, twoBedrooms, { date: '2030-02-13', time: '10:00', now: NOW }),
  };
  const rows = await db.query<{ id: number; reference: number }>('SELECT id, reference FROM orders WHERE id = ANY($1)', [Object.values(orders)]);
  references = new Map(rows.map((row) => [Number(row.id), Number(row.reference)]));
  // The first quarter of 2031 runs from 2031-01-01T00:00Z (GMT) to 2031-03-31T23:00Z (BST starts on 30 March).
  await invoice('I1', orders.a, '2031-01-10T10:00:00.000Z', '2031-01-10T10:00:00.000Z', 10_000);
  // Issued in the next quarter for a visit done in this one: this quarter's, by its time of supply.
  await invoice('I2', orders.b, '2031-04-02T10:00:00.000Z', '2031-03-20T10:00:00.000Z', 5_000);
  // Issued in this quarter for a supply of the last one: the last one's.
  await invoice('I3', orders.c, '2031-03-25T10:00:00.000Z', '2030-12-30T10:00:00.000Z', 2_000);
  await invoice('I4', orders.a, '2031-01-01T00:00:00.000Z', '2031-01-01T00:00:00.000Z', 1_000);
  await invoice('I5', orders.b, '2031-03-31T23:00:00.000Z', '2031-03-31T23:00:00.000Z', 3_000);
  await invoice('I6', orders.c, '2031-01-10T10:00:00.000Z', '2031-01-10T10:00:00.000Z', 2_000);
  await credit('C1', 'I1', orders.a, '2031-02-01T09:00:00.000Z', 1_000);
  await credit('C2', 'I4', orders.a, '2031-01-01T00:00:00.000Z', 500);
  await credit('C3', 'I2', orders.b, '2031-03-31T23:00:00.000Z', 2_000);
  await credit('C4', 'I3', orders.c, '2030-12-31T23:59:59.000Z', 250);
}, 60_000);

afterAll(async () => {
  await testDb?.dispose();
});

const csvRows = (body: string) => parse(body, { columns: true }) as Array<Record<string, string>>;

describe('the VAT return of a quarter', () => {
  it('sums the invoices by tax point and the credit notes issued in the UK quarter, its first instant in, the next quarter\'s out', async () => {
    // Invoices I1, I2, I4, I6: net 180.00, VAT 36.00; credit notes C1, C2: net 15.00, VAT 3.00.
    expect(await getVatReturn(db, '2031-01')).toEqual({
      start: '2031-01', from: '2031-01-01', to: '2031-03-31',
      box1: 33, box2: 0, box3: 33, box4: 0, box5: 33, box6: 165, box7: 0, box8: 0, box9: 0,
      netSales: 165, invoices: 4, creditNotes: 2,
    });
    // The quarter before: I3 (supplied 30 December) and C4.
    expect(await getVatReturn(db, '2030-10')).toMatchObject({ box1: 4 - 0.5, netSales: 17.5, invoices: 1, creditNotes: 1 });
    // The quarter after: I5 and C3, at the first instant of 1 April (UK summer time).
    expect(await getVatReturn(db, '2031-04')).toMatchObject({ box1: 6 - 4, netSales: 10, invoices: 1, creditNotes: 1 });
    expect(await getVatReturn(db, '2031-07')).toMatchObject({ box1: 0, netSales: 0, invoices: 0, creditNotes: 0 });
    const csv = await vatReturnCsv(db, '2031-01');
    expect(csv.split('\r\n').slice(-5)).toEqual([',Period,2031-01-01 to 2031-03-31', ',Sales before VAT to the penny,165.00', ',VAT invoices,4', ',Credit notes,2', '']);
  });

  it("lists the quarter's documents for Xero by tax point, an invoice before a credit note at the same instant, then by number", async () => {
    const rows = csvRows(await text(await xeroCsvStream(db, '2031-01')));
    const ref = (order: number) => `Order ${references.get(order)}`;
    expect(rows.map((row) => [row['*ContactName'], row['POAddressLine1'], row['*InvoiceNumber'], row['Reference'], row['*InvoiceDate'], row['*UnitAmount'], row['TaxAmount']])).toEqual([
      ['Customer I4', 'I4 Street, London', invoiceLabel(docs.I4!), ref(orders.a), '01/01/2031', '12.00', '2.00'],
      ['Customer C2', 'C2 Street, London', creditNoteLabel(docs.C2!), `${ref(orders.a)}, credits ${invoiceLabel(docs.I4!)}`, '01/01/2031', '-6.00', '-1.00'],
      ['Customer I1', 'I1 Street, London', invoiceLabel(docs.I1!), ref(orders.a), '10/01/2031', '120.00', '20.00'],
      ['Customer I6', 'I6 Street, London', invoiceLabel(docs.I6!), ref(orders.c), '10/01/2031', '24.00', '4.00'],
      ['Customer C1', 'C1 Street, London', creditNoteLabel(docs.C1!), `${ref(orders.a)}, credits ${invoiceLabel(docs.I1!)}`, '01/02/2031', '-12.00', '-2.00'],
      ['Customer I2', 'I2 Street, London', invoiceLabel(docs.I2!), ref(orders.b), '20/03/2031', '60.00', '10.00'],
    ]);
  });

  it("lists the quarter's invoices alone for QuickBooks, by tax point then number", async () => {
    const rows = csvRows(await text(await quickBooksCsvStream(db, '2031-01')));
    expect(rows.map((row) => [row['*InvoiceNo'], row['*Customer'], row['*InvoiceDate'], row['Memo'], row['*ItemAmount'], row['ItemTaxAmount']])).toEqual([
      [invoiceLabel(docs.I4!), 'Customer I4', '01/01/2031', `Order ${references.get(orders.a)}`, '12.00', '2.00'],
      [invoiceLabel(docs.I1!), 'Customer I1', '10/01/2031', `Order ${references.get(orders.a)}`, '120.00', '20.00'],
      [invoiceLabel(docs.I6!), 'Customer I6', '10/01/2031', `Order ${references.get(orders.c)}`, '24.00', '4.00'],
      [invoiceLabel(docs.I2!), 'Customer I2', '20/03/2031', `Order ${references.get(orders.b)}`, '60.00', '10.00'],
    ]);
    expect(csvRows(await text(await quickBooksCsvStream(db, '2030-10'))).map((row) => row['*InvoiceNo'])).toEqual([invoiceLabel(docs.I3!)]);
  });
});
