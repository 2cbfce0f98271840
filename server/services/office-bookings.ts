import type { OfficeBooking, OfficeBookingRequest } from '../../openapi/schema';
import type { AppContext, AuthUser } from '../app-context';
import { badRequest, conflict, notFound } from '../lib/http-error';
import { auditRepository } from '../repositories/audit';
import { officeCustomersRepository, type OfficeCustomer } from '../repositories/office-customers';
import { createResetTokenRepository, newResetToken } from '../repositories/reset-token-repository';
import { checkoutOrder } from './checkout';
import { INVITATION_VALIDITY_MS } from './cleaners';
import { officeInvitationMail, officePayNowMail } from '../mails/office-booking-mails';
import { createOrder } from './orders';
import { assertPlainName } from './plain-names';
import { createQuote } from './quotes';
import { ledgerRepository } from '../repositories/ledger';
import { officeBookingKeysRepository } from '../repositories/office-booking-keys';
import { bodyHash, keyUsedForAnotherRequest } from '../lib/idempotency-key';
import { ledgerTotals } from '../../domain/money/ledger';
import { toPounds } from '../../domain/money/money';

export const CUSTOMER_EMAIL_TAKEN = 'An account with this email already exists: search for the customer instead';
export const CUSTOMER_NOT_FOUND = 'Customer not found';
export const BOOKING_IN_PROGRESS = 'This booking is still being made: wait for its answer';

/**
 * Staff book a job for a phone caller (issue 26 item 1, decision 047). Nothing here prices, checks
 * capacity or writes money: the job is quoted by the quote rules at the address's postcode (served
 * districts, Congestion Charge, frequency and extras), created as the customer's order from that
 * quote, and placed by the customer's own checkout (capacity lock, ledger lines, confirmation mail).
 * What the office adds: the account of a new customer (mailed a link to choose a password once the
 * booking stands), the Pay now mail, and the history entry naming the member of staff.
 */
export async function createOfficeBooking(ctx: AppContext, staff: AuthUser, input: OfficeBookingRequest, idempotencyKey?: string): Promise<OfficeBooking> {
  if (idempotencyKey === undefined) return placeOfficeBooking(ctx, staff, input);
  return onceByKey(ctx, staff, idempotencyKey, input);
}

/** A claim nobody answered for this long was left by a server that stopped mid-booking. */
const STALE_CLAIM_MS = 10 * 60_000;

/**
 * With an Idempotency-Key (decision 062): the key is claimed first, so a retry (the line dropped
 * after the booking stood) gets the booking's answer, not "email taken" for the caller it just
 * created; while the first is still being made a retry is told so (409); a refused booking releases
 * the key. The same key with another body is refused (422).
 */
async function onceByKey(ctx: AppContext, staff: AuthUser, key: string, input: OfficeBookingRequest): Promise<OfficeBooking> {
  const keys = officeBookingKeysRepository(ctx.db);
  const requestHash = bodyHash(input);
  const now = ctx.now();
  if (!(await keys.claim({ staffId: staff.id, key, requestHash, at: now, staleBefore: new Date(now.getTime() - STALE_CLAIM_MS) }))) {
    const earlier = await keys.find(staff.id, key);
    // Released meanwhile (that booking was refused): this one tries afresh.
    if (!earlier) return onceByKey(ctx, staff, key, input);
    if (earlier.request_hash !== requestHash) throw keyUsedForAnotherRequest();
    if (earlier.response === null) throw conflict(BOOKING_IN_PROGRESS);
    return earlier.response as OfficeBooking;
  }
  let placed: OfficeBooking;
  try {
    placed = await placeOfficeBooking(ctx, staff, input);
  } catch (error) {
    await keys.release(staff.id, key);
    throw error;
  }
  await keys.answer(staff.id, key, placed);
  return placed;
}

async function placeOfficeBooking(ctx: AppContext, staff: AuthUser, input: OfficeBookingRequest): Promise<OfficeBooking> {
  const now = ctx.now();
  // Priced (and the postcode checked) before any account is made: a refusal leaves nothing behind.
  const quote = await createQuote(ctx.db, { service: input.service, items: input.items, frequency: input.frequency, extras: input.extras ?? [], postcode: input.code_postal }, now);
  const customers = officeCustomersRepository(ctx.db);
  const { customer, invited } = await customerOf(ctx, input.customer);
  const user: AuthUser = { id: customer.id, name: customer.name, email: customer.email, roles: customer.roles };
  let orderId: number | null = null;
  let reference = 0;
  try {
    const order = await createOrder(ctx.db, user, { service: input.service, items: input.items, quote: quote.id }, now);
    orderId = order.id;
    ({ reference } = await checkoutOrder(
      { db: ctx.db, payments: ctx.payments, outbox: ctx.outbox, now },
      user,
      {
        order: order.id, due_date: input.due_date, due_time: input.due_time, address: input.address, phone: input.phone,
        city: input.city, code_postal: input.code_postal, client_note: input.client_note, payment: input.payment === 'pay_link' ? 'card' : 'cash',
      },
      undefined,
    ));
  } catch (error) {
    await customers.undo(orderId, invited ? customer.id : null);
    throw error;
  }
  const placed = orderId;
  // What the customer is asked for is the order's ledger, as everywhere else (decision 036).
  const total = ledgerTotals(await ledgerRepository(ctx.db).forOrder(placed)).total;
  await ctx.db.transaction(async (tx) => {
    await auditRepository(tx).record({
      orderId: placed, actorId: staff.id, actor: staff.name, action: 'order.office_booking', from: null,
      to: `Booked by phone for ${customer.name}${input.payment === 'pay_link' ? ', Pay now link mailed' : ', cash on the day'}`, at: now,
    });
    if (invited) {
      const token = newResetToken();
      await createResetTokenRepository(tx).create(customer.id, token, new Date(now.getTime() + INVITATION_VALIDITY_MS));
      await ctx.outbox.add(tx, officeInvitationMail(customer, token, ctx.config.publicUrl));
    }
    if (input.payment === 'pay_link') await ctx.outbox.add(tx, officePayNowMail(customer, { id: placed, reference }, total, ctx.outbox.site));
  });
  return { order: placed, reference, customer: customer.id, invited, total: toPounds(total), payment: input.payment };
}

async function customerOf(ctx: AppContext, choice: OfficeBookingRequest['customer']): Promise<{ customer: OfficeCustomer; invited: boolean }> {
  const customers = officeCustomersRepository(ctx.db);
  if ('id' in choice) {
    const found = await customers.findBookable(choice.id);
    if (!found) throw notFound(CUSTOMER_NOT_FOUND);
    return { customer: found, invited: false };
  }
  const name = choice.name.trim();
  assertPlainName('Name', name);
  if (name.length < 2) throw badRequest('Name must be at least 2 characters');
  const created = await customers.createInvited(name, choice.email);
  if (!created) throw conflict(CUSTOMER_EMAIL_TAKEN);
  return { customer: created, invited: true };
}
