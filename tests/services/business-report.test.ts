import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../server/app-context';
import type { Database } from '../../server/db/database';
import { creditNoteRepository } from '../../server/repositories/credit-notes';
import { invoiceRepository } from '../../server/repositories/invoices';
import { ledgerRepository } from '../../server/repositories/ledger';
import { businessReportRepository } from '../../server/repositories/business-report';
import { getBusinessReport } from '../../server/services/business-report';
import { londonDaysSpan } from '../../domain/time/london-days';
import { createOrder } from '../../server/services/orders';
import { updateOrderStatus } from '../../server/services/orders-admin';
import type { TestDatabase } from '../api/support/test-database';
import { bookings } from './support/booking';
import { houseKeepingDatabase, newAccount, seededUser, serviceNamed } from './support/own-database';

/**
 * The owner's report (decision 049) on a real seeded PGlite, for June 2030 (UK summer time: a UK
 * midnight is 23:00 UTC the day before): revenue by service and by team from the documents issued
 * in the period (invoices less credit notes), the orders due in it by UK weekday and hour with their
 * cancellations, the refunds paid in it, and its customers (repeat ones, the ten with most visits).
 * Each figure is made to differ from its neighbours, so a swapped column, a flipped filter or a lost
 * bound shows. Documents are issued through their repositories at chosen instants.
 */
const NOW = new Date('2030-05-20T12:00:00.000Z');
const OUTBOX = { add: async () => {}, site: { publicUrl: 'http://localhost:3000', vatNumber: 'GB 123 4567 89' } };

let testDb: TestDatabase;
let db: Database;
let jane: AuthUser;
let admin: AuthUser;
let serviceId: number;
let twoBedrooms: Array<{ id: number; quantity: number }>;
const { book } = bookings(() => db, NOW);

const customer = async (name: string): Promise<AuthUser> => {
  const account = await newAccount(db, `${name.toLowerCase()}@report.test`, 'a-long-enough-password', name);
  return { id: account.id, name, email: account.email, roles: ['ROLE_USER'] };
};
const figures = (net: number) => ({ gross: net * 1.2, vat: net * 0.2, net });
const lines = (gross: number) => [{ kind: 'item' as const, name: 'Visit', quantity: null, unitPrice: null, amount: gross, vatPercent: 20 }];
async function invoice(orderId: number, issued: string, net: number) {
  return invoiceRepository(db).issue({
    orderId, issuedAt: new Date(issued), suppliedAt: new Date(issued), customerName: 'Customer', customerAddress: '1 Test Street', lines: lines(net * 1.2), ledgerIds: [], ...figures(net),
  });
}
async function creditNote(invoiceNumber: number, orderId: number, issued: string, net: number) {
  await creditNoteRepository(db).issue({
    invoice_number: invoiceNumber, orderId, issuedAt: new Date(issued), customer_name: 'Customer', customer_address: '1 Test Street', reason: 'Credit',
    lines: [{ ...lines(net * 1.2)[0]!, kind: 'credit' }], ledger_ids: [], ...figures(net),
  });
}
const cancel = (id: number) => updateOrderStatus(db, admin, id, 'cancelled', { status: 'cancelled' }, NOW, OUTBOX);
const teamName = async (id: number) => (await db.query<{ name: string }>('SELECT t.name FROM orders o JOIN teams t ON t.id = o.team_id WHERE o.id = $1', [id]))[0]!.name;

let adam: AuthUser;
let bob: AuthUser;
let deepCleaning: { id: number; items: Map<string, number> };
const ids: Record<string, number> = {};

