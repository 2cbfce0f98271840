import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutRequest, JobEdit, JobEditState, OrderDetail, PricingRules } from '../../openapi/schema';
import { loadOpenApiDocument } from '../../server/lib/openapi-document';
import { checkedOutOrder, checkoutBody, createOrder, expectStatus, firstCatalogue, login, newCustomer, newOrderBody, orderWithPendingRefund, weeklySeries, type Catalogue, type Session } from './support/api-actors';
import { confirmationToken } from './support/confirmation-link';
import { waitForMail } from './support/mail-wait';
import { databaseLabel, startHardeningTarget, type HardeningTarget } from './support/hardening-target';
import { PNG_BASE64 } from '../support/photos';

/**
 * Every operation of openapi/openapi.yaml × every kind of caller, against the real server. The
 * expected status is derived, not written: the document's `security` (no token → 401), its
 * `x-required-role` (wrong role → 403), the row's owner (someone else's order → 404), else the
 * operation's documented 2xx. A forged, an unsigned and a logged-out token count as no token.
 * Each row only says how to make a valid request; an operation without a row fails the test.
 */
type Actor = 'anonymous' | 'customer A' | 'customer B' | 'cleaner' | 'administrator' | 'forged token' | 'unsigned token' | 'ended session';
const ACTORS: Actor[] = ['anonymous', 'customer A', 'customer B', 'cleaner', 'administrator', 'forged token', 'unsigned token', 'ended session'];

interface Context { target: HardeningTarget; a: Session; b: Session; cleaner: Session; cleanerTeam: number; catalogue: Catalogue }
interface Request { path: string; body?: unknown; headers?: Record<string, string>; token?: string | null }
interface Row {
  /** Makes one valid request for `actor` (fresh data where a call changes state). */
  request: (ctx: Context, actor: Actor, session: Session | null) => Promise<Request>;
  /** The resource belongs to customer A: anyone else gets 404. */
  ownedByA?: boolean;
}

const credentialsOf = async (ctx: Context, session: Session | null) => session ?? (await newCustomer(ctx.target.api, 'Anon'));

async function jobEditBody(ctx: Context): Promise<{ id: number; body: JobEdit }> {
  const id = await checkedOutOrder(ctx.target.api, ctx.a, ctx.catalogue);
  const job = (await ctx.target.api.call('GET', `/admin/order/${id}/job`, { token: ctx.target.admin.token })).body as JobEditState;
  const items = job.items.map((item, index) => (index === 0 ? { ...item, quantity: item.quantity - 1 } : item));
  return { id, body: { version: job.version, items, extras: job.extras, due_date: job.due_date, due_time: job.due_time, team_id: job.team_id } };
}

