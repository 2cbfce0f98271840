import { expect, it } from 'vitest';
import { refundUpdateModel } from '../support/admin-update-models';
import { describeAdminUpdate, settle, start } from '../support/describe-admin-update';

describeAdminUpdate(refundUpdateModel);

it('refund update: a pending refund can be rejected as well as accepted, and the decision is what is sent', async () => {
  const { actor, calls } = start(refundUpdateModel, async () => ({ ...refundUpdateModel.saved, status: 'rejected' }));
  actor.send({ type: 'status.choose', status: 'rejected' });
  expect(actor.getSnapshot().can({ type: 'refund.update' })).toBe(true);
  actor.send({ type: 'refund.update' });
  await settle(actor);
  expect(calls.sent).toEqual([{ order: 7, status: 'rejected', version: 1 }]);
  expect(actor.getSnapshot().context).toMatchObject({ status: 'rejected', chosen: null });
});

it('refund update: accepting asks once to confirm (decision 070); dismissing sends nothing and puts the stored status back, confirming sends it', async () => {
  const { actor, calls } = start(refundUpdateModel, async () => ({ ...refundUpdateModel.saved, status: 'accepted' }));
  actor.send({ type: 'status.choose', status: 'accepted' });
  actor.send({ type: 'refund.update' });
  expect(actor.getSnapshot().value).toBe('confirming');
  actor.send({ type: 'refund.dismiss' });
  expect([actor.getSnapshot().value, actor.getSnapshot().context.chosen, calls.sent]).toEqual(['idle', null, []]);
  actor.send({ type: 'status.choose', status: 'accepted' });
  actor.send({ type: 'refund.update' });
  actor.send({ type: 'refund.confirm' });
  await settle(actor);
  expect(calls.sent).toEqual([{ order: 7, status: 'accepted', version: 1 }]);
  expect(actor.getSnapshot().context).toMatchObject({ status: 'accepted', chosen: null });
});