beforeAll(async () => {
  ({ testDb, db, jane, serviceId, twoBedrooms } = await houseKeepingDatabase());
  admin = await seededUser(db, 'admin@sparkle.test');
  adam = await customer('adam');
  bob = await customer('Bob');
  const carl = await customer('Carl');
  deepCleaning = await serviceNamed(db, 'Deep Cleaning');
  const visit = (who: AuthUser, date: string, time: string, service = serviceId, items = twoBedrooms) => book(who, service, items, { date, time, now: NOW });
  // June 2030, UK times: Monday 3rd 10:00, Tuesday 4th 14:00 (Jane); Wednesday 5th 10:00, Thursday 6th 09:00 cancelled (adam);
  // Friday 7th 11:00, Deep Cleaning (Bob); Saturday 8th 10:00 cancelled (Carl). Outside: 31 May and 1 July.
  ids.janeMonday = await visit(jane, '2030-06-03', '10:00');
  ids.janeTuesday = await visit(jane, '2030-06-04', '14:00');
  ids.adamWednesday = await visit(adam, '2030-06-05', '10:00');
  ids.adamThursday = await visit(adam, '2030-06-06', '09:00');
  ids.bobFriday = await visit(bob, '2030-06-07', '11:00', deepCleaning.id, [{ id: deepCleaning.items.get('Bedroom')!, quantity: 1 }]);
  ids.carlSaturday = await visit(carl, '2030-06-08', '10:00');
  ids.bobMay = await visit(bob, '2030-05-31', '10:00');
  ids.bobJuly = await visit(bob, '2030-07-01', '10:00');
  await cancel(ids.adamThursday);
  await cancel(ids.carlSaturday);
  // A draft is no order yet (decision 007).
  await createOrder(db, bob, { service: serviceId, items: twoBedrooms }, NOW);

  // Documents issued in June: Jane's Monday invoice (100.00 net) less a credit note (10.00), Bob's Deep Cleaning invoice (50.00),
  // adam's Wednesday invoice at 00:00 BST on 1 June (20.00), and an invoice of an order deleted since (7.00).
  // Outside June: an invoice at 23:59 BST on 31 May, a credit note and an invoice at 00:00 BST on 1 July.
  const monday = await invoice(ids.janeMonday, '2030-06-03T12:00:00.000Z', 10_000);
  await creditNote(monday.number, ids.janeMonday, '2030-06-10T12:00:00.000Z', 1_000);
  await invoice(ids.bobFriday, '2030-06-07T12:00:00.000Z', 5_000);
  await invoice(ids.adamWednesday, '2030-05-31T23:00:00.000Z', 2_000);
  await invoice(ids.bobMay, '2030-05-31T22:59:59.000Z', 3_000);
  await creditNote(monday.number, ids.janeMonday, '2030-06-30T23:00:00.000Z', 4_000);
  await invoice(ids.bobJuly, '2030-06-30T23:00:00.000Z', 6_000);
  const draft = await createOrder(db, bob, { service: serviceId, items: twoBedrooms }, NOW);
  await invoice(draft.id, '2030-06-20T12:00:00.000Z', 700);
  await db.query('DELETE FROM orders WHERE id = $1', [draft.id]);
  // Adam's Wednesday visit waits for a team.
  await db.query('UPDATE orders SET team_id = NULL WHERE id = $1', [ids.adamWednesday]);

  // Refunds paid: two in June (15.00 and 25.00); one on 1 July, and a payment, are not refunds of June.
  const money = (orderId: number, kind: 'refund' | 'payment', amount: number, at: string) => ledgerRepository(db).add({
    orderId, kind, name: kind === 'refund' ? 'Refund' : 'Card payment', amount, vatPercent: null, reference: `${kind}-${orderId}-${at}`, actorId: null, actor: 'Office', at: new Date(at),
  });
  await money(ids.janeTuesday, 'refund', 1_500, '2030-06-01T10:00:00.000Z');
  await money(ids.bobFriday, 'refund', 2_500, '2030-06-30T22:59:00.000Z');
  await money(ids.bobFriday, 'refund', 900, '2030-06-30T23:00:00.000Z');
  await money(ids.janeTuesday, 'payment', 4_000, '2030-06-02T10:00:00.000Z');
}, 60_000);

afterAll(async () => {
  await testDb?.dispose();
});