const ROWS: Record<string, Row> = {
  listServices: { request: async () => ({ path: '/home/services' }) },
  getServiceDetail: { request: async (ctx) => ({ path: `/home/services/${ctx.catalogue.serviceId}` }) },
  listCounters: { request: async () => ({ path: '/home/counter' }) },
  listTestimonies: { request: async () => ({ path: '/home/testimonies' }) },
  listFaqs: { request: async () => ({ path: '/home/faqs' }) },
  getHealth: { request: async () => ({ path: '/health' }) },
  getReadiness: { request: async () => ({ path: '/ready' }) },
  login: {
    request: async (ctx, _actor, session) => {
      const who = await credentialsOf(ctx, session);
      return { path: '/auth/login', body: { username: who.email, password: who.password } };
    },
  },
  // Logout ends every token of its user, so each cell signs in afresh (and signs back in after).
  logout: {
    request: async (ctx, _actor, session) => ({
      path: '/auth/logout',
      ...(session ? { token: (await login(ctx.target.api, session.email, session.password)).token } : {}),
    }),
  },
  register: {
    request: async () => {
      const unique = randomUUID().slice(0, 8);
      return { path: '/auth/register', body: { name: `Matrix ${unique}`, email: `matrix-${unique}@example.co.uk`, password: `matrix-pass-${unique}` } };
    },
  },
  confirmEmail: {
    request: async (ctx) => {
      const email = `matrix-confirm-${randomUUID().slice(0, 8)}@example.co.uk`;
      const password = `matrix-pass-${randomUUID().slice(0, 8)}`;
      await ctx.target.api.call('POST', '/auth/register', { body: { name: 'Matrix Confirm', email, password } });
      const token = confirmationToken(await waitForMail(ctx.target.api.outboxDir!, email));
      return { path: `/auth/confirm-email/${encodeURIComponent(token)}`, body: { password } };
    },
  },
  forgotPassword: { request: async () => ({ path: '/auth/forgot-password', body: { email: `nobody-${randomUUID().slice(0, 8)}@example.co.uk` } }) },
  resetPassword: {
    request: async (ctx) => {
      const owner = await newCustomer(ctx.target.api, 'Reset');
      await ctx.target.api.call('POST', '/auth/forgot-password', { body: { email: owner.email } });
      const token = await ctx.target.resetToken(owner.email);
      return { path: `/auth/reset-password/${encodeURIComponent(token)}`, body: { token, password: `new-password-${randomUUID().slice(0, 8)}` } };
    },
  },
  sendContact: { request: async () => ({ path: '/contact', body: { name: 'Jane Doe', email: 'jane@example.co.uk', message: 'Do you clean ovens?' } }) },
  getServiceItems: { request: async (ctx) => ({ path: `/services/get-items/${ctx.catalogue.serviceId}` }) },
  createOrder: { request: async (ctx) => ({ path: '/services/order/new', body: newOrderBody(ctx.catalogue) }) },
  checkoutOrder: {
    ownedByA: true,
    request: async (ctx) => {
      const order = await createOrder(ctx.target.api, ctx.a, ctx.catalogue);
      return { path: '/services/order/checkout', body: checkoutBody(order.id), headers: { 'idempotency-key': randomUUID() } };
    },
  },
  getAddressPrice: {
    ownedByA: true,
    request: async (ctx) => ({ path: `/services/order/${(await createOrder(ctx.target.api, ctx.a, ctx.catalogue)).id}/address-price?postcode=SE22%208AB` }),
  },
  listMyOrders: { request: async () => ({ path: '/services/order/get' }) },
  payOrder: {
    ownedByA: true,
    request: async (ctx) => {
      const order = await createOrder(ctx.target.api, ctx.a, ctx.catalogue);
      const checkedOut = await ctx.target.api.call('POST', '/services/order/checkout', { token: ctx.a.token, body: checkoutBody(order.id, 'card') });
      if (checkedOut.status !== 200) throw new Error(`card checkout: ${checkedOut.status}`);
      return { path: `/services/order/${order.id}/pay` };
    },
  },
  getPaymentOptions: { request: async () => ({ path: '/services/payment-options' }) },
  // Access notes (decision 050): only the owner of a booked job, before it starts.
  updateAccessNotes: {
    ownedByA: true,
    request: async (ctx) => ({ path: `/services/order/${await checkedOutOrder(ctx.target.api, ctx.a, ctx.catalogue)}/access-notes`, body: { accessNotes: 'Key safe 1234' } }),
  },
  requestRefund: {
    ownedByA: true,
    request: async (ctx) => ({ path: `/services/refund-request/${await checkedOutOrder(ctx.target.api, ctx.a, ctx.catalogue)}`, body: { reason: 'Plans changed' } }),
  },
  // Name only: an email or password change would end the caller's other tokens.
  updateProfile: { request: async (_ctx, _actor, session) => ({ path: '/user/update', body: { name: session?.name ?? 'Some Name', email: null, oldPassword: null, newPassword: null } }) },
  getStats: { request: async () => ({ path: '/admin/counter' }) },
  getWeeklyStats: { request: async () => ({ path: '/admin/stats/weekly' }) },
  listUsers: { request: async () => ({ path: '/admin/users' }) },
  listOrders: { request: async () => ({ path: '/admin/orders/' }) },
  listRefunds: { request: async () => ({ path: '/admin/refunds/' }) },
  exportOrdersCsv: { request: async () => ({ path: '/admin/orders/csv' }) },
  exportAccountsCsv: { request: async () => ({ path: '/admin/accounts/csv' }) },
  getVatReturn: { request: async () => ({ path: '/admin/accounts/vat-return?start=2030-01' }) },
  exportVatReturnCsv: { request: async () => ({ path: '/admin/accounts/vat-return/csv?start=2030-01' }) },
  exportXeroCsv: { request: async () => ({ path: '/admin/accounts/xero/csv?start=2030-01' }) },
  exportQuickBooksCsv: { request: async () => ({ path: '/admin/accounts/quickbooks/csv?start=2030-01' }) },
  listOrderStatuses: { request: async () => ({ path: '/admin/order-status/list' }) },
  // Checked out: a draft is no booking, not even for an administrator.
  getOrder: { request: async (ctx) => ({ path: `/admin/order/${await checkedOutOrder(ctx.target.api, ctx.a, ctx.catalogue)}` }) },
  updateOrderStatus: {
    // Payment validated: an order's lifecycle allows it at once (completed waits for the job's start).
    request: async (ctx) => ({
      path: `/admin/order/update/payment_validated/${await checkedOutOrder(ctx.target.api, ctx.a, ctx.catalogue)}`,
      body: { status: 'payment_validated' },
    }),
  },
  adjustOrder: {
    request: async (ctx) => ({ path: `/admin/order/${await checkedOutOrder(ctx.target.api, ctx.a, ctx.catalogue)}/adjustments`, body: { amount: 1.5, reason: 'Extra ironing' } }),
  },
  // Staff edit a booked job (decision 055): one fewer of its first item (a shorter job always fits its time), from the job as it stands.
  getJobEdit: { request: async (ctx) => ({ path: `/admin/order/${await checkedOutOrder(ctx.target.api, ctx.a, ctx.catalogue)}/job` }) },
  previewJobEdit: {
    request: async (ctx) => {
      const { id, body } = await jobEditBody(ctx);
      return { path: `/admin/order/${id}/job/preview`, body };
    },
  },
  editJob: {
    request: async (ctx) => {
      const { id, body } = await jobEditBody(ctx);
      return { path: `/admin/order/${id}/job`, body: { ...body, reason: 'One room fewer' } };
    },
  },
  // Staff set a job's own length (decision 084): shorter than it is, which always fits; 30 minutes is the shortest.
  setJobLength: {
    request: async (ctx) => {
      const id = await checkedOutOrder(ctx.target.api, ctx.a, ctx.catalogue);
      const { minutes } = (await ctx.target.api.call('GET', `/admin/order/${id}`, { token: ctx.target.admin.token })).body as OrderDetail;
      return { path: `/admin/order/${id}/length`, body: { minutes: minutes > 30 ? 30 : 45, reason: 'Small flat' } };
    },
  },
  listSchedule: { request: async () => ({ path: `/admin/schedule?from=${new Date().toISOString().slice(0, 10)}&days=7` }) },
  // Unassigned: a placed order has no team, so handing it back to Unassigned is always allowed.
  assignJob: {
    request: async (ctx) => ({ path: `/admin/schedule/jobs/${await checkedOutOrder(ctx.target.api, ctx.a, ctx.catalogue)}/team`, body: { team: null } }),
  },
  // To the time it already has: always allowed (no change), whatever the opening hours.
  moveJob: {
    request: async (ctx) => {
      const body = checkoutBody(await checkedOutOrder(ctx.target.api, ctx.a, ctx.catalogue));
      return { path: `/admin/schedule/jobs/${body.order}/time`, body: { due_date: body.due_date, due_time: body.due_time } };
    },
  },
  // Teams and closures (issue 15, decision 022): fresh names and far-off days (300+ days ahead, beyond
  // every booking of this suite), so each cell can succeed and no other row meets a closed day.
  listTeams: { request: async () => ({ path: '/admin/teams' }) },
  createTeam: { request: async () => ({ path: '/admin/teams', body: teamBody(`Matrix ${randomUUID().slice(0, 8)}`) }) },
  updateTeam: { request: async (ctx) => ({ path: `/admin/teams/${await matrixTeam(ctx)}`, body: teamBody(`Matrix ${randomUUID().slice(0, 8)}`) }) },
  addTimeOff: {
    request: async (ctx) => {
      const day = farDay();
      return { path: `/admin/teams/${await matrixTeam(ctx)}/time-off`, body: { starts_on: day, ends_on: day, reason: 'Matrix' } };
    },
  },
  listTimeOffVisits: {
    request: async (ctx) => {
      const day = farDay();
      return { path: `/admin/teams/${await matrixTeam(ctx)}/time-off/visits?starts_on=${day}&ends_on=${day}` };
    },
  },
  removeTimeOff: {
    request: async (ctx) => {
      const team = await matrixTeam(ctx);
      const day = farDay();
      const added = await ctx.target.api.call('POST', `/admin/teams/${team}/time-off`, { token: ctx.target.admin.token, body: { starts_on: day, ends_on: day } });
      const timeOff = (added.body as { time_off?: Array<{ id: number; starts_on: string }> }).time_off?.find((off) => off.starts_on === day);
      if (added.status !== 201 || !timeOff) throw new Error(`time off: ${added.status}`);
      return { path: `/admin/teams/${team}/time-off/${timeOff.id}` };
    },
  },
  listClosures: { request: async () => ({ path: '/admin/closures' }) },
  listClosureVisits: { request: async () => ({ path: `/admin/closures/${farDay()}/visits` }) },
  addClosure: { request: async () => ({ path: '/admin/closures', body: { date: farDay(), reason: 'Matrix' } }) },
  removeClosure: {
    request: async (ctx) => {
      const date = farDay();
      const added = await ctx.target.api.call('POST', '/admin/closures', { token: ctx.target.admin.token, body: { date } });
      if (added.status !== 201) throw new Error(`closure: ${added.status}`);
      return { path: `/admin/closures/${date}` };
    },
  },
  updateRefundStatus: {
    request: async (ctx) => ({ path: '/admin/refund/status', body: { status: 'accepted', order: await orderWithPendingRefund(ctx.target.api, ctx.a, ctx.catalogue) } }),
  },
  // Customer records and messages (issue 15): A's record is read, noted and exported; anonymising takes a fresh customer.
  listCustomers: { request: async () => ({ path: '/admin/customers' }) },
  getCustomer: { request: async (ctx) => ({ path: `/admin/customers/${ctx.a.id}` }) },
  addCustomerNote: { request: async (ctx) => ({ path: `/admin/customers/${ctx.a.id}/notes`, body: { body: 'Key in safe 1234' } }) },
  exportCustomer: { request: async (ctx) => ({ path: `/admin/customers/${ctx.a.id}/export` }) },
  anonymiseCustomer: { request: async (ctx) => ({ path: `/admin/customers/${(await newCustomer(ctx.target.api, 'Erase')).id}/anonymise` }) },
  listMessages: { request: async () => ({ path: '/admin/messages' }) },
  markMessageRead: { request: async (ctx) => ({ path: `/admin/messages/${await contactMessage(ctx)}/read` }) },
  replyToMessage: { request: async (ctx) => ({ path: `/admin/messages/${await contactMessage(ctx)}/reply`, body: { body: 'Yes, we do.' } }) },
  exportMyData: { request: async () => ({ path: '/user/data' }) },
  // Text messages (decision 094): one's own settings only.
  getTextSettings: { request: async () => ({ path: '/user/texts' }) },
  updateTextSettings: { request: async () => ({ path: '/user/texts', body: { phone: '07700 900123', optedIn: false } }) },
  // Cleaners (decision 040): staff make them; a cleaner reads and records the own team's jobs only.
  listCleaners: { request: async () => ({ path: '/admin/cleaners' }) },
  createCleaner: { request: async (ctx) => ({ path: '/admin/cleaners', body: { name: 'Matrix Cleaner', email: `matrix-cleaner-${randomUUID().slice(0, 8)}@example.co.uk`, team: ctx.cleanerTeam } }) },
  listMyJobs: { request: async () => ({ path: '/cleaner/jobs' }) },
  // Moving and removing (decision 058): the matrix's cleaner stays in their team; each removal takes a fresh invited cleaner.
  moveCleaner: { request: async (ctx) => ({ path: `/admin/cleaners/${ctx.cleaner.id}`, body: { team: ctx.cleanerTeam } }) },
  removeCleaner: {
    request: async (ctx) => {
      const email = `matrix-removed-${randomUUID().slice(0, 8)}@example.co.uk`;
      const made = await ctx.target.api.call('POST', '/admin/cleaners', { token: ctx.target.admin.token, body: { name: 'Rita Removed', email, team: ctx.cleanerTeam } });
      expectStatus(made, 201, 'cleaner to remove');
      return { path: `/admin/cleaners/${(made.body as { id: number }).id}` };
    },
  },
  // Office bookings (decision 047): a new caller each time, at its own free start (checkoutBody).
  createOfficeBooking: {
    request: async (ctx) => {
      const { order: _order, payment: _payment, ...when } = checkoutBody(1);
      return {
        path: '/admin/office-bookings',
        body: {
          customer: { name: 'Matrix Caller', email: `matrix-caller-${randomUUID().slice(0, 8)}@example.co.uk` },
          service: ctx.catalogue.serviceId, items: newOrderBody(ctx.catalogue).items, frequency: 'one_off', ...when, payment: 'cash',
        },
      };
    },
  },
  recordJobProgress: { request: async (ctx) => ({ path: `/cleaner/jobs/${await jobToday(ctx)}/progress`, body: { step: 'check_in' } }) },
  // Prices and hours (issue 15, decision 023): every change sets a rule to the value it has, so the
  // other rows' quotes and bookings keep their prices and times.
  getPricingRules: { request: async () => ({ path: '/admin/pricing' }) },
  listPricingAudit: { request: async () => ({ path: '/admin/pricing/audit' }) },
  updateItemPrice: {
    request: async (ctx) => {
      const item = (await pricingRules(ctx)).items.find((candidate) => candidate.id === ctx.catalogue.itemIds[0])!;
      return { path: `/admin/pricing/items/${item.id}`, body: { price: item.price } };
    },
  },
  updateFrequencyDiscount: { request: async () => ({ path: '/admin/pricing/frequencies/one_off', body: { discountPercent: 0 } }) },
  updateExtraPrice: {
    request: async (ctx) => {
      const [extra] = (await pricingRules(ctx)).extras;
      return { path: `/admin/pricing/extras/${extra!.id}`, body: { price: extra!.price } };
    },
  },
  updateCongestionCharge: { request: async (ctx) => ({ path: '/admin/pricing/congestion-charge', body: { price: (await pricingRules(ctx)).congestionCharge } }) },
  addCongestionDistrict: { request: async () => ({ path: '/admin/pricing/congestion-districts/WC2N' }) },
  // Job lengths, travel and districts served (decision 041): set to what they are.
  updateItemMinutes: {
    request: async (ctx) => {
      const item = (await pricingRules(ctx)).items.find((candidate) => candidate.id === ctx.catalogue.itemIds[0])!;
      return { path: `/admin/pricing/items/${item.id}/minutes`, body: { minutes: item.minutes } };
    },
  },
  updateServiceMinutes: {
    request: async (ctx) => {
      const [service] = (await pricingRules(ctx)).services;
      return { path: `/admin/pricing/services/${service!.id}/minutes`, body: { minutes: service!.baseMinutes } };
    },
  },
  updateServiceChecklist: {
    request: async (ctx) => {
      const [checklist] = (await pricingRules(ctx)).checklists;
      return { path: `/admin/pricing/services/${checklist!.id}/checklist`, body: { items: checklist!.items } };
    },
  },
  updateTravelMinutes: { request: async (ctx) => ({ path: '/admin/pricing/travel', body: (await pricingRules(ctx)).travel }) },
  listServiceDistricts: { request: async () => ({ path: '/admin/service-districts' }) },
  addServiceDistrict: { request: async () => ({ path: '/admin/service-districts/SE22' }) },
  removeServiceDistrict: { request: async () => ({ path: '/admin/service-districts/ZZ9' }) },
  joinAreaWaitlist: { request: async () => ({ path: '/service-area/waitlist', body: { email: 'waiting@example.co.uk', postcode: 'M1 3HE' } }) },
  removeCongestionDistrict: { request: async () => ({ path: '/admin/pricing/congestion-districts/ZZ9' }) },
  updateOpeningHours: {
    request: async (ctx) => {
      const { weekday, ...hours } = (await pricingRules(ctx)).openingHours[0]!;
      return { path: `/admin/pricing/opening-hours/${weekday}`, body: hours };
    },
  },
  // Issue 14: availability and quotes are public; a reschedule and a VAT receipt are the owner's.
  getAvailability: { request: async (ctx) => ({ path: `/availability?service=${ctx.catalogue.serviceId}&from=${new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10)}&days=7` }) },
  getQuoteOptions: { request: async (ctx) => ({ path: `/quotes/options/${ctx.catalogue.serviceId}` }) },
  createQuote: { request: async (ctx) => ({ path: '/quotes', body: quoteBody(ctx) }) },
  getQuote: {
    request: async (ctx) => {
      const quote = await ctx.target.api.call('POST', '/quotes', { body: quoteBody(ctx) });
      if (quote.status !== 201 && quote.status !== 200) throw new Error(`quote: ${quote.status}`);
      return { path: `/quotes/${(quote.body as { id: string }).id}` };
    },
  },
  // To the time it already has, free of fee: always within the terms (a week ahead).
  rescheduleOrder: {
    ownedByA: true,
    request: async (ctx) => {
      const body = checkoutBody(await checkedOutOrder(ctx.target.api, ctx.a, ctx.catalogue));
      return { path: `/services/order/${body.order}/reschedule`, body: { due_date: body.due_date, due_time: body.due_time, fee: 0 } };
    },
  },
  // Recurring bookings (decision 021): the list is everyone's own; a skip and a cancellation the owner's.
  listMySeries: { request: async () => ({ path: '/services/series' }) },
  skipVisit: {
    ownedByA: true,
    request: async (ctx) => {
      const series = await weeklySeries(ctx.target.api, ctx.a, ctx.catalogue);
      return { path: `/services/order/${series.visits[1]!.id}/skip` };
    },
  },
  // Undo (issue 25): A's visit, skipped by A first.
  undoSkipVisit: {
    ownedByA: true,
    request: async (ctx) => {
      const visit = (await weeklySeries(ctx.target.api, ctx.a, ctx.catalogue)).visits[1]!;
      expectStatus(await ctx.target.api.call('POST', `/services/order/${visit.id}/skip`, { token: ctx.a.token }), 201, 'skip');
      return { path: `/services/order/${visit.id}/skip/undo` };
    },
  },
  // Decision 038: another customer's series answers 404 and its card stays.
  removeSeriesCard: {
    ownedByA: true,
    request: async (ctx) => ({ path: `/services/series/${(await weeklySeries(ctx.target.api, ctx.a, ctx.catalogue)).id}/card` }),
  },
  cancelSeries: {
    ownedByA: true,
    request: async (ctx) => ({ path: `/services/series/${(await weeklySeries(ctx.target.api, ctx.a, ctx.catalogue)).id}/cancel` }),
  },
  // A receipt exists once paid: a card order paid on the test provider's page.
  getReceipt: { ownedByA: true, request: async (ctx) => ({ path: `/services/order/${await paidOrderOfA(ctx, checkoutBody)}/receipt` }) },
  // Decision 042: the invoice and the credit note as PDF; the owner's, and any order's for staff.
  getReceiptPdf: { ownedByA: true, request: async (ctx) => ({ path: `/services/order/${await paidOrderOfA(ctx)}/receipt.pdf` }) },
  getCreditNotePdf: { ownedByA: true, request: async (ctx) => ({ path: `/services/order/${await refundedOrderOfA(ctx)}/credit-note.pdf` }) },
  getRevenueReport: { request: async () => ({ path: '/admin/reports/revenue?year=2030' }) },
  getBusinessReport: { request: async () => ({ path: '/admin/reports/business?from=2030-01-01&to=2030-12-31' }) },
  getOrderInvoicePdf: { request: async (ctx) => ({ path: `/admin/order/${await paidOrderOfA(ctx)}/invoice.pdf` }) },
  // The team's check-out photo (decision 061): staff only, never the customer or the cleaner who took it.
  getOrderPhoto: { request: async (ctx) => ({ path: `/admin/order/${await jobWithPhoto(ctx)}/photo` }) },
  getOrderCreditNotePdf: { request: async (ctx) => ({ path: `/admin/order/${await refundedOrderOfA(ctx)}/credit-note.pdf` }) },
  // Waiting lists (decision 056): a full day (every team off, set up in the database) and A's draft;
  // the entry and the offer are A's, so anyone else gets 404. Offers are written as the offering job writes them.
  listMyWaitlist: { request: async () => ({ path: '/waitlist' }) },
  listDayWaitlist: { request: async () => ({ path: `/admin/waitlist/${farDay()}` }) },
  // Set to the default it has, so the other rows' offers keep their hold.
  updateWaitlistHold: { request: async () => ({ path: '/admin/pricing/waitlist-hold', body: { minutes: 120 } }) },
  joinWaitlist: {
    ownedByA: true,
    request: async (ctx) => {
      const date = await fullFarDay(ctx);
      return { path: '/waitlist', body: { order: (await createOrder(ctx.target.api, ctx.a, ctx.catalogue)).id, date } };
    },
  },
  leaveWaitlist: { ownedByA: true, request: async (ctx) => ({ path: `/waitlist/${(await waitlistOfA(ctx)).id}` }) },
  getWaitlistOffer: { ownedByA: true, request: async (ctx) => ({ path: `/waitlist/offers/${(await waitlistOfA(ctx)).token}` }) },
  checkoutWaitlistOffer: {
    ownedByA: true,
    request: async (ctx) => {
      const { token, body } = await waitlistOfA(ctx);
      return { path: `/waitlist/offers/${token}/checkout`, body };
    },
  },
  // Deleting ends the account: every signed-in caller deletes a fresh customer of its own.
  deleteMyAccount: {
    request: async (ctx, _actor, session) => {
      if (!session) return { path: '/user/delete', body: { password: 'any-password' } };
      const fresh = await newCustomer(ctx.target.api, 'Leaving');
      return { path: '/user/delete', body: { password: fresh.password }, token: fresh.token };
    },
  },
};

