import { seriesModel } from '../series-model';
import { has, type ExpectedMachine } from '../expected-walks';

/**
 * Managing a recurring series on My orders (decisions 021 and 031), written from the requirements,
 * not from the machine: "Skip" opens the dialog only for a visit the cancellation terms allow; "End
 * the series" only for a series still running; "Undo" only on a skipped visit, and it saves at once
 * with no dialog; the dialog cannot be closed while saving; success closes it and forgets the
 * choice; a failure keeps the message with Try again.
 */
const [skip, skipRefused, undo, undoNotSkipped, cancel, cancelEnded, confirm, retry, close, saved, notSaved] = seriesModel.events;
export const seriesEvents = {
  skip: skip!, skipRefused: skipRefused!, undo: undo!, undoNotSkipped: undoNotSkipped!, cancel: cancel!, cancelEnded: cancelEnded!,
  confirm: confirm!, retry: retry!, close: close!, saved: saved!, notSaved: notSaved!,
};

const forgotten = (c: any) => has(c, { action: null, id: null, fee: 0, visits: 0, error: null });
// What was chosen: visit 21 to skip, visit 25 to bring back, or the 2 cancellable visits of series 3.
const chosen = (c: any) =>
  c.action === 'skip' ? has(c, { id: 21, visits: 1 }) : c.action === 'undo' ? has(c, { id: 25, visits: 1, fee: 0 }) : has(c, { action: 'cancel', id: 3, visits: 2 });

export const expectedSeries: ExpectedMachine = {
  name: 'series',
  machine: seriesModel.machine,
  events: seriesEvents,
  initial: { '': 'idle' },
  regions: {
    '': {
      idle: { on: { skip: 'confirming', undo: 'undoing', cancel: 'confirming' }, context: forgotten },
      // Nothing else while the undo is in flight; no dialog unless it fails.
      undoing: { on: { saved: 'done', notSaved: 'failed' }, context: (c) => has(c, { action: 'undo', id: 25 }) },
      confirming: { on: { confirm: 'saving', close: 'idle' }, context: (c) => { chosen(c); has(c, { error: null }); } },
      // Neither Close nor another choice while the request is in flight.
      saving: { on: { saved: 'done', notSaved: 'failed' }, context: chosen },
      done: { on: { skip: 'confirming', undo: 'undoing', cancel: 'confirming' }, context: forgotten },
      failed: { on: { retry: 'saving', close: 'idle' }, context: (c) => { chosen(c); has(c, { error: 'Network Error' }); } },
    },
  },
};
