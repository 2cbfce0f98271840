import { fromPromise } from 'xstate';
import { officeBookingMachine } from '../../machines/office-booking.machine';
import type { OfficeBooking, Quote } from '../../openapi/schema';

/**
 * The office booking machine's model (machines/office-booking.machine.ts), shared by the unit walk
 * (tests/machines/office-booking.machine.test.ts) and the browser walk
 * (tests/e2e/office-booking-paths.spec.ts). Actors never settle: each path delivers the done and
 * error events itself. Where each event leads is the hand-written TABLE (issue 26 item 1,
 * decision 047), not the machine.
 */
export const CUSTOMER = { request: { name: 'Peter Caller', email: 'peter@example.co.uk' }, label: 'Peter Caller (new)' };
export const ITEMS = { service: 1, items: [{ id: 1, quantity: 2 }], frequency: 'one_off', extras: [] };
export const ADDRESS = { address: '12 Baker Street', city: 'London', code_postal: 'NW1 6XE', phone: '020 7946 0001', client_note: '' };
export const TIME = { due_date: '2027-05-10', due_time: '10:00' };
export const QUOTE = { id: 'q1', total: 85 } as unknown as Quote;
export const PLACED: OfficeBooking = { order: 7, reference: 5, customer: 3, invited: true, total: 85, payment: 'pay_link' };

export const EVENTS = [
  { type: 'customer.submit', customer: CUSTOMER },
  { type: 'customer.submit', customer: { ...CUSTOMER, label: ' ' } },
  { type: 'items.submit', items: ITEMS },
  { type: 'items.submit', items: { ...ITEMS, items: [{ id: 1, quantity: 0 }] } },
  { type: 'address.submit', address: ADDRESS },
  { type: 'address.submit', address: { ...ADDRESS, code_postal: '' } },
  { type: 'time.submit', time: TIME },
  { type: 'time.submit', time: { ...TIME, due_time: '' } },
  { type: 'payment.submit', payment: 'pay_link' },
  { type: 'step.back' },
  { type: 'booking.retime' },
  { type: 'booking.retry' },
  { type: 'booking.restart' },
  { type: 'xstate.done.actor.priceAtAddress', output: QUOTE },
  { type: 'xstate.error.actor.priceAtAddress', error: new Error("We don't cover M1 yet") },
  { type: 'xstate.done.actor.placeBooking', output: PLACED },
  { type: 'xstate.error.actor.placeBooking', error: new Error('That time was just taken — please choose another') },
] as const;

/** Where each accepted event leads, written from the spec (issue 26 item 1); anything else stays put. */
export const TABLE: Record<string, Record<string, string>> = {
  customer: { 'customer.submit': 'items' },
  items: { 'items.submit': 'address', 'step.back': 'customer' },
  address: { 'address.submit': 'pricing', 'step.back': 'items' },
  pricing: { 'xstate.done.actor.priceAtAddress': 'time', 'xstate.error.actor.priceAtAddress': 'address' },
  time: { 'time.submit': 'payment', 'step.back': 'address' },
  payment: { 'payment.submit': 'placing', 'step.back': 'time' },
  placing: { 'xstate.done.actor.placeBooking': 'placed', 'xstate.error.actor.placeBooking': 'failed' },
  failed: { 'booking.retime': 'time', 'booking.retry': 'placing' },
  placed: { 'booking.restart': 'customer' },
};

/** Events refused by a guard whatever the state: empty customer, no item, a missing field, no time. */
export const REFUSED = new Set<unknown>([EVENTS[1], EVENTS[3], EVENTS[5], EVENTS[7]]);

export const expectedAfter = (at: string, event: { type: string }) => (REFUSED.has(event) ? at : TABLE[at]?.[event.type] ?? at);

// The model's actors never answer by themselves: the paths say when they succeed or fail.
export const model = officeBookingMachine.provide({
  actors: { priceAtAddress: fromPromise(() => new Promise<Quote>(() => {})), placeBooking: fromPromise(() => new Promise<OfficeBooking>(() => {})) },
});