/**
 * A fresh customer's job of the cleaner's team starting now: checkout needs 24 hours' notice, so
 * the booking is moved to today in the database (set-up only; what is tested goes through HTTP).
 */
async function jobToday(ctx: Context): Promise<number> {
  const owner = await newCustomer(ctx.target.api, 'Job');
  const id = await checkedOutOrder(ctx.target.api, owner, ctx.catalogue);
  await ctx.target.db!.query('UPDATE orders SET due_at = now(), team_id = $2 WHERE id = $1', [id, ctx.cleanerTeam]);
  return id;
}

/** A job of today that the matrix's cleaner checked in and out of with a photo. */
async function jobWithPhoto(ctx: Context): Promise<number> {
  const id = await jobToday(ctx);
  const step = (body: unknown) => ctx.target.api.call('POST', `/cleaner/jobs/${id}/progress`, { token: ctx.cleaner.token, body });
  expectStatus(await step({ step: 'check_in' }), 200, 'check-in');
  expectStatus(await step({ step: 'check_out', photo: PNG_BASE64 }), 200, 'check-out with a photo');
  return id;
}

/** A cleaner of an active team, invited by staff, who chose a password through the mailed link. */
async function invitedCleaner(target: HardeningTarget): Promise<{ cleaner: Session; team: number }> {
  const teams = await target.api.call('GET', '/admin/teams', { token: target.admin.token });
  const team = (teams.body as Array<{ id: number; active: boolean }>).find((candidate) => candidate.active)!.id;
  const email = `matrix-cleaner-${randomUUID().slice(0, 8)}@example.co.uk`;
  expectStatus(await target.api.call('POST', '/admin/cleaners', { token: target.admin.token, body: { name: 'Carla Cleaner', email, team } }), 201, 'cleaner');
  const token = await target.resetToken(email);
  const password = `cleaner-pass-${randomUUID().slice(0, 8)}`;
  expectStatus(await target.api.call('PUT', `/auth/reset-password/${encodeURIComponent(token)}`, { body: { token, password } }), 200, 'invitation');
  return { cleaner: await login(target.api, email, password), team };
}

