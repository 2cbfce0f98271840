import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { OfficeBookingRequest } from '../../openapi/schema';
import { officeBookingMachine, type OfficeBookingMeta } from '../../machines/office-booking.machine';
import { coverageOf, describePath, pathsOf } from '../support/replay-paths';
import { ADDRESS, CUSTOMER, EVENTS, expectedAfter, ITEMS, model, PLACED, QUOTE, TIME } from '../support/office-booking-model';

/**
 * The office booking flow (decision 047), model-based: xstate/graph's paths take every transition,
 * and each state a path reaches must be the one the hand-written table (tests/support/
 * office-booking-model.ts) says the event leads to from where it was — not whatever the machine did.
 * The same paths run in Chromium against the real server: tests/e2e/office-booking-paths.spec.ts.
 */
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
        const expected = expectedAfter(at, event);
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
