import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { choicesAfter, EMPTY_CHOICES, isPostcode, quoteMachine, quoteRequestOf, type QuoteChoices } from '../../machines/quote.machine';
import type { Quote, QuoteOptions, QuoteRequest } from '../../openapi/schema';
import { quote, quoteOptions } from '../support/quote-models';

/**
 * What the live quote (issue 14 §1) asks the server for as the customer ticks items and extras,
 * changes quantities and types a postcode, and which kept choices survive the options loading.
 */
const chosen = (over: Partial<QuoteChoices> = {}): QuoteChoices => ({ ...EMPTY_CHOICES, ...over });

describe('the quote choices', () => {
  it('ticking an item or an extra adds one of it; ticking it again removes only it', () => {
    let choices = choicesAfter(EMPTY_CHOICES, { type: 'items.toggle', itemId: 3 });
    choices = choicesAfter(choices, { type: 'items.toggle', itemId: 4 });
    choices = choicesAfter(choices, { type: 'extras.toggle', extraId: 1 });
    expect(choices).toEqual(chosen({ items: [{ id: 3, quantity: 1 }, { id: 4, quantity: 1 }], extras: [{ id: 1, quantity: 1 }] }));
    choices = choicesAfter(choices, { type: 'items.toggle', itemId: 3 });
    choices = choicesAfter(choices, { type: 'extras.toggle', extraId: 1 });
    expect(choices).toEqual(chosen({ items: [{ id: 4, quantity: 1 }], extras: [] }));
  });

  it('a quantity changes only its own line, whole, from 1 to 100', () => {
    const start = chosen({ items: [{ id: 3, quantity: 1 }, { id: 4, quantity: 1 }], extras: [{ id: 1, quantity: 1 }, { id: 2, quantity: 1 }] });
    const quantities = (quantity: number) => choicesAfter(start, { type: 'items.setQuantity', itemId: 4, quantity }).items;
    expect(quantities(3)).toEqual([{ id: 3, quantity: 1 }, { id: 4, quantity: 3 }]);
    expect([quantities(0), quantities(250), quantities(2.6), quantities(Number.NaN)].map((items) => items[1]!.quantity)).toEqual([1, 100, 3, 1]);
    expect(choicesAfter(start, { type: 'extras.setQuantity', extraId: 1, quantity: 4 }).extras).toEqual([{ id: 1, quantity: 4 }, { id: 2, quantity: 1 }]);
    expect(choicesAfter(start, { type: 'items.set', items: [{ id: 9, quantity: 0 }, { id: 3, quantity: 7 }] }).items).toEqual([{ id: 9, quantity: 1 }, { id: 3, quantity: 7 }]);
    expect(choicesAfter(start, { type: 'frequency.choose', frequency: 'weekly' }).frequency).toBe('weekly');
    expect(choicesAfter(start, { type: 'postcode.change', postcode: 'se22' }).postcode).toBe('se22');
    expect(choicesAfter(start, { type: 'quote.continue' })).toBe(start);
  });

  it('asks a price only with an item, with extras only when there are some, and a whole postcode as typed less its spaces around', () => {
    expect(quoteRequestOf(1, chosen({ extras: [{ id: 1, quantity: 1 }], postcode: 'SE22 8AB' }))).toBeNull();
    expect(quoteRequestOf(2, chosen({ items: [{ id: 3, quantity: 2 }], frequency: 'weekly', extras: [{ id: 1, quantity: 1 }], postcode: ' se22 8ab ' }))).toEqual({
      service: 2, items: [{ id: 3, quantity: 2 }], frequency: 'weekly', extras: [{ id: 1, quantity: 1 }], postcode: 'se22 8ab',
    });
    expect([isPostcode(' SE22 8AB '), isPostcode('SW1A2AA'), isPostcode('SE22 8A'), isPostcode('')]).toEqual([true, true, false, false]);
  });
});

describe('the quote machine with its options', () => {
  function start(choices: QuoteChoices | undefined, loadOptions: (serviceId: number) => Promise<QuoteOptions>) {
    const asked: { options: number[]; quotes: QuoteRequest[] } = { options: [], quotes: [] };
    const machine = quoteMachine.provide({
      actors: {
        loadOptions: fromPromise<QuoteOptions, { serviceId: number }>(({ input }) => (asked.options.push(input.serviceId), loadOptions(input.serviceId))),
        createQuote: fromPromise<Quote, QuoteRequest>(async ({ input }) => (asked.quotes.push(input), quote)),
      },
    });
    const actor = createActor(machine, { input: { serviceId: 5, ...(choices ? { choices } : {}) } }).start();
    return { actor, asked };
  }

  it('loads the options of its service, and keeps the kept choices the options still offer', async () => {
    const kept = chosen({ items: [{ id: 3, quantity: 2 }], frequency: 'weekly', extras: [{ id: 1, quantity: 2 }, { id: 8, quantity: 1 }], postcode: 'SE22 8AB' });
    const { actor, asked } = start(kept, async () => quoteOptions);
    await waitFor(actor, (snapshot) => snapshot.matches('choosing'));
    expect(asked.options).toEqual([5]);
    expect(actor.getSnapshot().context.choices).toEqual({ ...kept, extras: [{ id: 1, quantity: 2 }] });
    actor.send({ type: 'items.set', items: kept.items });
    await waitFor(actor, (snapshot) => snapshot.matches({ choosing: 'quoted' }));
    expect(asked.quotes).toEqual([{ service: 5, items: [{ id: 3, quantity: 2 }], frequency: 'weekly', extras: [{ id: 1, quantity: 2 }], postcode: 'SE22 8AB' }]);
  });

  it('says why the options did not load ("Network Error" when nothing better is known), and Try again loads them', async () => {
    let failure: unknown = new Error('Service not found');
    const { actor, asked } = start(undefined, async () => {
      if (failure !== undefined) {
        const error = failure;
        failure = undefined;
        throw error;
      }
      return quoteOptions;
    });
    await waitFor(actor, (snapshot) => snapshot.matches('loadFailed'));
    expect(actor.getSnapshot().context.error).toBe('Service not found');
    actor.send({ type: 'retry' });
    await waitFor(actor, (snapshot) => snapshot.matches('choosing'));
    expect([actor.getSnapshot().context.error, asked.options]).toEqual([null, [5, 5]]);
    const offline = start(undefined, async () => Promise.reject('offline'));
    await waitFor(offline.actor, (snapshot) => snapshot.matches('loadFailed'));
    expect(offline.actor.getSnapshot().context.error).toBe('Network Error');
  });
});