/** A card order of customer A's, paid on the test provider's page: it has a VAT invoice. */
async function paidOrderOfA(ctx: Context, slot: (order: number, payment: 'card') => CheckoutRequest = documentSlot): Promise<number> {
  const order = await createOrder(ctx.target.api, ctx.a, ctx.catalogue);
  const checkedOut = await ctx.target.api.call('POST', '/services/order/checkout', { token: ctx.a.token, body: slot(order.id, 'card') });
  const payPage = (checkedOut.body as { shippingInfo?: string }).shippingInfo;
  if (checkedOut.status !== 200 || !payPage) throw new Error(`card checkout: ${checkedOut.status}`);
  const paid = await fetch(new URL(`${payPage}/pay`, ctx.target.api.baseUrl), { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
  if (paid.status !== 303) throw new Error(`pay: ${paid.status}`);
  return order.id;
}

/**
 * The documents' orders take slots of their own, 150 days and more ahead (before the closures' 300),
 * so the shared checkoutBody sequence, and what other rows meet on it (series visits), is unchanged.
 */
let documentSlots = 0;
function documentSlot(order: number, payment: 'card'): CheckoutRequest {
  const n = documentSlots++;
  return {
    order, payment, address: '10 Downing Street', phone: '020 7946 0000', city: 'London', code_postal: 'NW1 6XE', client_note: '',
    due_date: new Date(Date.now() + (150 + Math.floor(n / 6)) * 86_400_000).toISOString().slice(0, 10),
    due_time: `${String(7 + (n % 6) * 2).padStart(2, '0')}:00`,
  };
}

/** A paid order of customer A's, cancelled and refunded by the administrator: it has a credit note. */
async function refundedOrderOfA(ctx: Context): Promise<number> {
  const id = await paidOrderOfA(ctx);
  expectStatus(await ctx.target.api.call('POST', `/services/refund-request/${id}`, { token: ctx.a.token, body: { reason: 'Plans changed' } }), 201, 'request refund');
  expectStatus(await ctx.target.api.call('PUT', '/admin/refund/status', { token: ctx.target.admin.token, body: { status: 'accepted', order: id } }), 200, 'accept refund');
  return id;
}

/** The price rules as they are now (read by the administrator). */
async function pricingRules(ctx: Context): Promise<PricingRules> {
  const answer = await ctx.target.api.call('GET', '/admin/pricing', { token: ctx.target.admin.token });
  if (answer.status !== 200) throw new Error(`pricing rules: ${answer.status}`);
  return answer.body as PricingRules;
}

/** A new contact message's id (read through the administrator's list, newest first). */
function quoteBody(ctx: Context) {
  return { service: ctx.catalogue.serviceId, items: [{ id: ctx.catalogue.itemIds[0]!, quantity: 1 }], frequency: 'one_off', extras: [], postcode: 'SE22 8AA' };
}

/** A team of the matrix's own (inactive: it never changes anyone's availability), made once. */
let matrixTeamId: number | null = null;
async function matrixTeam(ctx: Context): Promise<number> {
  if (matrixTeamId === null) {
    const made = await ctx.target.api.call('POST', '/admin/teams', { token: ctx.target.admin.token, body: { ...teamBody(`Matrix ${randomUUID().slice(0, 8)}`), active: false } });
    if (made.status !== 201) throw new Error(`team: ${made.status}`);
    matrixTeamId = (made.body as { id: number }).id;
  }
  return matrixTeamId;
}

function teamBody(name: string) {
  return { name, active: false, hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, works: weekday !== 0, opens: '08:00', closes: '17:00' })) };
}

