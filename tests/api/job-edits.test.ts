import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobEditPreview, JobEditState, OrderDetail } from '../../openapi/schema';
import { bookedOrder, catalogue, createClock, firstFreeStart, londonDue, myOrder, orderNameOf, paidCardOrder, send, type Catalogue } from './booking-fixtures';
import { SLOT_TAKEN_MESSAGE } from '../../domain/capacity/availability-text';
import { startTestServer, type TestCustomer, type TestServer } from './support/test-server';

/**
 * Staff edit a booked job's items, time or team (issue 26 item 1, decision 055) over real HTTP, on
 * PGlite and on PostgreSQL with DATABASE_URL: the preview's difference is the one saved as ledger
 * lines with the reason, the history says who, the customer is mailed (the calendar entry keeps its
 * UID with a higher SEQUENCE), My orders shows the new total; a taken time, an older version and a
 * second edit at once are refused with 409 and leave the ledger as it was.
 */
const clock = createClock('2027-06-07T09:00:00Z');
let server: TestServer;
let admin: string;
let jane: TestCustomer;
let house: Catalogue;
let week = 0;

beforeAll(async () => {
  server = await startTestServer({ now: clock.now });
  admin = await server.adminToken();
  jane = await server.createCustomer({ name: 'Jane Edited' });
  house = await catalogue(server, jane.token);
});
afterAll(async () => server?.close());

/** A booking on a day of its own, so no test takes another's time. */
async function booked(payment: 'cash' | 'card' = 'cash') {
  week += 1;
  const due = await firstFreeStart(server, house.serviceId, undefined, new Date(clock.now().getTime() + week * 7 * 86_400_000));
  return payment === 'card' ? paidCardOrder(server, jane.token, house, due) : bookedOrder(server, jane.token, house, { due });
}

