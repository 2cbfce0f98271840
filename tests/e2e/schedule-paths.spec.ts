import type { Page, Route } from '@playwright/test';
import { coveringPaths } from '../support/booking-models';
import { expectedSteps, untakenTableTransitions, type ModelEvent, type Step } from '../support/expected-walks';
import { expectedScheduleAssignment } from '../support/expected/schedule-assignment';
import { coverageOf, formatCoverage, type AnyPath } from '../support/replay-paths';
import { scheduleAssignmentModel } from '../support/schedule-models';
import { adminApi, newSignedInCustomer, type SignedInCustomer } from './support/admin-data';
import { signIn } from './support/admin-ui';
import { expect as baseExpect, ok, test } from './support/fixtures';
import { card, jobsOnAFreshDay, lane, teamId } from './support/schedule-data';

/**
 * The schedule-assignment machine's generated paths (tests/support/schedule-models.ts, the same the
 * unit walks take), walked on the real board in Chromium against the real server. Each model
 * event is what an administrator does (open a card's Assign menu, choose Team B or Unassigned,
 * Escape, Dismiss, Retry); the assignment request is held in the browser until the path says how the
 * server answers: released (done), released after another job took Team B's time through the API (a
 * real 409), or failed (network). After every step the board must show what the state the
 * hand-written table (tests/support/expected/schedule-assignment.ts) expects shows — not the state
 * the machine went to, so a broken transition fails here too.
 */
const expect = baseExpect.configure({ timeout: 15_000 });
const eventsOf = (path: AnyPath) => path.steps.map((s) => s.event as ModelEvent).filter((e) => e.type !== 'xstate.init');
const stepsOf = (path: AnyPath) => expectedSteps(expectedScheduleAssignment, eventsOf(path));

// In the browser, opening a card's menu selects it, so "select again while selected" is not an
// action of its own; and a job once assigned opens its menu with its new team (the model's job stays
// unassigned). Those two transitions are walked by the unit walks only.
const paths = coveringPaths(scheduleAssignmentModel, (path) =>
  stepsOf(path).every((step) => step.eventName !== 'select' || !['selected', 'assigned'].includes(step.from['']!)),
);

test.describe.configure({ timeout: 180_000 });

let admin: Awaited<ReturnType<typeof adminApi>>;
let customer: SignedInCustomer;
test.beforeAll(async () => {
  admin = await adminApi();
  customer = await newSignedInCustomer('schedule-path');
});

test('the browser paths take every transition the UI offers', () => {
  const coverage = coverageOf(scheduleAssignmentModel.machine, paths.map(({ path }) => path));
  console.log(`${formatCoverage('schedule assignment (browser)', coverage)} by ${paths.length} paths`);
  expect(coverage.states.missing).toEqual([]);
  expect(coverage.transitions.missing.sort()).toEqual([
    'scheduleAssignment.assigned → job.select#0',
    'scheduleAssignment.selected → job.select#0',
  ]);
  // And every transition of the written table (one the machine lost would not be in its paths).
  expect(untakenTableTransitions(expectedScheduleAssignment, paths.map(({ path }) => eventsOf(path))).sort()).toEqual(['assigned + job.select', 'selected + job.select']);
});

/** Assignment requests wait here until the path's next server event says how they end. */
function holdAssignments(page: Page) {
  const waiting: Route[] = [];
  const arrivals: Array<() => void> = [];
  void page.route('**/api/admin/schedule/jobs/*/team', (route) => {
    waiting.push(route);
    arrivals.splice(0).forEach((wake) => wake());
  });
  return async function next(): Promise<Route> {
    while (waiting.length === 0) await new Promise<void>((resolve) => arrivals.push(resolve));
    return waiting.shift()!;
  };
}