/** A UK day not used before by this suite, 300 days ahead and on (within the two years closures allow). */
let farDays = 0;
/** A far weekday (open) on which every team is off: full, so a waiting list can be joined. */
async function fullFarDay(ctx: Context): Promise<string> {
  let date = farDay();
  while ([0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay())) date = farDay();
  await ctx.target.db!.query(`INSERT INTO team_time_off (team_id, starts_on, ends_on) SELECT id, $1::date, $1::date FROM teams`, [date]);
  return date;
}

/** An offer to A of a free time (checkoutBody's), as the waitlist job writes it, with its link's token. */
async function waitlistOfA(ctx: Context): Promise<{ id: number; token: string; body: Omit<CheckoutRequest, 'order' | 'due_date' | 'due_time'> }> {
  const order = await createOrder(ctx.target.api, ctx.a, ctx.catalogue);
  const { order: _order, due_date, due_time, ...body } = checkoutBody(order.id);
  const token = randomBytes(32).toString('base64url');
  // checkoutBody puts six bookings on a day: an earlier cell's entry for that day is over (one per customer and day).
  await ctx.target.db!.query(`UPDATE waitlist_entries SET status = 'removed' WHERE user_id = $1 AND day = $2::date AND status IN ('waiting', 'offered')`, [ctx.a.id, due_date]);
  const [row] = await ctx.target.db!.query<{ id: number }>(
    `INSERT INTO waitlist_entries (user_id, order_id, day, created_at, status, held_due_at, held_minutes, held_until, offer_hash)
     VALUES ($1, $2, $3::date, now(), 'offered', ($3 || ' ' || $4)::timestamp AT TIME ZONE 'Europe/London', 90, now() + interval '2 hours', $5)
     RETURNING id`,
    [ctx.a.id, order.id, due_date, due_time, createHash('sha256').update(token).digest('base64url')],
  );
  return { id: row!.id, token, body };
}

