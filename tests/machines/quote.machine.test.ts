import { describe, expect, it } from 'vitest';
import { createActor, getNextSnapshot } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { isPostcode, quoteMachine, quoteRequestOf, EMPTY_CHOICES } from '../../machines/quote.machine';
import { quote, quoteModel, quoteOptions } from '../support/quote-models';
import { coverageOf, describePath, formatCoverage, replayPath, type AnyPath } from '../support/replay-paths';

const machine = quoteModel.machine;

/**
 * The quote's context holds every choice, so snapshots that differ only in which bedroom count was
 * priced would each be a state of the graph (thousands). The walk tells snapshots apart by what the
 * machine decides on instead: the state, whether items are chosen, whether the price shown is the
 * choices', whether a postcode is given, and whether a quote or an error is held.
 */
function abstractState(snapshot: any): string {
  const { choices, quotedRequest, quote: held, error, serviceId } = snapshot.context;
  return JSON.stringify([
    snapshot.value, choices.items.length > 0, quotedRequest === JSON.stringify(quoteRequestOf(serviceId, choices)),
    isPostcode(choices.postcode), held !== null, error !== null,
  ]);
}

function quotePaths(): { input: unknown; path: AnyPath }[] {
  const input = quoteModel.inputs[0];
  const shortest = getShortestPaths(machine, { events: quoteModel.events, input, serializeState: abstractState } as never) as AnyPath[];
  const extended = shortest.flatMap((path) =>
    quoteModel.events.filter((event) => path.state.can(event as never)).map((event) => {
      const next = getNextSnapshot(machine, path.state, event as never);
      return { state: next, steps: [...path.steps, { event, state: next }], weight: path.weight + 1 } as AnyPath;
    }),
  );
  return [...shortest, ...extended].map((path) => ({ input, path }));
}

describe('quote machine (model-based)', () => {
  const generated = quotePaths();
  for (const { path, input } of generated) {
    it(`reaches ${describePath(path)}`, () => {
      replayPath(machine, path, input).stop();
    });
  }

  it('covers every state and transition', () => {
    const coverage = coverageOf(machine, generated.map(({ path }) => path));
    console.log(`${formatCoverage('quote', coverage)} by ${generated.length} paths`);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});

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
