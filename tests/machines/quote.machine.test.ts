import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { isPostcode, quoteMachine, quoteRequestOf, EMPTY_CHOICES } from '../../machines/quote.machine';
import { quote, quoteModel, quoteOptions } from '../support/quote-models';
import { describeExpectedWalks } from '../support/describe-expected-walks';
import { expectedQuote } from '../support/expected/quote';

const machine = quoteModel.machine;

// Its choices make over a thousand states: the walks that take them all need more than 5 s.
describeExpectedWalks(expectedQuote, { timeoutMs: 120_000 });

describe('quote machine rules', () => {
  function choosing() {
    const actor = createActor(machine, { input: { serviceId: 1 } }).start();
    actor.send({ type: 'xstate.done.actor.loadOptions', output: quoteOptions } as never);
    return actor;
  }

  it('asks no price until an item is ticked, then asks for exactly the choices shown', () => {
    const actor = choosing();
    expect(actor.getSnapshot().matches({ choosing: 'empty' })).toBe(true);
    actor.send({ type: 'items.toggle', itemId: 3 });
    expect(actor.getSnapshot().matches({ choosing: 'quoting' })).toBe(true);
    expect(quoteRequestOf(1, actor.getSnapshot().context.choices)).toEqual({ service: 1, items: [{ id: 3, quantity: 1 }], frequency: 'one_off' });
  });

  it('prices a postcode only once it is a whole UK postcode', () => {
    expect(quoteRequestOf(1, { ...EMPTY_CHOICES, items: [{ id: 3, quantity: 1 }], postcode: 'WC2' })).not.toHaveProperty('postcode');
    expect(quoteRequestOf(1, { ...EMPTY_CHOICES, items: [{ id: 3, quantity: 1 }], postcode: ' WC2N 5DU ' })).toHaveProperty('postcode', 'WC2N 5DU');
    expect([isPostcode('SE22 8AB'), isPostcode('75008')]).toEqual([true, false]);
  });

  it('does not ask again when a change leaves the request as it was (a partial postcode)', () => {
    const actor = choosing();
    actor.send({ type: 'items.toggle', itemId: 3 });
    actor.send({ type: 'xstate.done.actor.createQuote', output: quote } as never);
    actor.send({ type: 'postcode.change', postcode: 'WC2' });
    expect(actor.getSnapshot().matches({ choosing: 'quoted' })).toBe(true);
  });

  it('continues only with a postcode, and drops choices the options no longer offer', () => {
    const actor = createActor(machine, {
      input: { serviceId: 1, choices: { items: [{ id: 3, quantity: 2 }, { id: 99, quantity: 1 }], frequency: 'daily', extras: [{ id: 7, quantity: 1 }], postcode: '' } },
    }).start();
    actor.send({ type: 'xstate.done.actor.loadOptions', output: quoteOptions } as never);
    expect(actor.getSnapshot().context.choices).toEqual({ items: [{ id: 3, quantity: 2 }], frequency: 'one_off', extras: [], postcode: '' });
    // The screen sends its cart: the kept choices are priced.
    actor.send({ type: 'items.set', items: [{ id: 3, quantity: 2 }] });
    expect(actor.getSnapshot().matches({ choosing: 'quoting' })).toBe(true);
    actor.send({ type: 'xstate.done.actor.createQuote', output: quote } as never);
    actor.send({ type: 'quote.continue' });
    expect(actor.getSnapshot().status).toBe('active');
    actor.send({ type: 'postcode.change', postcode: 'SE22 8AB' });
    actor.send({ type: 'xstate.done.actor.createQuote', output: quote } as never);
    actor.send({ type: 'quote.continue' });
    expect(actor.getSnapshot().status).toBe('done');
  });
});

// The machine itself, unprovided, refuses to run without its actors.
it('names its actors so screens provide them', () => {
  expect(Object.keys(quoteMachine.implementations.actors)).toEqual(['loadOptions', 'createQuote']);
});
