import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AdminUpdateModel } from './admin-update-models';
import { describeExpectedWalks } from './describe-expected-walks';
import { expectedAdminUpdate } from './expected/admin-update';

/**
 * The suite both admin row-update machines (order-update, refund-update) pass: its
 * paths checked against the written table (tests/support/expected/admin-update.ts) with full state
 * and transition coverage, then its behaviour with a scripted call —
 * what Update sends, when it may, and what a success, a 409 and any other failure do to the row.
 */
export function describeAdminUpdate(model: AdminUpdateModel) {
  describeExpectedWalks(expectedAdminUpdate(model));

  describe(`${model.name} machine (behaviour)`, () => {
    const [choice] = model.choices;
    const update = { type: `${model.prefix}.update` };

    it('cannot update until a status different from the current one is chosen', () => {
      const { actor } = start(model, async () => model.saved);
      expect(actor.getSnapshot().can(update)).toBe(false);
      actor.send({ type: 'status.choose', status: choice });
      expect(actor.getSnapshot().can(update)).toBe(true);
    });

    it('sends the chosen status with the row version, then notifies and hands the saved row over (no reload)', async () => {
      const { actor, calls } = start(model, async () => model.saved);
      actor.send({ type: 'status.choose', status: choice });
      actor.send(update);
      await settle(actor);
      expect(calls.sent).toEqual([model.call(model.input.version)]);
      expect(actor.getSnapshot().value).toBe('updated');
      expect(actor.getSnapshot().context).toMatchObject({ status: model.saved.status, version: model.saved.version, chosen: null });
      expect(calls).toMatchObject({ notified: 1, reloaded: 0, saved: [model.saved] });
      // Choosing the status it now has leaves nothing to send.
      actor.send({ type: 'status.choose', status: model.saved.status });
      expect(actor.getSnapshot().value).toBe('idle');
    });

    it('on a 409 shows the message, puts the control back to the stored status and reloads the list', async () => {
      let answer: () => Promise<unknown> = async () => Promise.reject(model.conflict);
      const { actor, calls } = start(model, () => answer());
      actor.send({ type: 'status.choose', status: choice });
      actor.send(update);
      await settle(actor);
      expect(actor.getSnapshot().value).toBe('conflicted');
      expect(actor.getSnapshot().context).toMatchObject({ error: model.conflict.message, chosen: null, status: model.input.status });
      expect(calls).toMatchObject({ notified: 0, reloaded: 1 });
      // Nothing to retry: the administrator chooses again, against the reloaded version.
      expect(actor.getSnapshot().can({ type: `${model.prefix}.retry` })).toBe(false);
      actor.send({ type: `${model.prefix}.sync`, status: model.input.status, version: 5 });
      answer = async () => model.saved;
      actor.send({ type: 'status.choose', status: choice });
      actor.send(update);
      await settle(actor);
      expect(calls.sent.at(-1)).toEqual(model.call(5));
      expect(actor.getSnapshot().value).toBe('updated');
    });

    it('a failure that is not an Error (no status) is "Network Error", kept on the row without reloading', async () => {
      const { actor, calls } = start(model, () => Promise.reject('offline'));
      actor.send({ type: 'status.choose', status: choice });
      actor.send(update);
      await settle(actor);
      expect(actor.getSnapshot().value).toBe('failed');
      expect(actor.getSnapshot().context.error).toBe('Network Error');
      expect(calls).toMatchObject({ notified: 0, reloaded: 0 });
    });

    it("the list's reload (sync) gives the row its new status and version, whatever it is doing", () => {
      const { actor } = start(model, async () => model.saved);
      const sync = model.events.find((e) => e.type === `${model.prefix}.sync`)! as unknown as { status: string; version: number };
      actor.send({ type: `${model.prefix}.sync`, status: sync.status, version: sync.version });
      expect(actor.getSnapshot().context).toMatchObject({ status: sync.status, version: sync.version, chosen: null });
      actor.send({ type: 'status.choose', status: choice });
      actor.send({ type: `${model.prefix}.sync`, status: sync.status, version: sync.version + 1 });
      expect(actor.getSnapshot().value).toBe('statusChosen');
      expect(actor.getSnapshot().context).toMatchObject({ status: sync.status, version: sync.version + 1, chosen: choice });
    });

    it('keeps any other failure on the row, with the choice, without reloading', async () => {
      const { actor, calls } = start(model, async () => Promise.reject(model.failure));
      actor.send({ type: 'status.choose', status: choice });
      actor.send(update);
      await settle(actor);
      expect(actor.getSnapshot().value).toBe('failed');
      expect(actor.getSnapshot().context).toMatchObject({ error: model.failure.message, chosen: choice });
      expect(calls).toMatchObject({ notified: 0, reloaded: 0 });
    });
  });
}

/** A started actor of the app's machine whose call is `answer`, counting notifications and reloads. */
export function start(model: AdminUpdateModel, answer: (input: unknown) => Promise<unknown>) {
  const calls = { notified: 0, reloaded: 0, sent: [] as unknown[], saved: [] as unknown[] };
  const machine = model.app.provide({
    actors: { [model.actor]: fromPromise(({ input }) => { calls.sent.push(input); return answer(input); }) },
    actions: {
      notifyUpdated: () => void calls.notified++,
      rowSaved: ({ event }: { event: { output: unknown } }) => void calls.saved.push(event.output),
      [model.reload]: () => void calls.reloaded++,
    },
  } as never);
  return { actor: createActor(machine, { input: model.input }).start(), calls };
}

/** Until the call has answered (the scripted calls answer at once). */
export const settle = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => !s.matches('updating'));
