import type { Page } from '@playwright/test';
import type { CancellationContext, CancellationMeta } from '../../machines/cancellation.machine';
import { cancellationModel, coveringPaths } from '../support/booking-models';
import { expectedSteps, metaOf, type ModelEvent, type Step } from '../support/expected-walks';
import { expectedCancellation } from '../support/expected/cancellation';
import { describePath, missedByBrowserPaths } from '../support/replay-paths';
import { bookedCashOrder, expectToast, orderCard, serviceItems, signedInCustomer } from './support/booking-ui';
import { expect as baseExpect, ok, test } from './support/fixtures';

/**
 * The cancellation machine's generated paths (the same the unit replay walks) in Chromium against
 * the real server. The customer has three orders that can be cancelled and one whose cancellation
 * was already requested (the model's "not allowed" order). Opening the dialog presses the first
 * order's Cancel that still can be; a failed send is the browser offline. After each step the page
 * must show the `meta` of the state the hand-written table (tests/support/expected/cancellation.ts)
 * expects — not the state the machine went to, so a broken transition fails here too.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
const paths = coveringPaths(cancellationModel);
const dialogTitle = 'Do you want to cancel the order ? tell us why!';

test.describe('cancellation machine paths in the browser', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the browser paths take every transition', () => {
    expect(missedByBrowserPaths('cancellation', cancellationModel.machine, paths)).toEqual({ states: [], transitions: [] });
  });

  for (const [n, { path }] of paths.entries()) {
    test(`cancellation ${n + 1}: ${describePath(path)}`, async ({ page }) => {
      const { items } = await serviceItems();
      const { api } = await signedInCustomer(page, 'cancel-path');
      const cancellable = [];
      for (let i = 0; i < 3; i++) cancellable.push(await bookedCashOrder(api, items[0]!.id));
      const refused = await bookedCashOrder(api, items[0]!.id);
      await ok(api.POST('/services/refund-request/{id}', { params: { path: { id: refused } }, body: { reason: 'Changed my mind' } }));
      await page.goto('/profile-services');
      await expect(orderCard(page, refused)).toContainText('Cancellation pending');

      const world = { page, refused, openedOrder: null as number | null, sent: [] as number[], typed: '' };
      const events = path.steps.map((s) => s.event as ModelEvent).filter((e) => e.type !== 'xstate.init');
      const steps = expectedSteps(expectedCancellation, events);
      for (const [i, step] of steps.entries()) {
        await test.step(`${step.eventName} → ${step.expected['']}`, async () => {
          await doEvent(world, step, steps[i + 1]);
          await expectState(world, step, steps[i + 1]);
        });
      }
    });
  }
});

interface World {
  page: Page;
  refused: number;
  /** The order whose dialog is open, and those cancelled so far by this walk. */
  openedOrder: number | null;
  sent: number[];
  /** The reason the customer typed last (what the field must show while the dialog is open). */
  typed: string;
}

const dialog = (page: Page) => page.getByRole('dialog', { name: dialogTitle });

async function doEvent(world: World, step: Step, next: Step | undefined) {
  const { page } = world;
  const event = step.event as { type: string; value?: string; order?: { cancellation: { allowed: boolean } } };
  const accepted = step.expected[''] !== step.from[''];
  switch (event.type) {
    case 'dialog.open': {
      if (!event.order!.cancellation.allowed) {
        // The model's refused order: its Cancel is disabled, with the server's reason beside it.
        const card = orderCard(page, world.refused);
        await expect(card.getByRole('button', { name: /^Cancel order/ })).toBeDisabled();
        return expect(card).toContainText('A cancellation was already requested for this order');
      }
      const button = page.getByRole('button', { name: /^Cancel order #\d+/ }).and(page.locator(':enabled')).first();
      // The label names the customer's reference; the card's anchor (order-<id>) gives the id.
      world.openedOrder = Number(/^order-(\d+)$/.exec(await button.evaluate((el) =>
        [...(el.closest('article')?.querySelectorAll('[id^="order-"]') ?? [])].map((node) => node.id).find((id) => /^order-\d+$/.test(id)) ?? ''))?.[1]);
      world.typed = '';
      return button.click();
    }
    case 'reason.change': {
      const field = dialog(page).getByLabel('Type here your reason');
      // Typing the text already there changes nothing; a customer retyping it clears it first.
      if ((step.contextBefore as CancellationContext).reason === event.value) await field.fill('');
      world.typed = event.value!;
      return field.fill(event.value!);
    }
    case 'reason.send':
      if (!accepted) return expect(dialog(page).getByRole('button', { name: 'Send' })).toBeDisabled();
      if (next?.event.type === 'xstate.error.actor.requestRefund') await page.context().setOffline(true);
      return dialog(page).getByRole('button', { name: 'Send' }).click();
    case 'retry':
      if (next?.event.type === 'xstate.error.actor.requestRefund') await page.context().setOffline(true);
      return dialog(page).getByRole('button', { name: 'Try again' }).click();
    case 'dialog.close':
      world.typed = '';
      return dialog(page).getByRole('button', { name: 'Close' }).click();
    case 'xstate.error.actor.requestRefund':
      await expect(dialog(page).getByRole('alert')).toContainText('Network Error');
      return page.context().setOffline(false);
    case 'xstate.done.actor.requestRefund':
      world.sent.push(world.openedOrder!);
      world.typed = '';
      return expectToast(page, 'Order refund sent successfully, we will contact you asap !');
    default:
      return;
  }
}

async function expectState({ page, sent, typed, openedOrder }: World, step: Step, next: Step | undefined) {
  const meta = metaOf<CancellationMeta>(expectedCancellation.machine, '', step.expected['']!)!;
  if (!meta.dialog) {
    await expect(dialog(page)).toHaveCount(0);
    for (const id of sent) {
      await expect(orderCard(page, id)).toContainText('Cancellation pending');
      await expect(orderCard(page, id).getByRole('button', { name: /^Cancel order/ })).toBeDisabled();
    }
    return;
  }
  // In flight the request may already be answered: the next step checks where it went; as the
  // last step, the real server (online) accepts it — the toast, the dialog closed, Refund pending.
  if (meta.busy) {
    if (next) return;
    await expectToast(page, 'Order refund sent successfully, we will contact you asap !');
    await expect(dialog(page)).toHaveCount(0);
    return expect(orderCard(page, openedOrder!)).toContainText('Refund pending');
  }
  const field = dialog(page).getByLabel('Type here your reason');
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page)).toContainText('Free cancellation');
  await expect(field).toBeEnabled();
  await expect(field).toHaveValue(typed);
  const submit = dialog(page).getByRole('button', { name: meta.submit });
  await expect(submit).toBeVisible();
  if (meta.alert) {
    await expect(dialog(page).getByRole('alert')).toContainText('Network Error');
    await expect(submit).toBeEnabled();
  } else {
    await expect(dialog(page).getByRole('alert')).toHaveCount(0);
    await expect(submit).toBeEnabled({ enabled: typed.trim().length > 0 });
  }
}
