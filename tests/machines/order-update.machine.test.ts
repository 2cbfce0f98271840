import { expect, it } from 'vitest';
import { orderUpdateModel } from '../support/admin-update-models';
import { describeAdminUpdate, settle, start } from '../support/describe-admin-update';

describeAdminUpdate(orderUpdateModel);

it('order update: choosing the status the order already has keeps Update disabled', () => {
  const { actor } = start(orderUpdateModel, async () => orderUpdateModel.saved);
  actor.send({ type: 'status.choose', status: 'awaiting_validation' });
  expect(actor.getSnapshot().value).toBe('idle');
  expect(actor.getSnapshot().can({ type: 'order.update' })).toBe(false);
});

it('order update: cancelling asks first; dismissing puts the stored status back, confirming sends it', async () => {
  const { actor, calls } = start(orderUpdateModel, async () => ({ ...orderUpdateModel.saved, status: 'cancelled' }));
  actor.send({ type: 'status.choose', status: 'cancelled' });
  actor.send({ type: 'order.update' });
  expect(actor.getSnapshot().value).toBe('confirming');
  expect(calls.sent).toEqual([]);
  actor.send({ type: 'order.dismiss' });
  expect(actor.getSnapshot().value).toBe('idle');
  expect(actor.getSnapshot().context.chosen).toBeNull();
  actor.send({ type: 'status.choose', status: 'cancelled' });
  actor.send({ type: 'order.update' });
  actor.send({ type: 'order.confirm' });
  await settle(actor);
  expect(calls.sent).toEqual([{ id: 12, status: 'cancelled', version: 1 }]);
  expect(actor.getSnapshot().value).toBe('updated');
});
