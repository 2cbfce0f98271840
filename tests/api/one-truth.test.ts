/**
 * Issue 23 item 1, "Done when": money is one truth. Bookings of every kind (in and out of the
 * Congestion Charge zone, quoted with a postcode or not, extras, each frequency, a late rescheduling
 * fee collected with Pay now, a refund) each show the same amounts to the penny in the quote, the
 * placed order, My orders, the back office's order page and table, the orders and accounts CSV, the
 * mails, the VAT invoice and credit note, and what the payment provider was asked for and paid
 * (decision 036). A series by Direct Debit is among them (issue 38): its mandate set up on the
 * hosted page of the local fake GoCardless, its first visit done, adjusted by staff, collected by the
 * hourly job for what its ledger says is due, confirmed (and one charged back) by the fake's signed
 * webhooks. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuoteOptions, QuoteRequest } from '../../openapi/schema';
import { staffAdjustmentOf, TRUTH_BOOKINGS } from '../support/one-truth-bookings';
import { pdfRows } from '../support/pdf-text';
import { checkout, checkoutBody, HOUR, londonDue, myOrder, orderNameOf, payOnTestPage, pence, send } from './booking-fixtures';
import { orderName } from '../../domain/orders/order-reference';
import { documentsOf } from './support/order-documents';
import { shopForFile } from './support/shop-for-file';
import { SIGNATURE_HEADER, signNotification } from '../../server/services/test-payment-provider';
import { parse } from 'csv-parse/sync';
import { vatByRate } from '../../domain/money/ledger';
import { QUEUES } from '../../server/queue';
import { eventually } from './support/mail-wait';
import { startFakeGoCardless, type FakeGoCardless } from '../support/gocardless/fake-gocardless';

const START = '2030-01-07T12:00:00.000Z';
const OFFICE = 'office@sparkle.test';
let gc: FakeGoCardless;
const { clock, server, admin, jane, house, travelTo } = shopForFile({
  start: START, customer: 'Jane Truthful',
  server: async () => {
    gc = await startFakeGoCardless();
    return { config: { adminEmail: OFFICE, goCardless: { accessToken: gc.accessToken, webhookSecret: gc.webhookSecret, environment: 'sandbox', apiUrl: gc.apiUrl } } };
  },
});
afterAll(async () => {
  await gc?.close();
  // Every request the shop sent GoCardless was one its API reference allows.
  expect(gc?.violations ?? []).toEqual([]);
});
let options: QuoteOptions;

const DAY = 24 * HOUR;
const gbp = (amountPence: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(amountPence / 100);

const dueOf = (day: number) => new Date(new Date(START).getTime() + day * DAY - 2 * HOUR); // 10:00 UK (winter)

function csvRows(text: string): string[][] {
  return text.trim().split('\r\n').slice(1).map((line) => line.split(','));
}

/** What the provider was asked for (its sessions) and what it took, for one order, in pence. */
async function providerAmounts(orderId: number) {
  const rows = await server.db.query<{ amount: string; status: string; refunded_amount: string | null }>(
    'SELECT amount::text, status, refunded_amount::text FROM payment_sessions WHERE order_id = $1 ORDER BY created_at', [orderId]);
  return {
    asked: rows.map((row) => Number(row.amount)),
    paid: rows.filter((row) => row.status === 'paid').reduce((sum, row) => sum + Number(row.amount), 0),
    refunded: rows.reduce((sum, row) => sum + Number(row.refunded_amount ?? 0), 0),
  };
}

/**
 * The provider completes an order's open page after the order stopped awaiting it, as Stripe can
 * when the customer pays while the office cancels: the session is paid, and its signed
 * notification comes after (the test provider's own page would refuse it, decision 071).
 */
async function providerPaysLate(orderId: number) {
  const [session] = await server.db.query<{ id: string; amount: string }>(
    `SELECT id, amount::text FROM payment_sessions WHERE order_id = $1 AND status = 'open'`, [orderId]);
  await server.db.query(`UPDATE payment_sessions SET status = 'paid', paid_at = $2 WHERE id = $1`, [session!.id, clock.now()]);
  // The provider's notification says pounds; its sessions keep pence (077).
  const body = JSON.stringify({ type: 'payment.succeeded', payment: session!.id, order: orderId, amount: Number(session!.amount) / 100 });
  const response = await fetch(`${server.baseUrl}/payments/notifications`, {
    method: 'POST', body,
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signNotification(server.config.paymentWebhookSecret, body, clock.now()) },
  });
  expect(response.status, await response.text()).toBe(200);
}

/** What GoCardless was asked to collect for one order, what it collected and what the bank took back, in pence. */
function goCardlessAmounts(orderId: number) {
  const payments = collectionsOf(orderId);
  const sum = (statuses: string[]) => payments.filter((payment) => statuses.includes(payment.status)).reduce((all, payment) => all + payment.amount, 0);
  return { asked: payments.map((payment) => payment.amount), paid: sum(['confirmed', 'paid_out', 'charged_back']), refunded: sum(['charged_back']) };
}
const collectionsOf = (orderId: number) => [...gc.payments.values()].filter((payment) => payment.metadata.order_id === String(orderId));

