import { expect, it } from 'vitest';
import { orderUpdateModel } from '../support/admin-update-models';
import { describeAdminUpdate, start } from '../support/describe-admin-update';

describeAdminUpdate(orderUpdateModel);

it('order update: choosing the status the order already has keeps Update disabled', () => {
  const { actor } = start(orderUpdateModel, async () => orderUpdateModel.saved);
  actor.send({ type: 'status.choose', status: 'awaiting_validation' });
  expect(actor.getSnapshot().value).toBe('idle');
  expect(actor.getSnapshot().can({ type: 'order.update' })).toBe(false);
});