function farDay(): string {
  farDays += 1;
  return new Date(Date.now() + (300 + farDays) * 86_400_000).toISOString().slice(0, 10);
}

async function contactMessage(ctx: Context): Promise<number> {
  const text = `Matrix message ${randomUUID()}`;
  await ctx.target.api.call('POST', '/contact', { body: { name: 'Jane Doe', email: 'jane@example.co.uk', message: text } });
  const list = await ctx.target.api.call('GET', '/admin/messages?limit=5', { token: ctx.target.admin.token });
  const found = (list.body as Array<{ id: number; message: string }>).find((message) => message.message === text);
  if (!found) throw new Error('contact message not listed');
  return found.id;
}

let target: HardeningTarget;
let ctx: Context;
const tokens: Partial<Record<Actor, string>> = {};

beforeAll(async () => {
  target = await startHardeningTarget();
  const a = await newCustomer(target.api, 'Alice');
  const b = await newCustomer(target.api, 'Bob');
  const { cleaner, team } = await invitedCleaner(target);
  ctx = { target, a, b, cleaner, cleanerTeam: team, catalogue: await firstCatalogue(target.api, a.token) };
  tokens['forged token'] = await forgedAdminToken(target.admin.id);
  tokens['unsigned token'] = unsignedAdminToken(target.admin.id);
  const ended = await newCustomer(target.api, 'Ended');
  expect((await target.api.call('POST', '/auth/logout', { token: ended.token })).status).toBe(200);
  tokens['ended session'] = ended.token;
}, 120_000);