/** The customer sets the mandate up on GoCardless's hosted page (the fake's one button) and is sent back to the shop. */
async function setUpMandate(hostedPage: string) {
  const completed = await fetch(`${hostedPage}/complete`, { method: 'POST', redirect: 'manual' });
  expect(completed.status).toBe(303);
  const returned = await fetch(`${server.baseUrl}${new URL(completed.headers.get('location')!).pathname}`, { redirect: 'manual' });
  expect([returned.status, returned.headers.get('location')]).toEqual([303, '/profile-services?direct_debit=set_up']);
}

interface Outcome {
  id: number;
  /** What the quote said, in pence. */
  quoted: number;
  /** What the order costs now, in pence: the quote, plus a fee, less what a cancellation gave back. */
  total: number;
  paid: number;
  refunded: number;
  balanceDue: number;
  invoiced: number | null;
  credited: number | null;
}

const outcomes = new Map<string, Outcome>();
/** What a late skip answered, by booking. */
const skipAnswers = new Map<string, { message: string; fee: number }>();

beforeAll(async () => {
  gc.webhookUrl = `${server.baseUrl}/payments/gocardless/webhooks`;
  const { data } = await server.api.GET('/quotes/options/{id}', { params: { path: { id: house.serviceId } } });
  options = data!;
  await travelTo(new Date(START));

  for (const booking of TRUTH_BOOKINGS) {
    const items = [{ id: options.items[0]!.id, quantity: 2 }, { id: options.items[1]!.id, quantity: 1 }];
    const extras = booking.extras ? options.extras.slice(0, 2).map((extra) => ({ id: extra.id, quantity: 1 })) : [];
    const request: QuoteRequest = { service: house.serviceId, items, frequency: booking.frequency, ...(extras.length ? { extras } : {}), ...(booking.quotedPostcode ? { postcode: booking.quotedPostcode } : {}) };
    const { data: quote, response: quoted } = await server.api.POST('/quotes', { body: request });
    expect(quoted.status, booking.name).toBe(201);
    const { data: placed } = await server.api.POST('/services/order/new', { body: { service: house.serviceId, items, quote: quote!.id }, headers: server.bearer(jane.token) });
    // The placed order costs the quote, to the penny.
    expect(pence(placed!.total), booking.name).toBe(pence(quote!.total));
    const { data: checkedOut, response, error } = await checkout(server, jane.token, { ...checkoutBody(placed!.id, dueOf(booking.day), booking.payment), code_postal: booking.at });
    expect(response.status, `${booking.name}: ${JSON.stringify(error)}`).toBe(200);
    if (booking.payment === 'card' && booking.after !== 'late_payment') await payOnTestPage(server, checkedOut!.shippingInfo!);
    if (booking.payment === 'direct_debit') await setUpMandate(checkedOut!.shippingInfo!);
    outcomes.set(booking.name, { id: placed!.id, quoted: pence(quote!.total), total: pence(quote!.total), paid: 0, refunded: 0, balanceDue: 0, invoiced: null, credited: null });
  }

  // Direct Debit (decision 093): each series' first visit is done (3 hours after it started, before
  // the late changes below move the clock on), staff add a charge or credit to it, and the hourly
  // job asks GoCardless for what its ledger says is due; GoCardless confirms, and one is charged back.
  const directDebits = TRUTH_BOOKINGS.filter((b) => b.directDebit);
  await travelTo(new Date(Math.max(...directDebits.map((b) => dueOf(b.day).getTime())) + 3 * HOUR));
  for (const booking of directDebits) {
    const outcome = outcomes.get(booking.name)!;
    const done = await send(server, 'PUT', `/admin/order/update/completed/${outcome.id}`, { token: admin.token, body: { status: 'completed' } });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const { amount, reason } = booking.directDebit!.staffBeforeCollection;
    const adjusted = await send(server, 'POST', `/admin/order/${outcome.id}/adjustments`, { token: admin.token, body: { amount: amount / 100, reason } });
    expect(adjusted.status, JSON.stringify(adjusted.body)).toBe(200);
    outcome.total += amount;
  }
  await server.app.jobs.send(server.db, QUEUES.visitCharges, {});
  await eventually('the visit charge job ran', () => server.app.jobs.pending(QUEUES.visitCharges), (n) => n === 0);
  for (const booking of directDebits) {
    const [collection] = collectionsOf(outcomes.get(booking.name)!.id);
    expect((await gc.collect(collection!.id)).status).toBe(200);
    if (booking.directDebit!.chargedBack) expect((await gc.chargeBack(collection!.id)).status).toBe(200);
  }

  // The late changes, soonest job first: the clock goes to 20 hours before each job.
  for (const booking of [...TRUTH_BOOKINGS].filter((b) => b.after === 'late_reschedule' || b.after === 'late_cancellation' || b.after === 'late_skip').sort((a, b) => a.day - b.day)) {
    const outcome = outcomes.get(booking.name)!;
    await travelTo(new Date(dueOf(booking.day).getTime() - 20 * HOUR));
    const fee = Math.round((outcome.total * 30) / 100);
    if (booking.after === 'late_reschedule') {
      const moved = await send(server, 'POST', `/services/order/${outcome.id}/reschedule`, { token: jane.token, body: { ...londonDue(dueOf(booking.day + 7)), fee: fee / 100 } });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      outcome.total += fee;
    } else if (booking.after === 'late_skip') {
      // Decision 070: a cash visit's late skip writes its fee down as owed, the visit's price credited.
      const skipped = await send(server, 'POST', `/services/order/${outcome.id}/skip`, { token: jane.token });
      expect(skipped.status, JSON.stringify(skipped.body)).toBe(201);
      skipAnswers.set(booking.name, skipped.body);
      outcome.total = fee;
    } else {
      const asked = await send(server, 'POST', `/services/refund-request/${outcome.id}`, { token: jane.token, body: { reason: 'Plans changed' } });
      expect(asked.status, JSON.stringify(asked.body)).toBe(201);
      const decided = await send(server, 'PUT', '/admin/refund/status', { token: admin.token, body: { status: 'accepted', order: outcome.id } });
      expect(decided.status, JSON.stringify(decided.body)).toBe(200);
      outcome.credited = outcome.total - fee;
      outcome.total = fee;
    }
  }
  // Cancelled while unpaid, free (weeks ahead); then the provider completes the page it had opened.
  for (const booking of TRUTH_BOOKINGS.filter((b) => b.after === 'late_payment')) {
    const outcome = outcomes.get(booking.name)!;
    const asked = await send(server, 'POST', `/services/refund-request/${outcome.id}`, { token: jane.token, body: { reason: 'Plans changed' } });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const decided = await send(server, 'PUT', '/admin/refund/status', { token: admin.token, body: { status: 'accepted', order: outcome.id } });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    await providerPaysLate(outcome.id);
    outcome.credited = outcome.total;
    outcome.total = 0;
  }
  // Staff adjustments, with a reason, at the VAT rate of the settings.
  for (const booking of TRUTH_BOOKINGS.filter((b) => b.after === 'staff_charge' || b.after === 'staff_credit')) {
    const outcome = outcomes.get(booking.name)!;
    const { amount, reason } = staffAdjustmentOf(booking as typeof booking & { after: 'staff_charge' | 'staff_credit' });
    const adjusted = await send(server, 'POST', `/admin/order/${outcome.id}/adjustments`, { token: admin.token, body: { amount: amount / 100, reason } });
    expect(adjusted.status, JSON.stringify(adjusted.body)).toBe(200);
    outcome.total += amount;
    if (booking.after === 'staff_charge') {
      const pay = await send(server, 'POST', `/services/order/${outcome.id}/pay`, { token: jane.token });
      expect(pay.status, JSON.stringify(pay.body)).toBe(200);
      await payOnTestPage(server, pay.body.shippingInfo);
    }
  }
}, 240_000);

