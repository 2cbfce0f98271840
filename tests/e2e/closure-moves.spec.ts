import { COMPANY_MOVE_TEXT } from '../../domain/terms/reschedule-terms';
import { waitForMail } from '../api/support/mail-wait';
import { TEST_ADMIN } from '../api/support/test-config';
import { expectNoAxeViolations, settled } from './support/a11y';
import { ok } from './support/api-client';
import { deliveryDetails, expectToast, orderCard, orderNameOf, ukDateIn } from './support/booking-ui';
import { expect as baseExpect, test } from './support/fixtures';
import { checkoutAtFreeTime } from './support/free-slots';
import { ownServerForFile } from './support/own-server-for-file';

/**
 * Issue 26 item 5 (decision 048) in Chromium against the real server: staff close a day a customer
 * has a visit on; the customer gets the mail, and its link opens My orders with the reschedule
 * dialog saying the move is free (even within 24 hours of the visit, when the customer's own move
 * would cost 30%); choosing a free time by keyboard moves the visit. Its own server, so the test
 * can read its outbox and bring the visit within 24 hours, as time passing would.
 */
const expect = baseExpect.configure({ timeout: 15_000 });

const { server } = ownServerForFile();

test('closing a booked day mails the customer a link that opens the reschedule dialog, free, and moves the visit by keyboard', async ({ page }) => {
  const { api, customer: { email } } = await server.signUp(page, 'closure-move');
  const { items } = await ok(api.GET('/services/get-items/{id}', { params: { path: { id: 1 } } }));
  const order = await ok(api.POST('/services/order/new', { body: { service: 1, items: [{ id: items[0]!.id, quantity: 2 }] } }));
  const due = await checkoutAtFreeTime(api, order, {
    serviceId: 1, from: ukDateIn(3), onThatDay: true, address: deliveryDetails.address, phone: deliveryDetails.phone,
    city: deliveryDetails.city, code_postal: deliveryDetails.postcode, client_note: '', payment: 'cash',
  });
  const admin = await ok(server.api().POST('/auth/login', { body: { username: TEST_ADMIN.email, password: TEST_ADMIN.password } }));
  const staff = server.api(admin.token);
  const visits = await ok(staff.GET('/admin/closures/{date}/visits', { params: { path: { date: due.due_date } } }));
  expect(visits.map((visit) => visit.order_id)).toContain(order.id);
  await ok(staff.POST('/admin/closures', { body: { date: due.due_date, reason: 'Flood' } }));

  const name = await orderNameOf(api, order.id);
  const mail = await waitForMail(server.outboxDir, email, { where: (sent) => sent.subject === `Please choose a new time: ${name}` });
  const link = new URL(mail.links.find((href) => href.includes('move='))!);
  // The visit is now within 24 hours, as time passing would make it: the customer's own move would cost.
  await server.db.query(`UPDATE orders SET due_at = now() + interval '20 hours' WHERE id = $1`, [order.id]);

  await page.goto(`${server.baseUrl}${link.pathname}${link.search}`);
  await settled(page);
  const dialog = page.getByRole('dialog', { name: 'Reschedule the booking' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(COMPANY_MOVE_TEXT);
  await expect(dialog).not.toContainText('rescheduling fee');
  const date = ukDateIn(6);
  const [year, month, day] = date.split('-');
  await dialog.getByRole('group', { name: 'Date', exact: true }).getByRole('spinbutton').first().focus();
  await page.keyboard.type(`${day}${month}${year}`);
  const option = dialog.getByRole('region', { name: /^Free times/ }).getByRole('option', { name: /^11:00 — \d+ of \d+ teams free$/ });
  await expect(option).toBeVisible();
  await expectNoAxeViolations(page, 'the reschedule dialog opened from a closure link');
  await option.focus();
  await page.keyboard.press('Enter');
  const confirm = dialog.getByRole('button', { name: 'Confirm' });
  await expect(confirm).toBeEnabled();
  await confirm.focus();
  await page.keyboard.press('Enter');
  await expectToast(page, 'Booking rescheduled');
  await expect(orderCard(page, order.id)).toContainText(`${date} 11:00`);
  const [row] = await server.db.query<{ reschedule_fees: string }>('SELECT reschedule_fees FROM orders WHERE id = $1', [order.id]);
  expect(Number(row!.reschedule_fees)).toBe(0);
});
