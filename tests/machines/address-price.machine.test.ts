import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { addressPriceMachine, type AddressPriceCall } from '../../machines/address-price.machine';
import type { AddressPrice } from '../../openapi/schema';

/**
 * Issue 36 row 4: the place-order form's postcode is answered as it is typed (served or not, the
 * price there), an edit drops the answer at once, and an answer for an older postcode never shows.
 */
const inZone: AddressPrice = {
  postcode: 'WC2N 5DU', served: true, message: null,
  price: { previousTotal: 82.5, total: 94, vat: 15.67, lines: [{ kind: 'item', name: 'Bedroom', quantity: 2, unitPrice: 41.25, amount: 82.5 }, { kind: 'congestion', name: 'Congestion Charge', amount: 11.5 }] },
};
const manchester: AddressPrice = { postcode: 'M1 3HE', served: false, message: "We don't cover M1 yet", price: null };

/** The machine with a server whose answers the test releases, one per question, in any order. */
function withServer(input: { order: number | null; postcode?: string } = { order: 7 }) {
  const asked: Array<{ call: AddressPriceCall; answer: (value: AddressPrice) => void }> = [];
  const machine = addressPriceMachine.provide({
    actors: { getAddressPrice: fromPromise<AddressPrice, AddressPriceCall>(({ input: call }) => new Promise((resolve) => asked.push({ call, answer: resolve }))) },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, asked };
}

/** Lets answers already released reach the machine (no time passes). */
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('the answer to the place-order postcode', () => {
  it('asks once a whole UK postcode is typed, not before', async () => {
    const { actor, asked } = withServer();
    actor.send({ type: 'postcode.change', postcode: 'M1' });
    actor.send({ type: 'postcode.change', postcode: 'M1 3H' });
    expect(asked).toHaveLength(0);
    actor.send({ type: 'postcode.change', postcode: 'M1 3HE' });
    expect(asked.map(({ call }) => call)).toEqual([{ order: 7, postcode: 'M1 3HE' }]);
    asked[0]!.answer(manchester);
    await settled();
    expect(actor.getSnapshot().matches('answered')).toBe(true);
    expect(actor.getSnapshot().context.answer).toEqual(manchester);
  });

  it('drops the refusal at the first edit of the postcode', async () => {
    const { actor, asked } = withServer();
    actor.send({ type: 'postcode.change', postcode: 'M1 3HE' });
    asked[0]!.answer(manchester);
    await settled();
    actor.send({ type: 'postcode.change', postcode: 'M1 3H' });
    expect(actor.getSnapshot().context.answer).toBeNull();
    expect(actor.getSnapshot().matches('waiting')).toBe(true);
  });

  it('never shows the answer of an older postcode that arrives after the new one was typed', async () => {
    const { actor, asked } = withServer();
    actor.send({ type: 'postcode.change', postcode: 'M1 3HE' });
    actor.send({ type: 'postcode.change', postcode: 'WC2N 5DU' });
    expect(asked.map(({ call }) => call.postcode)).toEqual(['M1 3HE', 'WC2N 5DU']);
    asked[1]!.answer(inZone);
    await settled();
    asked[0]!.answer(manchester);
    await settled();
    expect(actor.getSnapshot().context.answer).toEqual(inZone);
    // And while the new one is on its way, the old one shows nothing either.
    actor.send({ type: 'postcode.change', postcode: 'M1 3HE' });
    asked[2]!.answer(manchester);
    actor.send({ type: 'postcode.change', postcode: 'SE22 8AB' });
    await settled();
    expect(actor.getSnapshot().context.answer).toBeNull();
    expect(actor.getSnapshot().matches('asking')).toBe(true);
  });

  it('asks for a postcode the form starts with, and never without an order', () => {
    expect(withServer({ order: 7, postcode: 'WC2N 5DU' }).asked).toHaveLength(1);
    const none = withServer({ order: null });
    none.actor.send({ type: 'postcode.change', postcode: 'WC2N 5DU' });
    expect(none.asked).toHaveLength(0);
  });
});
