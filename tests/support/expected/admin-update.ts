import assert from 'node:assert/strict';
import type { AdminUpdateModel } from '../admin-update-models';
import { has, type ExpectedMachine, type Target } from '../expected-walks';

/**
 * One back-office row whose status an administrator changes (an order, a refund request), written
 * from docs/requirements.md (R-ADMIN-4, R-ADMIN-5): Update only once a status other than the
 * row's is chosen; cancelling an order asks first, and dismissing puts the stored status back;
 * success saves the row in place; a 409 reloads the list and puts the stored status back (nothing
 * to retry: choose again); another failure keeps the choice and the message; the list's reload
 * updates the row whatever it is doing.
 */
export function expectedAdminUpdate(model: AdminUpdateModel): ExpectedMachine {
  const [first, second] = model.choices;
  const events = {
    chooseFirst: { type: 'status.choose', status: first },
    chooseSecond: { type: 'status.choose', status: second },
    update: { type: `${model.prefix}.update` },
    retry: { type: `${model.prefix}.retry` },
    sync: model.events.find((e) => e.type === `${model.prefix}.sync`)!,
    saved: { type: `xstate.done.actor.${model.actor}`, output: model.saved },
    conflict: { type: `xstate.error.actor.${model.actor}`, error: model.conflict },
    failure: { type: `xstate.error.actor.${model.actor}`, error: model.failure },
    ...(model.confirmed
      ? {
          chooseConfirmed: { type: 'status.choose', status: model.confirmed },
          confirm: { type: `${model.prefix}.confirm` },
          dismiss: { type: `${model.prefix}.dismiss` },
        }
      : {}),
  };
  // Choosing the status the row has leaves nothing to send.
  const choose: Target = (context, event) => (event.status !== context.status ? 'statusChosen' : 'idle');
  const chooseAny: Record<string, Target> = model.confirmed
    ? { chooseFirst: choose, chooseSecond: choose, chooseConfirmed: choose }
    : { chooseFirst: choose, chooseSecond: choose };
  const update: Target = (context) => (model.confirmed && context.chosen === model.confirmed ? 'confirming' : 'updating');
  const nothingChosen = (c: any) => has(c, { chosen: null, error: null });
  const chosen = (error: string | null) => (c: any) => {
    assert.notEqual(c.chosen, null);
    assert.equal(c.error, error);
  };
  return {
    name: model.name,
    machine: model.machine,
    input: model.input,
    events,
    initial: { '': 'idle' },
    regions: {
      '': {
        idle: { on: chooseAny, context: nothingChosen },
        statusChosen: { on: { ...chooseAny, update }, context: chosen(null) },
        ...(model.confirmed ? { confirming: { on: { confirm: 'updating', dismiss: 'idle' }, context: chosen(null) } } : {}),
        updating: { on: { saved: 'updated', conflict: 'conflicted', failure: 'failed' }, context: (c) => assert.notEqual(c.chosen, null) },
        updated: { on: chooseAny, context: nothingChosen },
        failed: { on: { ...chooseAny, retry: 'updating' }, context: chosen(model.failure.message) },
        conflicted: { on: chooseAny, context: (c) => has(c, { chosen: null, error: model.conflict.message }) },
      },
    },
  };
}