describe("the owner's report of June 2030", () => {
  it("breaks the documents issued in June down by the order's service and team, a deleted order's and an unassigned one's named so", async () => {
    const report = await getBusinessReport(db, '2030-06-01', '2030-06-30');
    expect(report.totals).toEqual({ invoices: 4, creditNotes: 1, net: 167, vat: 33.4, gross: 200.4 });
    expect(report.services).toEqual([
      { name: 'House Keeping', net: 110, vat: 22, gross: 132 },
      { name: 'Deep Cleaning', net: 50, vat: 10, gross: 60 },
      { name: 'Deleted order', net: 7, vat: 1.4, gross: 8.4 },
    ]);
    const [mondayTeam, fridayTeam] = [await teamName(ids.janeMonday!), await teamName(ids.bobFriday!)];
    const teams = new Map<string, number>();
    for (const [team, net] of [[mondayTeam, 90], [fridayTeam, 50], ['No team', 20], ['Deleted order', 7]] as const) teams.set(team, (teams.get(team) ?? 0) + net);
    // How many documents each row sums (the report shows the sums only).
    const { start, end } = londonDaysSpan('2030-06-01', '2030-06-30');
    const rows = await businessReportRepository(db).revenueBreakdowns(start!, end!);
    expect(rows.map((row) => [row.dimension, row.key, row.invoices, row.credit_notes]).sort((a, b) => `${a[0]}${a[1]}`.localeCompare(`${b[0]}${b[1]}`))).toEqual([
      ['service', 'Deep Cleaning', 1, 0], ['service', 'Deleted order', 1, 0], ['service', 'House Keeping', 2, 1],
      ...[...new Set([mondayTeam, fridayTeam, 'No team', 'Deleted order'])].map((team) => ['team', team,
        (team === mondayTeam ? 1 : 0) + (team === fridayTeam ? 1 : 0) + (team === 'No team' || team === 'Deleted order' ? 1 : 0), team === mondayTeam ? 1 : 0]),
    ].sort((a, b) => `${a[0]}${a[1]}`.localeCompare(`${b[0]}${b[1]}`)));
    expect(report.teams).toEqual([...teams].map(([name, net]) => ({ name, net, vat: Math.round(net * 20) / 100, gross: Math.round(net * 120) / 100 })).sort((a, b) => b.gross - a.gross || a.name.localeCompare(b.name)));
  });

  it('counts the orders due in June and their cancellations by UK weekday and hour, and the refunds paid in June', async () => {
    const report = await getBusinessReport(db, '2030-06-01', '2030-06-30');
    expect(report.cancellations).toEqual({ orders: 6, cancelled: 2, rate: 0.3333, refunds: 2, refunded: 40 });
    expect(report.weekdays).toEqual([
      { day: 'Monday', visits: 1 }, { day: 'Tuesday', visits: 1 }, { day: 'Wednesday', visits: 1 }, { day: 'Thursday', visits: 0 },
      { day: 'Friday', visits: 1 }, { day: 'Saturday', visits: 0 }, { day: 'Sunday', visits: 0 },
    ]);
    // 09:00 had only a cancelled visit; 10:00 two visits and a cancelled one.
    expect(report.hours).toEqual([{ hour: 10, visits: 2 }, { hour: 11, visits: 1 }, { hour: 14, visits: 1 }]);
  });

  it('counts the customers with a visit not cancelled, those with two or more, and lists the most frequent first, then by name whatever its case', async () => {
    const report = await getBusinessReport(db, '2030-06-01', '2030-06-30');
    expect(report.customers).toEqual({
      customers: 3, repeat: 1, share: 0.3333,
      top: [{ id: jane.id, name: jane.name, visits: 2 }, { id: adam.id, name: 'adam', visits: 1 }, { id: bob.id, name: 'Bob', visits: 1 }],
    });
  });

  it('reads nothing of a period without documents, visits or refunds', async () => {
    const report = await getBusinessReport(db, '2030-08-01', '2030-08-31');
    expect([report.totals, report.services, report.teams, report.cancellations, report.hours, report.customers]).toEqual([
      { invoices: 0, creditNotes: 0, net: 0, vat: 0, gross: 0 }, [], [], { orders: 0, cancelled: 0, rate: 0, refunds: 0, refunded: 0 }, [],
      { customers: 0, repeat: 0, share: 0, top: [] },
    ]);
  });
});