for (const [n, { path }] of paths.entries()) {
  const steps = stepsOf(path);
  const title = `${steps.at(-1)?.expected[''] ?? 'idle'} via ${steps.map((step) => step.eventName).join(' → ')}`;
  test(`schedule assignment ${n + 1}: ${title}`, async ({ page }) => {
    // The job the path walks (10:00) and another (10:30) that can take Team B's time first.
    const { day, ids: [, other], numbers: [number] } = await jobsOnAFreshDay(customer, ['10:00', '10:30'], admin.api);
    const teamB = await teamId(admin.api, 'Team B');
    const nextAssignment = holdAssignments(page);
    let provoked = false;
    await signIn(page, admin.user);
    await page.goto(`/schedule?view=day&day=${day}`);
    await expect(card(page, number!)).toBeVisible();

    for (const step of steps) {
      await test.step(`${step.eventName} → ${step.expected['']}`, async () => {
        await act(page, step, number!, {
          next: nextAssignment,
          provoke: async () => {
            await ok(admin.api.PUT('/admin/schedule/jobs/{id}/team', { params: { path: { id: other! } }, body: { team: teamB } }));
            provoked = true;
          },
          unprovoke: async () => {
            if (!provoked) return;
            await ok(admin.api.PUT('/admin/schedule/jobs/{id}/team', { params: { path: { id: other! } }, body: { team: null } }));
            provoked = false;
          },
        });
        await expectState(page, step.expected['']!, number!);
      });
    }
  });
}

interface Server {
  next: () => Promise<Route>;
  provoke: () => Promise<void>;
  unprovoke: () => Promise<void>;
}

async function act(page: Page, step: Step, number: string, server: Server): Promise<void> {
  const event = step.event as { type: string; team?: number | null; error?: { status?: number | null } };
  switch (event.type) {
    case 'job.select':
      await page.getByRole('button', { name: `Assign order ${number}`, exact: true }).click();
      return;
    case 'team.choose':
      await page.getByRole('menuitem', { name: event.team === null ? 'Unassigned' : 'Team B' }).click();
      return;
    case 'assignment.cancel': {
      const dismiss = page.getByRole('button', { name: `Dismiss the message of order ${number}` });
      if (await dismiss.isVisible()) await dismiss.click();
      else await page.keyboard.press('Escape');
      return;
    }
    case 'assignment.retry':
      await page.getByRole('button', { name: `Retry assigning order ${number}` }).click();
      return;
    case 'xstate.done.actor.assignJob':
      await server.unprovoke();
      await (await server.next()).continue();
      return;
    case 'xstate.error.actor.assignJob':
      if (event.error?.status === 409) {
        await server.provoke();
        await (await server.next()).continue();
      } else {
        await (await server.next()).abort('failed');
      }
      return;
    default:
      throw new Error(`no UI action for ${event.type}`);
  }
}

async function expectState(page: Page, state: string, number: string): Promise<void> {
  const job = card(page, number);
  const menu = page.getByRole('menu', { name: `Assign order ${number}` });
  switch (state) {
    case 'idle':
      await expect(menu).toHaveCount(0);
      await expect(job.getByRole('alert')).toHaveCount(0);
      await expect(job.getByText('Saving…')).toHaveCount(0);
      break;
    case 'selected':
      await expect(menu).toBeVisible();
      break;
    case 'saving':
      await expect(job.getByText('Saving…')).toBeVisible();
      await expect(page.getByRole('button', { name: `Assign order ${number}`, exact: true })).toBeDisabled();
      break;
    case 'assigned':
      await expect(page.getByRole('status')).toHaveText(`Order ${number} assigned to Team B`);
      await expect(lane(page, 'Team B').getByRole('button', { name: `Assign order ${number}`, exact: true })).toBeVisible();
      break;
    case 'conflict':
      await expect(job.getByRole('alert')).toContainText('Team B is already booked 10:30–');
      await expect(lane(page, 'Unassigned').getByRole('button', { name: `Assign order ${number}`, exact: true })).toBeVisible();
      break;
    case 'failed':
      await expect(job.getByRole('alert')).toContainText('Network Error');
      await expect(page.getByRole('button', { name: `Retry assigning order ${number}` })).toBeVisible();
      break;
    default:
      throw new Error(`no UI check for ${state}`);
  }
}
