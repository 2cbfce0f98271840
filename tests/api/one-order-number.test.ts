import { describe, expect, it } from 'vitest';
import type { AdminOrder, CustomerRecord, OrderDetail, RefundRequest, Schedule } from '../../openapi/schema';
import { londonLocalToInstant } from '../../domain/time/london-time';
import { checkout, checkoutBody, placeOrder, send } from './booking-fixtures';
import { shopForFile } from './support/shop-for-file';

/**
 * One order number (issue 33 row 4, decision 073) over real HTTP: drafts never placed push an
 * order's id ahead of its reference, as in the issue (ids 43, 45 for reference 41). Everywhere a
 * person reads the order (mails, the calendar file's name and text, the back office's list, order
 * page, refunds, schedule and customer record, the CSV), it is the reference; the id never shows.
 */
const { server, admin, jane, house } = shopForFile({ start: '2030-01-06T09:00:00Z', customer: 'Jane Numbered', server: { teams: 2 } });

describe('one order number', () => {
  it('shows the reference and never the id where the two differ', async () => {
    for (let i = 0; i < 3; i += 1) await placeOrder(server, jane.token, house);
    const order = await placeOrder(server, jane.token, house);
    const placed = await checkout(server, jane.token, checkoutBody(order.id, londonLocalToInstant('2030-01-09', '10:00')));
    expect(placed.response.status).toBe(200);
    const reference = placed.data!.reference!;
    expect(reference).toBeLessThan(order.id);
    const number = `#${reference}`;
    const idShown = new RegExp(`#${order.id}\\b|order ${order.id}\\b|booking-${order.id}\\b`, 'i');

    // Mails and their calendar file (name and text; the UID is the calendar's key, not read by a person).
    await server.mailSettled();
    const mails = (await server.outbox()).filter((mail) => mail.to === jane.email && mail.text.includes(number));
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) {
      expect(`${mail.subject}\n${mail.text}`).not.toMatch(idShown);
      for (const file of mail.attachments) {
        expect(file.filename).toBe(`booking-${reference}.ics`);
        const read = file.content.split(/\r?\n/).filter((line) => !line.startsWith('UID:')).join('\n');
        expect(read).toContain(`order ${number}`);
        expect(read).not.toMatch(idShown);
      }
    }
    expect(mails.some((mail) => mail.attachments.length > 0)).toBe(true);

    // The back office: found by the reference, and each answer carries it for the screens to show.
    const asAdmin = async <T>(path: string) => (await send(server, 'GET', path, { token: admin.token })).body as T;
    const rows = await asAdmin<AdminOrder[]>(`/admin/orders?q=${reference}`);
    expect(rows.find((row) => row.id === order.id)).toMatchObject({ reference });
    const detail = await asAdmin<OrderDetail>(`/admin/order/${order.id}`);
    expect(detail.reference).toBe(reference);
    const board = await asAdmin<Schedule>('/admin/schedule?from=2030-01-09&days=1');
    expect(board.jobs.find((job) => job.id === order.id)).toMatchObject({ reference });
    const record = await asAdmin<CustomerRecord>(`/admin/customers/${detail.customer_id}`);
    expect(record.orders.find((row) => row.id === order.id)).toMatchObject({ reference });
    expect((await send(server, 'POST', `/services/refund-request/${order.id}`, { token: jane.token, body: { reason: 'Plans changed' } })).status).toBe(201);
    const refunds = await asAdmin<RefundRequest[]>('/admin/refunds');
    expect(refunds.find((row) => row.order_id === order.id)).toMatchObject({ reference });

    // The orders CSV: the spec's "Order id" column holds the reference.
    const csv = await fetch(`${server.baseUrl}/api/admin/orders/csv?q=${reference}`, { headers: server.bearer(admin.token) });
    const lines = (await csv.text()).trim().split('\r\n').map((line) => line.split(','));
    expect(lines[0]![0]).toBe('Order id');
    expect(lines.slice(1).map((cells) => cells[0])).toContain(String(reference));
  });
});
