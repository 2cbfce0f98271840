import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { seriesMachine, type SeriesCall } from '../../machines/series.machine';
import { describeExpectedWalks } from '../support/describe-expected-walks';
import { expectedSeries } from '../support/expected/series';
import { seriesModel } from '../support/series-model';

const allowed = (fee: number) => ({ allowed: true as const, fee, freeUntil: null });
const refused = { allowed: false as const, fee: 0, reason: 'The service cannot be cancelled once it has started' };

describeExpectedWalks(expectedSeries);

describe('series machine behaviour', () => {
  it('offers "Skip this visit" only for a visit the cancellation terms allow, with its fee', () => {
    const actor = createActor(seriesModel.machine).start();
    actor.send({ type: 'visit.skip', visit: { id: 20, cancellation: refused } });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'visit.skip', visit: { id: 21, cancellation: allowed(16.5) } });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().context).toEqual({ action: 'skip', id: 21, fee: 16.5, visits: 1, error: null });
  });

  it('"Cancel all future visits" sums the fees of the visits still cancellable, and is refused for an ended series', () => {
    const actor = createActor(seriesModel.machine).start();
    actor.send({ type: 'series.cancel', series: { id: 4, active: false, visits: [] } });
    expect(actor.getSnapshot().value).toBe('idle');
    const visits = [
      { id: 20, cancellation: refused },
      { id: 21, cancellation: allowed(16.5) },
      { id: 22, cancellation: allowed(0.1) },
      { id: 23, cancellation: allowed(0.2) },
    ];
    actor.send({ type: 'series.cancel', series: { id: 3, active: true, visits: visits as never } });
    expect(actor.getSnapshot().context).toEqual({ action: 'cancel', id: 3, fee: 16.8, visits: 3, error: null });
  });

  it('saves the chosen action; done toasts and reloads; a failure keeps the message until Try again', async () => {
    const seen: string[] = [];
    const calls: SeriesCall[] = [];
    let fail = true;
    const actor = createActor(
      seriesMachine.provide({
        actors: {
          manageSeries: fromPromise(async ({ input }) => {
            calls.push(input);
            if (fail) throw new Error('A cancellation was already requested for this order');
            return { message: 'All future visits cancelled', fee: 0, visits: 2 };
          }),
        },
        actions: { notifyDone: () => seen.push('toast'), reloadOrders: () => seen.push('reload') },
      }),
    ).start();
    actor.send({ type: 'series.cancel', series: { id: 3, active: true, visits: [{ id: 21, cancellation: allowed(0) }] as never } });
    actor.send({ type: 'action.confirm' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('A cancellation was already requested for this order');
    expect(seen).toEqual([]);
    fail = false;
    actor.send({ type: 'retry' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(calls).toEqual([{ action: 'cancel', id: 3 }, { action: 'cancel', id: 3 }]);
    expect(seen).toEqual(['toast', 'reload']);
    expect(actor.getSnapshot().context).toEqual({ action: null, id: null, fee: 0, visits: 0, error: null });
    // From done another action can be chosen at once.
    actor.send({ type: 'visit.skip', visit: { id: 22, cancellation: allowed(0) } });
    expect(actor.getSnapshot().value).toBe('confirming');
  });

  it('"Undo" saves at once for a skipped visit only, with no dialog, and toasts and reloads when done', async () => {
    const seen: string[] = [];
    const calls: SeriesCall[] = [];
    const actor = createActor(
      seriesMachine.provide({
        actors: { manageSeries: fromPromise(async ({ input }) => (calls.push(input), { message: 'Visit booked again', fee: 0, visits: 1 })) },
        actions: { notifyDone: ({ context }) => seen.push(`toast ${context.action}`), reloadOrders: () => seen.push('reload') },
      }),
    ).start();
    actor.send({ type: 'visit.undo', visit: { id: 26, skipped: false } });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'visit.undo', visit: { id: 25, skipped: true } });
    expect(actor.getSnapshot().getMeta()).toMatchObject({ 'series.undoing': { dialog: false, busy: true } });
    await waitFor(actor, (s) => s.matches('done'));
    expect(calls).toEqual([{ action: 'undo', id: 25 }]);
    expect(seen).toEqual(['toast undo', 'reload']);
  });

  it('closing the dialog forgets the choice', () => {
    const actor = createActor(seriesModel.machine).start();
    actor.send({ type: 'visit.skip', visit: { id: 21, cancellation: allowed(0) } });
    actor.send({ type: 'dialog.close' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.id).toBeNull();
  });
});
