import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { OfficeBooking, OfficeBookingRequest, Quote } from '../../openapi/schema';
import { officeBookingMachine, type OfficeBookingMeta } from '../../machines/office-booking.machine';
import { coverageOf, describePath, pathsOf } from '../support/replay-paths';

/**
 * The office booking flow (decision 047), model-based: xstate/graph's paths take every transition,
 * and each state a path reaches must be the one this hand-written table says the event leads to
 * from where it was — not whatever the machine did.
 */
const CUSTOMER = { request: { name: 'Peter Caller', email: 'peter@example.co.uk' }, label: 'Peter Caller (new)' };
const ITEMS = { service: 1, items: [{ id: 1, quantity: 2 }], frequency: 'one_off', extras: [] };
const ADDRESS = { address: '12 Baker Street', city: 'London', code_postal: 'NW1 6XE', phone: '020 7946 0001', client_note: '' };
const TIME = { due_date: '2027-05-10', due_time: '10:00' };
const QUOTE = { id: 'q1', total: 85 } as unknown as Quote;
const PLACED: OfficeBooking = { order: 7, reference: 5, customer: 3, invited: true, total: 85, payment: 'pay_link' };

const EVENTS = [
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
const TABLE: Record<string, Record<string, string>> = {
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
const REFUSED = new Set<unknown>([EVENTS[1], EVENTS[3], EVENTS[5], EVENTS[7]]);
const refused = (event: unknown) => REFUSED.has(event);

// The model's actors never answer by themselves: the paths say when they succeed or fail.
const model = officeBookingMachine.provide({
  actors: { priceAtAddress: fromPromise(() => new Promise<Quote>(() => {})), placeBooking: fromPromise(() => new Promise<OfficeBooking>(() => {})) },
});
const paths = pathsOf(model, { events: EVENTS });

describe('office booking machine paths (xstate/graph)', () => {
  it('the paths reach every state and take every transition', () => {
    const coverage = coverageOf(model, paths);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  for (const path of paths) {
    it(`follows the table: ${describePath(path)}`, () => {
      let at = 'customer';
      for (const step of path.steps.filter((s) => s.event.type !== 'xstate.init')) {
        const event = step.event as { type: string };
        const expected = refused(event) ? at : TABLE[at]?.[event.type] ?? at;
        expect(step.state.value, `${at} --${event.type}-->`).toBe(expected);
        expect((step.state.getMeta()[`officeBooking.${expected}`] as OfficeBookingMeta | undefined)?.step).toBeTruthy();
        at = expected;
      }
    });
  }
});

describe('office booking machine (behaviour)', () => {
  it('sends the whole booking once, and a refused postcode keeps the address with its message', async () => {
    const sent: OfficeBookingRequest[] = [];
    let postcodes = 0;
    const actor = createActor(officeBookingMachine.provide({
      actors: {
        priceAtAddress: fromPromise(async () => {
          postcodes += 1;
          if (postcodes === 1) throw new Error("We don't cover M1 yet");
          return QUOTE;
        }),
        placeBooking: fromPromise(async ({ input }) => { sent.push(input); return PLACED; }),
      },
    })).start();
    actor.send({ type: 'customer.submit', customer: CUSTOMER });
    actor.send({ type: 'items.submit', items: ITEMS });
    actor.send({ type: 'address.submit', address: { ...ADDRESS, code_postal: 'M1 1AE' } });
    await waitFor(actor, (s) => s.matches('address'));
    expect(actor.getSnapshot().context.error).toBe("We don't cover M1 yet");
    actor.send({ type: 'address.submit', address: ADDRESS });
    await waitFor(actor, (s) => s.matches('time'));
    expect(actor.getSnapshot().context).toMatchObject({ error: null, quote: QUOTE });
    actor.send({ type: 'time.submit', time: TIME });
    actor.send({ type: 'payment.submit', payment: 'pay_link' });
    await waitFor(actor, (s) => s.matches('placed'));
    expect(sent).toEqual([{ customer: CUSTOMER.request, ...ITEMS, ...ADDRESS, ...TIME, payment: 'pay_link' }]);
    expect(actor.getSnapshot().context.placed).toEqual(PLACED);
  });
});
