import { describe, expect, it } from 'vitest';
import { createActor, getNextSnapshot } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { isPostcode, quoteMachine, quoteRequestOf, EMPTY_CHOICES } from '../../machines/quote.machine';
import { quote, quoteModel, quoteOptions } from '../support/quote-models';
import { coverageOf, describePath, formatCoverage, replayPath, type AnyPath } from '../support/replay-paths';

const machine = quoteModel.machine;

/**
 * The generated paths of the quote machine (xstate/graph over its real snapshots, context
 * included): the quote's context holds every choice, so there are over a thousand shortest paths,
 * replayed together in one test, plus one more step of every event from each for the coverage.
 */
function quotePaths(): { shortest: AnyPath[]; extended: AnyPath[] } {
  const input = quoteModel.inputs[0];
  const shortest = getShortestPaths(machine, { events: quoteModel.events, input } as never) as AnyPath[];
  const extended = shortest.flatMap((path) =>
    quoteModel.events.filter((event) => path.state.can(event as never)).map((event) => {
      const next = getNextSnapshot(machine, path.state, event as never);
      return { state: next, steps: [...path.steps, { event, state: next }], weight: path.weight + 1 } as AnyPath;
    }),
  );
  return { shortest, extended };
}

describe('quote machine (model-based)', () => {
  let generated: { shortest: AnyPath[]; extended: AnyPath[] };

  it('replays every generated path on a live actor, each step landing where the model says', () => {
    generated = quotePaths();
    for (const path of [...generated.shortest, ...generated.extended]) {
      try {
        replayPath(machine, path, quoteModel.inputs[0]).stop();
      } catch (error) {
        throw new Error(`${describePath(path)}: ${(error as Error).message}`, { cause: error });
      }
    }
  }, 240_000);

  it('covers every state and transition', () => {
    const paths = [...generated.shortest, ...generated.extended];
    const coverage = coverageOf(machine, paths);
    console.log(`${formatCoverage('quote', coverage)} by ${paths.length} paths`);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  }, 240_000);
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