afterAll(async () => {
  await target?.stop();
});

function sessionOf(actor: Actor): Session | null {
  if (actor === 'customer A') return ctx.a;
  if (actor === 'customer B') return ctx.b;
  if (actor === 'cleaner') return ctx.cleaner;
  if (actor === 'administrator') return target.admin;
  return null;
}

function expectedStatus(operation: { security: boolean; role: string | null; success: number }, row: Row, actor: Actor): number {
  const session = sessionOf(actor);
  if (operation.security && !session) return 401;
  if (operation.role && !session?.roles.includes(operation.role)) return 403;
  if (row.ownedByA && session && session !== ctx.a) return 404;
  return operation.success;
}

describe(`authorisation matrix (${databaseLabel()})`, () => {
  it('gives every operation × caller the status its security, role and ownership call for', async () => {
    const operations = contractOperations();
    expect(Object.keys(ROWS).filter((id) => !operations.some((operation) => operation.id === id)), 'rows for operations the contract no longer has').toEqual([]);
    const missing = operations.filter((operation) => !ROWS[operation.id]).map((operation) => operation.id);
    expect(missing, 'operations without a row in the authorisation matrix').toEqual([]);

    const unexpected: string[] = [];
    const leaks: string[] = [];
    const table: string[] = [`${'operation'.padEnd(20)} ${ACTORS.map((actor) => actor.padStart(15)).join('')}`];
    let cells = 0;
    for (const operation of operations) {
      const row = ROWS[operation.id]!;
      const statuses: string[] = [];
      for (const actor of ACTORS) {
        const session = sessionOf(actor);
        const request = await row.request(ctx, actor, session);
        const token = request.token !== undefined ? request.token : (session?.token ?? tokens[actor] ?? null);
        const answer = await target.api.call(operation.method, request.path, { token, body: request.body, headers: request.headers ?? {} });
        if (operation.id === 'logout' && session) Object.assign(session, { token: (await login(target.api, session.email, session.password)).token });
        const expected = expectedStatus(operation, row, actor);
        cells += 1;
        statuses.push(String(answer.status).padStart(15));
        if (answer.status !== expected) unexpected.push(`${operation.id} as ${actor}: expected ${expected}, got ${answer.status} ${answer.text.slice(0, 120)}`);
        if (answer.status >= 400 && typeof answer.body?.message !== 'string') unexpected.push(`${operation.id} as ${actor}: ${answer.status} without a message`);
        leaks.push(...leaksIn(answer.text, actor, operation.id));
      }
      table.push(`${operation.id.padEnd(20)} ${statuses.join('')}`);
    }
    console.log(`Authorisation matrix on ${databaseLabel()}:\n${table.join('\n')}`);
    console.log(`${cells} cells, ${unexpected.length} unexpected`);
    expect(unexpected).toEqual([]);
    expect(leaks).toEqual([]);
    expect(cells).toBe(operations.length * ACTORS.length);
    expect(target.validator.violations()).toEqual([]);
    expect(target.validator.serverErrors()).toEqual([]);
  }, 300_000);
});