describe('one ledger: every surface shows the same amounts', () => {
  it('a late fee on a card-paid job reads "balance due" and mails a Pay now link; paying it leaves nothing due', async () => {
    const booking = TRUTH_BOOKINGS.find((b) => b.after === 'late_reschedule' && b.payment === 'card')!;
    const outcome = outcomes.get(booking.name)!;
    const fee = outcome.total - outcome.quoted;
    const mine = await myOrder(server, jane.token, outcome.id);
    expect(mine.payment.status).toBe('balance_due');
    expect(pence(mine.payment.balanceDue)).toBe(fee);
    expect(mine.payment.payable).toBe(true);
    const { data: detail } = await server.api.GET('/admin/order/{id}', { params: { path: { id: outcome.id } }, headers: server.bearer(admin.token) });
    expect(pence(detail!.payment.balanceDue)).toBe(fee);
    const asked = (await server.outbox()).filter((mail) => mail.to === jane.email && mail.subject === `Balance due: ${gbp(fee)} for ${orderName(mine)}`);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.text).toContain(`#order-${outcome.id}`);
    // Pay now pays the balance through the provider's page.
    const pay = await send(server, 'POST', `/services/order/${outcome.id}/pay`, { token: jane.token });
    expect(pay.status, JSON.stringify(pay.body)).toBe(200);
    await payOnTestPage(server, pay.body.shippingInfo);
    const after = await myOrder(server, jane.token, outcome.id);
    expect([after.payment.status, after.payment.balanceDue]).toEqual(['paid', 0]);
    expect((await providerAmounts(outcome.id)).asked.at(-1)).toBe(fee);
  });

  it('a late fee on a cash job is due on the day: no Pay now, no mail asking for it', async () => {
    const booking = TRUTH_BOOKINGS.find((b) => b.after === 'late_reschedule' && b.payment === 'cash')!;
    const outcome = outcomes.get(booking.name)!;
    const mine = await myOrder(server, jane.token, outcome.id);
    expect([mine.payment.status, pence(mine.payment.balanceDue), mine.payment.payable]).toEqual(['unpaid', outcome.total, false]);
    expect((await server.outbox()).some((mail) => mail.subject.startsWith('Balance due') && mail.subject.endsWith(`#${outcome.id}`))).toBe(false);
  });

  it('a cash visit skipped late owes its fee: in the answer, the mail, on its ledger as a line, as the amount due on My orders, the order page and the CSV', async () => {
    const booking = TRUTH_BOOKINGS.find((b) => b.after === 'late_skip')!;
    const outcome = outcomes.get(booking.name)!;
    const fee = outcome.total;
    expect(fee).toBe(Math.round((outcome.quoted * 30) / 100));
    // The answer names the fee and where it is paid; the mail says it applies and is due.
    expect(skipAnswers.get(booking.name)).toEqual({ message: `Visit skipped: a ${gbp(fee)} late fee is due, in cash at your next visit`, fee: fee / 100, visits: 1 });
    const shownName = await orderNameOf(server, jane.token, outcome.id);
    const mail = (await server.outbox()).find((candidate) => candidate.to === jane.email && candidate.subject.startsWith('Visit skipped') && candidate.text.includes(shownName))!;
    expect(mail.text).toContain(`By our terms a fee of ${gbp(fee)} applies.`);
    expect(mail.text).toContain(`${gbp(fee)} is now due on this visit: please pay it in cash at your next visit. Pressing Undo takes it away.`);
    // My orders: cancelled, skipped, its fee due (cash: no Pay now).
    const mine = await myOrder(server, jane.token, outcome.id);
    expect([mine.status, mine.skipped, pence(mine.total)]).toEqual(['cancelled', true, fee]);
    expect(mine.payment).toEqual({ method: 'cash', status: 'balance_due', payable: false, balanceDue: fee / 100 });
    // The order page: the fee is a line of its own; the visit's price credited; the fee due.
    const { data: detail } = await server.api.GET('/admin/order/{id}', { params: { path: { id: outcome.id } }, headers: server.bearer(admin.token) });
    expect(detail!.lines.filter((line) => line.kind === 'fee')).toEqual([expect.objectContaining({ name: 'Late skip fee', amount: fee / 100 })]);
    expect(detail!.lines.filter((line) => line.kind === 'adjustment').reduce((sum, line) => sum + pence(line.amount), 0)).toBe(-outcome.quoted);
    expect(pence(detail!.payment.balanceDue)).toBe(fee);
    // The orders CSV: its price is the fee, its payment status "balance_due".
    const row = csvRows(await (await fetch(`${server.baseUrl}/api/admin/orders/csv`, { headers: server.bearer(admin.token) })).text()).find((cells) => cells[0] === String(detail!.reference))!; // the CSV's Order id is the reference (decision 073)
    expect([row[4], pence(Number(row[3])), row[14]]).toEqual(['cancelled', fee, 'balance_due']);
  });

  it('a staff adjustment is a line with its reason, in the history with who and when; a credit beyond the total or a zero is refused', async () => {
    const outcome = outcomes.get(TRUTH_BOOKINGS.find((b) => b.after === 'staff_credit')!.name)!;
    const { data: detail } = await server.api.GET('/admin/order/{id}', { params: { path: { id: outcome.id } }, headers: server.bearer(admin.token) });
    expect(detail!.lines.at(-1)).toEqual({ kind: 'adjustment', name: 'Adjustment (Oven cleaned on request)', quantity: null, unitPrice: null, vatRate: 20, amount: -5 });
    expect(detail!.history.at(-1)).toMatchObject({ actor: expect.any(String), action: 'order.adjustment', from: gbp(outcome.total + 500), to: `${gbp(outcome.total)} (-£5.00: Oven cleaned on request)`, at: clock.now().toISOString() });
    const tooMuch = await send(server, 'POST', `/admin/order/${outcome.id}/adjustments`, { token: admin.token, body: { amount: -(outcome.total + 1) / 100, reason: 'Too much' } });
    expect([tooMuch.status, tooMuch.body.message]).toEqual([409, `A credit cannot exceed the order's total of ${gbp(outcome.total)}`]);
    const zero = await send(server, 'POST', `/admin/order/${outcome.id}/adjustments`, { token: admin.token, body: { amount: 0, reason: 'Nothing' } });
    expect([zero.status, zero.body.message]).toEqual([400, 'amount must not be 0']);
    const customer = await send(server, 'POST', `/admin/order/${outcome.id}/adjustments`, { token: jane.token, body: { amount: -1, reason: 'Discount please' } });
    expect(customer.status).toBe(403);
    expect(pence((await myOrder(server, jane.token, outcome.id)).total)).toBe(outcome.total);
  });

  it("dashboard revenue, its weeks, the owner's report and the accounts export are one figure for any period, with cancellations, kept fees, refunds, charges and credits in it", async () => {
    type Sums = { net: number; vat: number; gross: number };
    const exported = async (from?: string, to?: string): Promise<{ sums: Sums; days: string[] }> => {
      const query = from && to ? `?from=${from}&to=${to}` : '';
      const rows = csvRows(await (await fetch(`${server.baseUrl}/api/admin/accounts/csv${query}`, { headers: server.bearer(admin.token) })).text());
      const sum = (column: number) => rows.reduce((all, cells) => all + pence(Number(cells.at(column - 10))), 0);
      return { sums: { net: sum(7), vat: sum(8), gross: sum(9) }, days: [...new Set(rows.map((cells) => cells[3]!.slice(0, 10)))] };
    };
    const stats = await send(server, 'GET', '/admin/counter', { token: admin.token });
    const all = await exported();
    expect(pence(stats.body.revenue)).toBe(all.sums.gross);
    const weekly = await send(server, 'GET', '/admin/stats/weekly', { token: admin.token });
    for (const week of weekly.body as Array<{ week: string; revenue: number }>) {
      const end = new Date(Date.parse(week.week) + 6 * DAY).toISOString().slice(0, 10);
      expect(pence(week.revenue), week.week).toBe((await exported(week.week, end)).sums.gross);
    }
    // The year, and each UK day a document of these bookings was issued (a cancellation's credit note, a charge's invoice…).
    const year = await exported('2030-01-01', '2030-12-31');
    expect(year.days.length).toBeGreaterThan(1);
    for (const [from, to] of [['2030-01-01', '2030-12-31'], ...year.days.map((day) => [day, day])] as Array<[string, string]>) {
      const report = await send(server, 'GET', `/admin/reports/business?from=${from}&to=${to}`, { token: admin.token });
      expect(report.status).toBe(200);
      const totals = report.body.totals as Sums;
      expect({ net: pence(totals.net), vat: pence(totals.vat), gross: pence(totals.gross) }, `${from}–${to}`).toEqual((await exported(from, to)).sums);
    }
    const revenue = await send(server, 'GET', '/admin/reports/revenue?year=2030', { token: admin.token });
    expect((revenue.body.months as Sums[]).reduce((sum, month) => sum + pence(month.gross), 0)).toBe(year.sums.gross);
  });

  it("the quarter's VAT return: boxes 1 and 6 add up to what the invoiced orders' ledgers charge, as printed on their documents, and the Xero and QuickBooks files read back to them", async () => {
    // The orders with documents (a cash job not yet done has none: its tax point is to come): what
    // their ledgers charge in all, and the VAT and net printed on their invoices and credit notes.
    // VAT is due as invoiced: each document takes its VAT once per rate, so an order invoiced and
    // then credited can differ by a penny from VAT taken once on its ledger's total (decision 095).
    let [ledgerGross, documentVat, documentNet, invoices, creditNotes, invoicedVat] = [0, 0, 0, 0, 0, 0];
    const invoicedOrders = new Set<number>();
    for (const outcome of outcomes.values()) {
      const documents = await documentsOf(server.db, outcome.id);
      if (documents.invoices.length === 0) continue;
      invoicedOrders.add(outcome.id);
      const { data: detail } = await server.api.GET('/admin/order/{id}', { params: { path: { id: outcome.id } }, headers: server.bearer(admin.token) });
      ledgerGross += vatByRate(detail!.lines.map((line) => ({ amount: pence(line.amount), vatPercent: line.vatRate }))).reduce((sum, rate) => sum + rate.gross, 0);
      invoices += documents.invoices.length;
      creditNotes += documents.notes.length;
      const printed = await server.db.query<{ kind: string; vat: string; net: string }>(
        `SELECT 'invoice' AS kind, vat::text, net::text FROM invoices WHERE order_id = $1 UNION ALL SELECT 'credit', vat::text, net::text FROM credit_notes WHERE order_id = $1`, [outcome.id]);
      for (const row of printed) {
        const sign = row.kind === 'credit' ? -1 : 1;
        documentVat += sign * Number(row.vat);
        documentNet += sign * Number(row.net);
        if (row.kind === 'invoice') invoicedVat += Number(row.vat);
      }
    }
    expect(documentVat + documentNet).toBe(ledgerGross);
    expect(creditNotes).toBeGreaterThan(0);
    // A visit collected by Direct Debit was invoiced with its collection, in the quarter it was done in.
    expect(TRUTH_BOOKINGS.filter((b) => b.directDebit).map((b) => invoicedOrders.has(outcomes.get(b.name)!.id))).toEqual([true, true]);

    const figures = await send(server, 'GET', '/admin/accounts/vat-return?start=2030-01', { token: admin.token });
    expect(figures.status).toBe(200);
    const boxes = figures.body;
    expect([boxes.from, boxes.to, boxes.invoices, boxes.creditNotes]).toEqual(['2030-01-01', '2030-03-31', invoices, creditNotes]);
    expect([pence(boxes.box1), pence(boxes.netSales), boxes.box6]).toEqual([documentVat, documentNet, Math.trunc(documentNet / 100)]);
    expect(pence(boxes.box1) + pence(boxes.netSales)).toBe(ledgerGross);
    expect([boxes.box2, pence(boxes.box3), boxes.box4, pence(boxes.box5), boxes.box7, boxes.box8, boxes.box9]).toEqual([0, documentVat, 0, documentVat, 0, 0, 0]);
    // The quarter before holds none of them; a month that is not one is refused in words.
    expect((await send(server, 'GET', '/admin/accounts/vat-return?start=2029-10', { token: admin.token })).body).toMatchObject({ box1: 0, box6: 0, invoices: 0 });
    const wrong = await send(server, 'GET', '/admin/accounts/vat-return?start=2030-13', { token: admin.token });
    expect([wrong.status, typeof wrong.body.message]).toEqual([400, 'string']);

    // The exported boxes are the shown ones.
    const exported = await fetch(`${server.baseUrl}/api/admin/accounts/vat-return/csv?start=2030-01`, { headers: server.bearer(admin.token) });
    const boxRows = parse(await exported.text(), { columns: true }) as Array<Record<string, string>>;
    expect(boxRows.slice(0, 9).map((row) => [row['Box'], pence(Number(row['Amount (GBP)']))])).toEqual(
      [1, 2, 3, 4, 5].map((box) => [String(box), pence(boxes[`box${box}`])]).concat([6, 7, 8, 9].map((box) => [String(box), boxes[`box${box}`] * 100])));

    // Xero's sales invoice template, read back by a CSV parser: its required columns filled on every
    // line, a credit note negative, and its tax and amounts adding up to boxes 1 and 6.
    const xero = await fetch(`${server.baseUrl}/api/admin/accounts/xero/csv?start=2030-01`, { headers: server.bearer(admin.token) });
    expect([xero.status, xero.headers.get('content-disposition')]).toEqual([200, 'attachment; filename="xero-sales-2030-01.csv"']);
    const xeroRows = parse(await xero.text(), { columns: true }) as Array<Record<string, string>>;
    const xeroRequired = ['*ContactName', '*InvoiceNumber', '*InvoiceDate', '*DueDate', '*Description', '*Quantity', '*UnitAmount', '*AccountCode', '*TaxType'];
    for (const row of xeroRows) {
      for (const column of xeroRequired) expect(row[column], column).toMatch(/\S/);
      expect(row['*InvoiceDate']).toMatch(/^\d{2}\/(01|02|03)\/2030$/);
      expect(row['*TaxType']).toBe('20% (VAT on Income)');
    }
    const xeroGross = (row: Record<string, string>) => Math.round(Number(row['*Quantity']) * pence(Number(row['*UnitAmount'])));
    const xeroTax = xeroRows.reduce((sum, row) => sum + pence(Number(row['TaxAmount'])), 0);
    const xeroNet = xeroRows.reduce((sum, row) => sum + xeroGross(row), 0) - xeroTax;
    expect([xeroTax, xeroNet]).toEqual([documentVat, documentNet]);
    const byNumber = new Map<string, Array<Record<string, string>>>();
    for (const row of xeroRows) byNumber.set(row['*InvoiceNumber']!, [...(byNumber.get(row['*InvoiceNumber']!) ?? []), row]);
    expect([[...byNumber.keys()].filter((n) => !n.startsWith('CN-')).length, [...byNumber.keys()].filter((n) => n.startsWith('CN-')).length]).toEqual([invoices, creditNotes]);
    for (const [number, rows] of byNumber) expect(Math.sign(rows.reduce((sum, row) => sum + xeroGross(row), 0)), number).toBe(number.startsWith('CN-') ? -1 : 1);

    // QuickBooks Online's invoice import columns: the invoices, their VAT the invoices'.
    const quickBooks = await fetch(`${server.baseUrl}/api/admin/accounts/quickbooks/csv?start=2030-01`, { headers: server.bearer(admin.token) });
    const qbRows = parse(await quickBooks.text(), { columns: true }) as Array<Record<string, string>>;
    for (const row of qbRows) {
      for (const column of ['*InvoiceNo', '*Customer', '*InvoiceDate', '*DueDate', '*ItemAmount', '*ItemTaxCode']) expect(row[column], column).toMatch(/\S/);
      expect(row['*ItemTaxCode']).toBe('20.0% S');
      expect(Math.round(Number(row['ItemQuantity']) * pence(Number(row['ItemRate'])))).toBe(pence(Number(row['*ItemAmount'])));
    }
    expect(new Set(qbRows.map((row) => row['*InvoiceNo'])).size).toBe(invoices);
    expect(qbRows.reduce((sum, row) => sum + pence(Number(row['ItemTaxAmount'])), 0)).toBe(invoicedVat);
  });

  it('a staff charge with a reason: the history reads old total → new total, and the reason is on its invoice, the PDF and the mail', async () => {
    const booking = TRUTH_BOOKINGS.find((b) => b.after === 'staff_charge' && b.staff)!;
    const { amount, reason } = booking.staff!;
    const outcome = outcomes.get(booking.name)!;
    const { data: detail } = await server.api.GET('/admin/order/{id}', { params: { path: { id: outcome.id } }, headers: server.bearer(admin.token) });
    const entry = detail!.history.find((one) => one.action === 'order.adjustment')!;
    // "£122.00 → £132.00", never "£122.00 → £10.00".
    expect([entry.from, entry.to]).toEqual([gbp(outcome.total - amount), `${gbp(outcome.total)} (+${gbp(amount)}: ${reason})`]);
    expect(detail!.lines.at(-1)).toMatchObject({ kind: 'adjustment', name: `Adjustment (${reason})`, amount: amount / 100 });

    // Its own VAT invoice, as stored, as the customer downloads it, and as mailed.
    const later = (await documentsOf(server.db, outcome.id)).invoices[1]!;
    expect(later.lines.map((line) => [line.name, line.amount])).toEqual([[`Adjustment (${reason})`, amount]]);
    const pdf = await fetch(`${server.baseUrl}/api/services/order/${outcome.id}/receipt.pdf?number=${later.number}`, { headers: server.bearer(jane.token) });
    expect(pdf.status).toBe(200);
    const rows = (await pdfRows(new Uint8Array(await pdf.arrayBuffer()))).map((row) => row.join(' '));
    expect(rows.find((row) => row.startsWith('Adjustment'))).toMatch(new RegExp(`^Adjustment \\(${reason}\\) 20% .* ${gbp(amount).replace('.', '\\.')}$`));
    const label = String(later.number).padStart(6, '0');
    const mail = (await server.outbox()).find((one) => one.to === jane.email && one.subject.startsWith(`VAT invoice ${label} `))!;
    expect(mail.text).toContain(`  - Adjustment (${reason}): ${gbp(amount)} (VAT 20%)`);
  });

  it.each(TRUTH_BOOKINGS.map((booking) => [booking.name, booking] as const))('%s', async (name, booking) => {
    const outcome = outcomes.get(name)!;
    const card = booking.payment === 'card';
    const directDebit = booking.payment === 'direct_debit';
    const cancelled = booking.after === 'late_cancellation';
    const late = booking.after === 'late_payment';
    const provider = directDebit ? goCardlessAmounts(outcome.id) : await providerAmounts(outcome.id);
    const paid = card || directDebit ? provider.paid : 0;
    const refunded = provider.refunded;
    const owed = cancelled ? 0 : outcome.total - paid + refunded;

    // My orders.
    const mine = await myOrder(server, jane.token, outcome.id);
    expect(pence(mine.total)).toBe(outcome.total);
    expect(pence(mine.payment.balanceDue)).toBe(owed);

    // The back office: the order page (its lines add up to its total) and the table.
    const { data: detail } = await server.api.GET('/admin/order/{id}', { params: { path: { id: outcome.id } }, headers: server.bearer(admin.token) });
    expect(pence(detail!.total)).toBe(outcome.total);
    expect(detail!.lines.reduce((sum, line) => sum + pence(line.amount), 0)).toBe(outcome.total);
    expect([pence(detail!.payment.paid), pence(detail!.payment.balanceDue)]).toEqual([paid, owed]);
    // The Refund amount staff read beside the fee: what the cancellation gave back.
    if (cancelled) expect(pence(detail!.refund!.amount)).toBe(outcome.credited);
    // Issue 33 row 7: the customer, the order page and the office's list each say what was refunded and what was kept.
    if (cancelled) {
      expect([pence(mine.refund!.amount), pence(mine.refund!.kept)]).toEqual([outcome.credited, outcome.total]);
      expect(pence(detail!.refund!.kept)).toBe(outcome.total);
      const listed = await send(server, 'GET', '/admin/refunds/?status=accepted&limit=100', { token: admin.token });
      const request = (listed.body as Array<{ order_id: number; amount: number; kept: number }>).find((one) => one.order_id === outcome.id)!;
      expect([pence(request.amount), pence(request.kept)]).toEqual([outcome.credited, outcome.total]);
    }

    // The orders CSV.
    const ordersCsv = await fetch(`${server.baseUrl}/api/admin/orders/csv`, { headers: server.bearer(admin.token) });
    // Its "Order id" is the reference people read (decision 073).
    const row = csvRows(await ordersCsv.text()).find((cells) => cells[0] === String(detail!.reference))!;
    expect(pence(Number(row[3]))).toBe(outcome.total);

    // The provider: what it was asked for first is what the order cost then; what it took is what was paid.
    if (card) {
      expect(provider.asked[0]).toBe(outcome.quoted);
      expect(paid - refunded).toBe(outcome.total);
    } else if (directDebit) {
      // GoCardless was asked once, for what the ledger said the done visit owed after the staff's
      // charge or credit; it collected that, and the bank took it back when charged back.
      expect(provider.asked).toEqual([outcome.total]);
      expect([paid, refunded]).toEqual([outcome.total, booking.directDebit!.chargedBack ? outcome.total : 0]);
    } else {
      expect(provider.asked).toEqual([]);
    }

    // Decision 059: every charge is on exactly one document, so the invoices less the credit notes
    // are what the ledger says the order costs, to the penny; an order never invoiced has none.
    const documents = await documentsOf(server.db, outcome.id);
    const invoiced = documents.invoices.reduce((sum, invoice) => sum + invoice.gross, 0);
    const credited = documents.notes.reduce((sum, note) => sum + note.gross, 0);
    if (documents.invoices.length === 0) expect(documents.notes).toEqual([]);
    else expect(invoiced - credited).toBe(outcome.total);
    for (const note of documents.notes) {
      const credits = documents.invoices.find((invoice) => invoice.number === note.invoice)!;
      expect(documents.notes.filter((other) => other.invoice === note.invoice).reduce((sum, other) => sum + other.gross, 0)).toBeLessThanOrEqual(credits.gross);
    }
    // A later fee or staff charge has a VAT invoice of its own, listing exactly that charge; a staff credit a credit note.
    if (card && (booking.after === 'late_reschedule' || booking.after === 'staff_charge')) {
      expect(documents.invoices.map((invoice) => invoice.gross)).toEqual([outcome.quoted, outcome.total - outcome.quoted]);
      expect(documents.invoices[1]!.lines.map((line) => line.kind)).toEqual([booking.after === 'late_reschedule' ? 'fee' : 'adjustment']);
    }
    if (card && booking.after === 'staff_credit') expect(documents.notes.map((note) => [note.gross, note.invoice])).toEqual([[500, documents.invoices[0]!.number]]);
    // A Direct Debit visit: one VAT invoice, issued with its collection, for all it costs (a chargeback credits nothing: the visit was supplied).
    if (directDebit) expect([documents.invoices.map((invoice) => invoice.gross), documents.notes]).toEqual([[outcome.total], []]);

    // The booking mail's total is the quote's.
    const shownName = await orderNameOf(server, jane.token, outcome.id);
    const mails = (await server.outbox()).filter((mail) => mail.to === jane.email && mail.text.includes(shownName));
    const booked = mails.find((mail) => /^(Booking confirmed|Payment pending)/.test(mail.subject))!;
    expect(booked.text).toContain(`Total: ${gbp(outcome.quoted)}`);
    // A Direct Debit series' booking mail says how its visits are paid (it said "Cash, on the day").
    if (directDebit) expect(booked.text).toMatch(/\nPayment: Direct Debit, collected after the visit is done.*\n[\s\S]*\nPayment: each visit is collected by Direct Debit after it is done\.\n/);

    if (!card && !directDebit) return;
    // The receipt mail names what was paid; the VAT invoice lists lines that add up to its gross.
    const firstPaid = provider.asked[0]!;
    const receipt = await send(server, 'GET', `/services/order/${outcome.id}/receipt`, { token: jane.token });
    expect(receipt.status).toBe(200);
    if (!late) {
      const receiptMail = mails.find((mail) => mail.subject.startsWith('Payment received:') && !mail.text.includes('balance'))!;
      expect(receiptMail.subject).toBe(`Payment received: ${gbp(firstPaid)} for ${shownName}`);
      expect(receiptMail.text).toContain(`Gross: ${gbp(firstPaid)}`);
      if (directDebit) {
        // Every figure of a collection's receipt is its ledger's: the total, what was collected, the
        // staff's line, and the VAT invoice's net and VAT (one mail: receipt and invoice).
        const { amount, reason } = booking.directDebit!.staffBeforeCollection;
        expect(receiptMail.text).toContain(`We collected ${gbp(firstPaid)} by Direct Debit for ${shownName}`);
        expect(receiptMail.text).toContain(`Total: ${gbp(outcome.total)}\n`);
        expect(receiptMail.text).toMatch(new RegExp(`\\nPaid: ${gbp(firstPaid).replace('.', '\\.')} by Direct Debit on \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} \\(UK time\\)\\n`));
        expect(receiptMail.text).toContain(`  - Adjustment (${reason}): ${gbp(amount)} (VAT 20%)`);
        expect(receiptMail.text).toContain(`Net: ${gbp(pence(receipt.body.net))}\nVAT: ${gbp(pence(receipt.body.vat))}\nGross: ${gbp(firstPaid)}`);
        expect(mails.filter((mail) => mail.subject.startsWith('VAT invoice '))).toEqual([]);
        // Its PDF says how it was paid (it said "none recorded").
        const pdf = await fetch(`${server.baseUrl}/api/services/order/${outcome.id}/receipt.pdf`, { headers: server.bearer(jane.token) });
        expect((await pdfRows(new Uint8Array(await pdf.arrayBuffer()))).map((row) => row.join(' '))).toContain('Prices include VAT. Payment: by Direct Debit.');
      }
    }
    const invoiceLines = (receipt.body.lines as Array<{ amount: number }>).reduce((sum, line) => sum + pence(line.amount), 0);
    expect([invoiceLines, pence(receipt.body.gross)]).toEqual([firstPaid, firstPaid]);
    expect(pence(receipt.body.net) + pence(receipt.body.vat)).toBe(firstPaid);

    // The accounts CSV: the invoice's gross, and the credit note's (negative), for this order.
    const accounts = csvRows(await (await fetch(`${server.baseUrl}/api/admin/accounts/csv`, { headers: server.bearer(admin.token) })).text());
    const number = String((await server.db.query<{ reference: number }>('SELECT reference FROM orders WHERE id = $1', [outcome.id]))[0]!.reference);
    const gross = (document: string) => accounts.filter((cells) => cells[0] === document && cells[4] === number).reduce((sum, cells) => sum + pence(Number(cells[9])), 0);
    expect(gross('VAT invoice')).toBe(invoiced);
    expect(gross('Credit note') + credited).toBe(0);
    expect(gross('VAT invoice') + gross('Credit note')).toBe(outcome.total);
    if (late) {
      // Paid in full after the cancellation and given back in full, under a key of the payment; the office was told.
      expect([paid, refunded]).toEqual([outcome.quoted, outcome.quoted]);
      expect(detail!.payment.latePayments).toEqual([{ amount: outcome.quoted / 100, refund: outcome.quoted / 100, refunded: expect.any(String), reason: 'cancelled', at: expect.any(String) }]);
      expect(detail!.history.filter((entry) => entry.action === 'order.late_payment').map((entry) => entry.to))
        .toEqual([`${gbp(outcome.quoted)} received after the order was cancelled`, `${gbp(outcome.quoted)} refunded`]);
    }
    if (directDebit && booking.directDebit!.chargedBack) {
      // The bank took the collection back: a refund line of its reference, the whole visit due again,
      // the customer and the office told, each act in the visit's history.
      const [collection] = collectionsOf(outcome.id);
      expect(detail!.history.filter((entry) => entry.action === 'order.direct_debit').map((entry) => entry.to)).toEqual([
        `Collection of ${gbp(outcome.total)} asked for (${collection!.id})`,
        `Collected ${gbp(outcome.total)} (${collection!.id})`,
        expect.stringMatching(new RegExp(`^Charged back ${gbp(outcome.total).replace('.', '\\.')} \\(.+\\): customer mailed, office told \\(${collection!.id}\\)$`)),
      ]);
      expect([mine.payment.status, pence(mine.payment.balanceDue)]).toEqual(['balance_due', outcome.total]);
      const outbox = await server.outbox();
      expect(outbox.filter((mail) => mail.to === jane.email && mail.subject === `Direct Debit payment returned for ${shownName}`)).toHaveLength(1);
      expect(outbox.filter((mail) => mail.to === OFFICE && mail.subject === `Follow up: Direct Debit payment returned for ${shownName}`)).toHaveLength(1);
    }
    if (cancelled || late) {
      expect(gross('Credit note')).toBe(-outcome.credited!);
      expect(pence(receipt.body.creditNote.gross)).toBe(outcome.credited);
      expect(refunded).toBe(outcome.credited);
    }
  });
});