const state = async (id: number) => (await send(server, 'GET', `/admin/order/${id}/job`, { token: admin })).body as JobEditState;
const preview = (id: number, body: unknown, token = admin) => send(server, 'POST', `/admin/order/${id}/job/preview`, { token, body });
const save = (id: number, body: unknown, token = admin) => send(server, 'PUT', `/admin/order/${id}/job`, { token, body });
const detail = async (id: number) => (await send(server, 'GET', `/admin/order/${id}`, { token: admin })).body as OrderDetail;
const ledgerCount = async (id: number) => Number((await server.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM order_ledger WHERE order_id = $1', [id]))[0]!.n);
const edit = (job: JobEditState) => ({ version: job.version, items: job.items, extras: job.extras, due_date: job.due_date, due_time: job.due_time, team_id: job.team_id });
const calendar = (text: string) => ({ uid: /UID:(.*)/.exec(text)?.[1]?.trim(), sequence: Number(/SEQUENCE:(\d+)/.exec(text)?.[1]) });

describe('staff edit a booked job', () => {
  it('one more of the first item: the preview shows the difference, saving writes it with the reason, the history, the mail and My orders agree', async () => {
    const order = await booked();
    const job = await state(order.id);
    const unit = house.items[0]!.price;
    const items = job.items.map((item) => (item.id === house.items[0]!.id ? { ...item, quantity: item.quantity + 1 } : item));
    const previewed = await preview(order.id, { ...edit(job), items });
    expect(previewed.status).toBe(200);
    const difference = previewed.body as JobEditPreview;
    expect(difference).toMatchObject({ previousTotal: job.total, difference: unit, total: job.total + unit });
    expect(difference.lines).toEqual([expect.objectContaining({ kind: 'item', name: house.items[0]!.name, quantity: 1, amount: unit })]);
    // A preview writes nothing.
    expect((await state(order.id)).version).toBe(job.version);

    const saved = await save(order.id, { ...edit(job), items, reason: 'Customer asked for the spare room too' });
    expect(saved.status).toBe(200);
    const after = saved.body as OrderDetail;
    expect(after.total).toBe(difference.total);
    expect(after.history.at(-1)).toMatchObject({ action: 'order.job_edit', to: expect.stringContaining('Customer asked for the spare room too'), actor: expect.stringMatching(/admin/i) });
    expect((await myOrder(server, jane.token, order.id)).total).toBe(difference.total);
    const mail = (await server.outbox()).filter((candidate) => candidate.to === jane.email && candidate.subject.startsWith('Booking changed:')).at(-1)!;
    expect(mail.text).toContain('Customer asked for the spare room too');
    expect(mail.text).toContain(`The order's total is now £`);
    expect(mail.attachments).toEqual([]);
  });

  it('moving the job mails the customer the calendar entry again: same UID, higher SEQUENCE', async () => {
    const order = await booked();
    const job = await state(order.id);
    const later = await firstFreeStart(server, house.serviceId, job.duration_minutes, new Date(clock.now().getTime() + (week * 7 + 2) * 86_400_000));
    const saved = await save(order.id, { ...edit(job), ...londonDue(later), team_id: null, reason: 'Customer is away that day' });
    expect(saved.status).toBe(200);
    expect((saved.body as OrderDetail).history.map((entry) => entry.action)).toEqual(expect.arrayContaining(['order.job_edit', 'order.moved']));
    const mails = (await server.outbox()).filter((candidate) => candidate.to === jane.email);
    // The calendar file is named by the order's reference, the number people read (decision 073).
    const [{ reference }] = await server.db.query<{ reference: number }>('SELECT reference FROM orders WHERE id = $1', [order.id]) as [{ reference: number }];
    const confirmation = mails.find((candidate) => candidate.attachments.some((file) => file.filename === `booking-${reference}.ics`))!;
    const changed = mails.filter((candidate) => candidate.subject.startsWith('Booking changed:')).at(-1)!;
    expect(changed.text).toContain(`Was: `);
    const before = calendar(confirmation.attachments[0]!.content);
    const now = calendar(changed.attachments.find((file) => file.filename === `booking-${reference}.ics`)!.content);
    expect(now.uid).toBe(before.uid);
    expect(now.sequence).toBeGreaterThan(before.sequence);
  });

  it('a time another job of the chosen team holds answers 409 "That time was just taken" and changes nothing', async () => {
    const order = await booked();
    const other = await booked();
    const job = await state(order.id);
    const theirs = await state(other.id);
    const lines = await ledgerCount(order.id);
    const taken = await save(order.id, { ...edit(job), due_date: theirs.due_date, due_time: theirs.due_time, team_id: theirs.team_id, reason: 'Move it' });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ message: SLOT_TAKEN_MESSAGE });
    expect(await ledgerCount(order.id)).toBe(lines);
    expect(await state(order.id)).toEqual(job);
  });

  it('two edits of one job at once: one wins, the other sees a clear 409, the ledger has one difference', async () => {
    const order = await booked();
    const job = await state(order.id);
    const lines = await ledgerCount(order.id);
    const more = job.items.map((item, index) => (index === 0 ? { ...item, quantity: item.quantity + 1 } : item));
    const fewer = job.items.map((item, index) => (index === 0 ? { ...item, quantity: Math.max(1, item.quantity - 1) } : item));
    const answers = await Promise.all([
      save(order.id, { ...edit(job), items: more, reason: 'One more room' }),
      save(order.id, { ...edit(job), items: fewer, reason: 'One room less' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const lost = answers.find((answer) => answer.status === 409)!;
    expect(lost.body).toEqual({ message: 'This job was changed by someone else while you edited it: please check it and edit again' });
    expect(await ledgerCount(order.id)).toBe(lines + 1);
    const won = answers.find((answer) => answer.status === 200)!.body as OrderDetail;
    expect((await detail(order.id)).total).toBe(won.total);
    expect(won.lines.reduce((sum, line) => sum + Math.round(line.amount * 100), 0)).toBe(Math.round(won.total * 100));
  });

  it('a card-paid job that costs more shows a balance due with Pay now; one that costs less is refunded to the card', async () => {
    const order = await booked('card');
    const job = await state(order.id);
    const more = job.items.map((item, index) => (index === 0 ? { ...item, quantity: item.quantity + 1 } : item));
    expect((await save(order.id, { ...edit(job), items: more, reason: 'Extra room' })).status).toBe(200);
    const owing = await myOrder(server, jane.token, order.id);
    expect(owing.payment).toMatchObject({ status: 'balance_due', balanceDue: house.items[0]!.price });
    const pounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(house.items[0]!.price);
    expect((await server.outbox()).map((mail) => mail.subject)).toContain(`Balance due: ${pounds} for ${await orderNameOf(server, jane.token, order.id)}`);

    const again = await state(order.id);
    const fewer = again.items.map((item, index) => (index === 0 ? { ...item, quantity: item.quantity - 2 } : item));
    expect((await save(order.id, { ...edit(again), items: fewer, reason: 'Two rooms fewer' })).status).toBe(200);
    const refunded = await detail(order.id);
    expect(refunded.payment.balanceDue).toBe(0);
    // The provider gave the difference back: a refund line of the ledger, not a refund left due.
    const refunds = await server.db.query<{ amount: number }>(`SELECT amount FROM order_ledger WHERE order_id = $1 AND kind = 'refund'`, [order.id]);
    expect(refunds.map((line) => Number(line.amount))).toEqual([house.items[0]!.price * 100]);
    expect(refunded.total).toBe(job.total - house.items[0]!.price);
  });

  it('refuses what cannot be edited with its message, never a 500', async () => {
    const order = await booked();
    const job = await state(order.id);
    expect((await save(order.id, { ...edit(job), reason: 'Nothing' })).body).toEqual({ message: 'Nothing changed: edit the items, the time or the team first' });
    expect((await preview(order.id, { ...edit(job), version: job.version - 1, team_id: null, items: [{ id: job.items[0]!.id, quantity: 9 }] })).status).toBe(409);
    expect((await preview(order.id, { ...edit(job), items: [{ id: 2147483647, quantity: 1 }] })).status).toBe(400);
    expect((await save(order.id, { ...edit(job), items: [], reason: 'x' })).status).toBe(400);
    expect((await preview(order.id, { ...edit(job), items: job.items }, jane.token)).status).toBe(403);
    await server.db.query(`UPDATE orders SET status = 'cancelled' WHERE id = $1`, [order.id]);
    expect((await preview(order.id, { ...edit(job), items: [{ id: job.items[0]!.id, quantity: 9 }] })).body).toEqual({ message: 'This order is cancelled: its job cannot change any more' });
  });
});
