import type { Page } from '@playwright/test';
import type { CancellationContext } from '../../machines/cancellation.machine';
import { cancellationModel, coveringPaths } from '../support/booking-models';
import { coverageOf, describePath, formatCoverage, type AnyPath } from '../support/replay-paths';
import { bookedCashOrder, expectToast, orderCard, serviceItems, signedInCustomer } from './support/booking-ui';
import { expect as baseExpect, ok, test } from './support/fixtures';

/**
 * The cancellation machine's generated paths (the same the unit replay walks) in Chromium against
 * the real server. The customer has three orders that can be cancelled and one whose cancellation
 * was already requested (the model's "not allowed" order). Opening the dialog presses the first
 * order's Cancel that still can be; a failed send is the browser offline; after each step the page
 * shows what the model's state says.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
type Step = AnyPath['steps'][number];
const paths = coveringPaths(cancellationModel);
const dialogTitle = 'Do you want to cancel the order ? tell us why!';

test.describe('cancellation machine paths in the browser', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the browser paths take every transition', () => {
    const coverage = coverageOf(cancellationModel.machine, paths.map(({ path }) => path));
    console.log(`${formatCoverage('cancellation (browser)', coverage)} by ${paths.length} paths`);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
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

      const world = { page, refused, openedOrder: null as number | null, sent: [] as number[] };
      for (let i = 1; i < path.steps.length; i++) {
        const step = path.steps[i]!;
        await test.step(`${step.event.type} → ${JSON.stringify(step.state.value)}`, async () => {
          await doEvent(world, step, path.steps[i - 1]!, path.steps[i + 1]);
          await expectState(world, step);
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
}

const dialog = (page: Page) => page.getByRole('dialog', { name: dialogTitle });

async function doEvent(world: World, step: Step, before: Step, next: Step | undefined) {
  const { page } = world;
  const event = step.event as { type: string; value?: string; order?: { cancellation: { allowed: boolean } } };
  const accepted = before.state.can(event as never);
  switch (event.type) {
    case 'dialog.open': {
      if (!event.order!.cancellation.allowed) {
        // The model's refused order: its Cancel is disabled, with the server's reason beside it.
        const card = orderCard(page, world.refused);
        await expect(card.getByRole('button', { name: /^Cancel order/ })).toBeDisabled();
        return expect(card).toContainText('A cancellation was already requested for this order');
      }
      const button = page.getByRole('button', { name: /^Cancel order #\d+/ }).and(page.locator(':enabled')).first();
      world.openedOrder = Number((await button.getAttribute('aria-label'))!.match(/#(\d+)/)![1]);
      return button.click();
    }
    case 'reason.change': {
      const field = dialog(page).getByLabel('Type here your reason');
      // Typing the text already there changes nothing; a customer retyping it clears it first.
      if ((before.state.context as CancellationContext).reason === event.value) await field.fill('');
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
      return dialog(page).getByRole('button', { name: 'Close' }).click();
    case 'xstate.error.actor.requestRefund':
      await expect(dialog(page).getByRole('alert')).toContainText('Network Error');
      return page.context().setOffline(false);
    case 'xstate.done.actor.requestRefund':
      world.sent.push(world.openedOrder!);
      return expectToast(page, 'Order refund sent successfully, we will contact you asap !');
    default:
      return;
  }
}

async function expectState({ page, sent }: World, step: Step) {
  const { reason } = step.state.context as CancellationContext;
  if (step.state.matches('closed')) {
    await expect(dialog(page)).toHaveCount(0);
    for (const id of sent) {
      await expect(orderCard(page, id)).toContainText('Cancellation pending');
      await expect(orderCard(page, id).getByRole('button', { name: /^Cancel order/ })).toBeDisabled();
    }
    return;
  }
  if (step.state.matches('sending')) return; // in flight
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page)).toContainText('Free cancellation');
  await expect(dialog(page).getByLabel('Type here your reason')).toHaveValue(reason);
  if (step.state.matches('failed')) {
    await expect(dialog(page).getByRole('alert')).toContainText('Network Error');
    await expect(dialog(page).getByRole('button', { name: 'Try again' })).toBeEnabled();
  } else {
    await expect(dialog(page).getByRole('alert')).toHaveCount(0);
    await expect(dialog(page).getByRole('button', { name: 'Send' })).toBeEnabled({ enabled: reason.trim().length > 0 });
  }
}