/** No answer carries a password hash; nobody but A and the administrator sees A's email or name. */
function leaksIn(text: string, actor: Actor, operationId: string): string[] {
  const found: string[] = [];
  if (/scrypt\$|argon2|password_?hash/i.test(text)) found.push(`${operationId} as ${actor}: a password hash`);
  if (actor !== 'customer A' && actor !== 'administrator' && (text.includes(ctx.a.email) || text.includes(ctx.a.name))) {
    found.push(`${operationId} as ${actor}: customer A's data`);
  }
  return found;
}

function contractOperations() {
  const { validator } = target;
  return validator.operations().map((operation) => {
    const raw = contractOperation(operation.path, operation.method);
    // `[{}, { bearerAuth: [] }]` (confirmEmail): public, a token optional.
    const requirements = (raw.security ?? []) as Record<string, unknown>[];
    const security = requirements.some((requirement) => 'bearerAuth' in requirement) && !requirements.some((requirement) => Object.keys(requirement).length === 0);
    const success = Number(Object.keys(raw.responses ?? {}).find((status) => /^2\d\d$/.test(status)));
    return { ...operation, security, role: (raw['x-required-role'] as string | undefined) ?? null, success };
  });
}

// Read at test time, so a new operation shows up here the moment it is in the contract.
const document = loadOpenApiDocument().raw as { paths: Record<string, Record<string, any>> };
function contractOperation(path: string, method: string): Record<string, any> {
  return document.paths[path]![method];
}

/** An admin token signed with a key that is not the server's. */
async function forgedAdminToken(adminId: number): Promise<string> {
  return new SignJWT({ roles: ['ROLE_USER', 'ROLE_ADMIN'], tv: 0 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(adminId))
    .setIssuer('sparkle-cleaning')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode('not-the-server-secret-0123456789abcdef'));
}

/** The same claims with `alg: none` and no signature. */
function unsignedAdminToken(adminId: number): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ sub: String(adminId), roles: ['ROLE_USER', 'ROLE_ADMIN'], tv: 0, iss: 'sparkle-cleaning', iat: now, exp: now + 3600 })}.`;
}
