import { assign, fromPromise, setup } from 'xstate';
import type { OfficeBooking, OfficeBookingRequest, Quote } from '../openapi/schema';

/**
 * Staff book a phone caller (issue 26 item 1, decision 047): customer → items → address → time →
 * payment → placed. The address is checked by pricing it (the quote rules: districts served and the
 * Congestion Charge), so a postcode the company does not cover stays on the address with its
 * message; placing can fail (the time was just taken): the message is shown with Choose another
 * time and Try again. The screen provides `priceAtAddress` and `placeBooking` (src/api).
 */
/** Who the booking is for: an existing customer's id or a new customer's name and address, and how staff see them. */
export interface OfficeCustomerChoice {
  request: OfficeBookingRequest['customer'];
  label: string;
}
export type OfficeItems = Pick<OfficeBookingRequest, 'service' | 'items' | 'frequency' | 'extras'>;
export type OfficeAddress = Pick<OfficeBookingRequest, 'address' | 'city' | 'code_postal' | 'phone' | 'client_note'>;
export type OfficeTime = Pick<OfficeBookingRequest, 'due_date' | 'due_time'>;

export interface OfficeBookingContext {
  customer: OfficeCustomerChoice | null;
  items: OfficeItems | null;
  address: OfficeAddress | null;
  /** The job priced at the address: what the caller is told before a time is chosen. */
  quote: Quote | null;
  time: OfficeTime | null;
  payment: OfficeBookingRequest['payment'];
  placed: OfficeBooking | null;
  error: string | null;
}

export type OfficeBookingEvent =
  | { type: 'customer.submit'; customer: OfficeCustomerChoice }
  | { type: 'items.submit'; items: OfficeItems }
  | { type: 'address.submit'; address: OfficeAddress }
  | { type: 'time.submit'; time: OfficeTime }
  | { type: 'payment.submit'; payment: OfficeBookingRequest['payment'] }
  | { type: 'step.back' }
  | { type: 'booking.retime' }
  | { type: 'booking.retry' }
  | { type: 'booking.restart' };

/** What the screen shows in each state: the model paths check it in Chromium against the real server (tests/e2e/office-booking-paths.spec.ts). */
export interface OfficeBookingMeta {
  shows: string;
  /** The heading of the step on screen. */
  step: 'Customer' | 'Items' | 'Address' | 'Time' | 'Payment' | 'Booked';
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'Network Error');

export const officeBookingMachine = setup({
  types: {} as { context: OfficeBookingContext; events: OfficeBookingEvent; meta: OfficeBookingMeta },
  actors: {
    // Stryker disable next-line all: a placeholder; the app always provides this actor
    priceAtAddress: fromPromise<Quote, { items: OfficeItems; postcode: string }>(async () => {
      throw new Error('provide a priceAtAddress actor');
    }),
    // Stryker disable next-line all: a placeholder; the app always provides this actor
    placeBooking: fromPromise<OfficeBooking, OfficeBookingRequest>(async () => {
      throw new Error('provide a placeBooking actor');
    }),
  },
  actions: {
    clearError: assign({ error: null }),
    keepError: assign({ error: (_, params: { error: unknown }) => messageOf(params.error) }),
  },
  guards: {
    hasCustomer: ({ event }) => event.type === 'customer.submit' && event.customer.label.trim().length > 0,
    hasItems: ({ event }) => event.type === 'items.submit' && event.items.items.some((item) => item.quantity > 0),
    hasAddress: ({ event }) => event.type === 'address.submit' && [event.address.address, event.address.city, event.address.code_postal, event.address.phone].every((field) => field.trim() !== ''),
    hasTime: ({ event }) => event.type === 'time.submit' && event.time.due_date !== '' && event.time.due_time !== '',
  },
}).createMachine({
  id: 'officeBooking',
  context: { customer: null, items: null, address: null, quote: null, time: null, payment: 'cash', placed: null, error: null },
  initial: 'customer',
  states: {
    customer: {
      meta: { shows: 'search for a customer or enter a new one, with Next', step: 'Customer' },
      on: { 'customer.submit': { guard: 'hasCustomer', target: 'items', actions: assign({ customer: ({ event }) => event.customer }) } },
    },
    items: {
      meta: { shows: 'the service, its items and extras, the frequency, with Next and Back', step: 'Items' },
      on: {
        'items.submit': { guard: 'hasItems', target: 'address', actions: assign({ items: ({ event }) => event.items }) },
        'step.back': 'customer',
      },
    },
    address: {
      meta: { shows: "the address fields, with Next and Back (and the postcode's refusal when there is one)", step: 'Address' },
      on: {
        'address.submit': { guard: 'hasAddress', target: 'pricing', actions: ['clearError', assign({ address: ({ event }) => event.address })] },
        'step.back': { target: 'items', actions: 'clearError' },
      },
    },
    // The quote rules price the job at the postcode: a district not served is refused here.
    pricing: {
      meta: { shows: 'the address step, busy', step: 'Address' },
      invoke: {
        id: 'priceAtAddress',
        src: 'priceAtAddress',
        input: ({ context }) => ({ items: context.items!, postcode: context.address!.code_postal }),
        onDone: { target: 'time', actions: assign({ quote: ({ event }) => event.output }) },
        onError: { target: 'address', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    time: {
      meta: { shows: 'the price at the address, the calendar and free times, with Next and Back', step: 'Time' },
      on: {
        'time.submit': { guard: 'hasTime', target: 'payment', actions: assign({ time: ({ event }) => event.time }) },
        'step.back': 'address',
      },
    },
    payment: {
      meta: { shows: 'the summary, Cash or Pay now link, with Book and Back', step: 'Payment' },
      on: {
        'payment.submit': { target: 'placing', actions: ['clearError', assign({ payment: ({ event }) => event.payment })] },
        'step.back': 'time',
      },
    },
    placing: {
      meta: { shows: 'the payment step, busy', step: 'Payment' },
      invoke: {
        id: 'placeBooking',
        src: 'placeBooking',
        input: ({ context }) => ({
          customer: context.customer!.request,
          ...context.items!, ...context.address!, ...context.time!, payment: context.payment,
        }),
        onDone: { target: 'placed', actions: assign({ placed: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // Not booked: the message, with Choose another time (a time just taken) and Try again.
    failed: {
      meta: { shows: "the error's message with Choose another time and Try again", step: 'Payment' },
      on: {
        'booking.retime': { target: 'time', actions: 'clearError' },
        'booking.retry': { target: 'placing', actions: 'clearError' },
      },
    },
    placed: {
      meta: { shows: 'the order number and total, a link to the order and Book another', step: 'Booked' },
      on: { 'booking.restart': { target: 'customer', actions: assign({ customer: null, items: null, address: null, quote: null, time: null, payment: 'cash', placed: null, error: null }) } },
    },
  },
});
