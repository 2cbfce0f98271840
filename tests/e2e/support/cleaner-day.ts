import { TEST_ADMIN } from '../../api/support/test-config';
import { waitForMail } from '../../api/support/mail-wait';
import type { ApiClient } from './api-client';
import { deliveryDetails, ukDateIn } from './booking-ui';
import { ok, uniqueCustomer } from './fixtures';
import { checkoutAtFreeTime } from './free-slots';
import type { OwnServer } from './own-server';

/**
 * What a cleaner's day needs on a server of the spec's own (decision 040): a customer's job of
 * today given to a team, and a cleaner of that team. Checkouts need 24 hours' notice, so the job
 * is booked days ahead and moved to start now in the database, as time passing would.
 */

/** A booking of `customer`'s (the first service, two of its first item), moved to start now and given to `team`. */
export async function jobToday(server: OwnServer, job: { customer: string; team: number; note: string; accessNotes?: string }): Promise<number> {
  return (await jobTodayFor(server, job)).id;
}

/** jobToday, answering the customer's credentials too (they sign in on their own browser). */
export async function jobTodayFor(server: OwnServer, job: { customer: string; team: number; note: string; accessNotes?: string }) {
  const customer = { ...uniqueCustomer('cleaned'), name: job.customer };
  await ok(server.api().POST('/auth/register', { body: customer }));
  await server.confirm(customer);
  const user = await ok(server.api().POST('/auth/login', { body: { username: customer.email, password: customer.password } }));
  const api: ApiClient = server.api(user.token);
  const { items } = await ok(api.GET('/services/get-items/{id}', { params: { path: { id: 1 } } }));
  const order = await ok(api.POST('/services/order/new', { body: { service: 1, items: [{ id: items[0]!.id, quantity: 2 }] } }));
  await checkoutAtFreeTime(api, order, {
    serviceId: 1, from: ukDateIn(3), onThatDay: false, address: deliveryDetails.address, phone: deliveryDetails.phone,
    city: deliveryDetails.city, code_postal: deliveryDetails.postcode, client_note: job.note, payment: 'cash',
  });
  await server.db.query('UPDATE orders SET due_at = now(), team_id = $2, access_notes = COALESCE($3, access_notes) WHERE id = $1', [order.id, job.team, job.accessNotes ?? null]);
  return { id: order.id, customer };
}

/** A cleaner staff added to `team` through the API, who chose `password` through the mailed link: signed in (`token`). */
export async function invitedCleaner(server: OwnServer, cleaner: { name: string; email: string; team: number; password: string }) {
  const admin = await ok(server.api().POST('/auth/login', { body: { username: TEST_ADMIN.email, password: TEST_ADMIN.password } }));
  const made = await ok(server.api(admin.token).POST('/admin/cleaners', { body: { name: cleaner.name, email: cleaner.email, team: cleaner.team } }));
  const mail = await waitForMail(server.outboxDir, cleaner.email);
  const token = new URL(mail.links.find((href) => href.includes('/reset-password/'))!).pathname.split('/reset-password/')[1]!;
  await ok(server.api().PUT('/auth/reset-password/{id}', { params: { path: { id: token } }, body: { token, password: cleaner.password } }));
  const signedIn = await ok(server.api().POST('/auth/login', { body: { username: cleaner.email, password: cleaner.password } }));
  return { id: made.id, email: cleaner.email, password: cleaner.password, token: signedIn.token };
}
