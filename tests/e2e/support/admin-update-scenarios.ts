import { fromPromise, type AnyStateMachine } from 'xstate';
import { orderUpdateMachine } from '../../../machines/order-update.machine';
import { refundUpdateMachine } from '../../../machines/refund-update.machine';
import { orderUpdateModel, refundUpdateModel, type AdminUpdateModel } from '../../support/admin-update-models';
import { expectedSteps, type ExpectedMachine, type ModelEvent } from '../../support/expected-walks';
import { expectedAdminUpdate } from '../../support/expected/admin-update';
import { pathsOf, type AnyPath } from '../../support/replay-paths';

/**
 * The order-update and refund-update machines' paths as steps in the real back office. An Update
 * (or Retry) and its answer are one UI step; the answer is made real: `ok` by the server itself,
 * `conflict` by changing the order or refund through the API first (stale version → 409, or a refund
 * already decided), `fail` by the browser losing the request (Network Error). Paths the real server
 * would answer differently from the model (for example, the model's saved status is not the chosen
 * one), or that end while a call is pending, are left out. The state each step must show is the
 * one the hand-written table (tests/support/expected/admin-update.ts) expects, not the one the
 * machine went to, so a broken transition fails in the browser too.
 */
export type Outcome = 'ok' | 'conflict' | 'fail';
export type UiStep =
  | { kind: 'choose'; status: string }
  | { kind: 'update' | 'retry'; outcome: Outcome; provoke: boolean };

export interface UiScenario {
  name: string;
  steps: { step: UiStep; state: string; status: string }[];
}

const httpError = (message: string, status: number | null) => Object.assign(new Error(message), { status });
// Never settles: the paths deliver the answers themselves.
const never = fromPromise(() => new Promise<never>(() => {})) as never;

interface Spec {
  /** The unit tests' model of the same machine, whose written table gives the expected states. */
  model: AdminUpdateModel;
  machine: AnyStateMachine;
  input: { orderId: number; status: string; version: number };
  submit: string;
  retry: string;
  actor: string;
  savedStatus: string;
  choices: [string, string];
  /** The real server's answer to saving `chosen` when it holds `current` (without a provoked change). */
  natural: (current: string, chosen: string) => 'ok' | 'conflict';
  /** Whether a conflict can be provoked now without changing the status the row will show. */
  canProvokeQuietly: boolean;
  /** The value the row's dropdown shows for a machine context. */
  shown: (context: { status: string; chosen: string | null }) => string | null;
}

const orderSpec: Spec = {
  model: orderUpdateModel,
  machine: orderUpdateMachine.provide({ actors: { updateOrderStatus: never } }),
  input: { orderId: 1, status: 'awaiting_validation', version: 1 },
  submit: 'order.update',
  retry: 'order.retry',
  actor: 'updateOrderStatus',
  // Payment validated, not completed: these orders' jobs are a week ahead, and completed waits for the start.
  savedStatus: 'payment_validated',
  choices: ['payment_validated', 'awaiting_validation'],
  natural: () => 'ok',
  // Another administrator moves the order away and back: same status, newer version.
  canProvokeQuietly: true,
  shown: (c) => c.chosen ?? c.status,
};

const refundSpec: Spec = {
  model: refundUpdateModel,
  machine: refundUpdateMachine.provide({ actors: { updateRefundStatus: never } }),
  input: { orderId: 1, status: 'pending', version: 0 },
  submit: 'refund.update',
  retry: 'refund.retry',
  actor: 'updateRefundStatus',
  // Rejecting is sent at once; accepting asks to confirm first (decision 070), walked in tests/e2e/admin-refund-confirm.spec.ts.
  savedStatus: 'rejected',
  choices: ['rejected', 'accepted'],
  // A decided refund can be decided again only to the same status.
  natural: (current, chosen) => (current === 'pending' || current === chosen ? 'ok' : 'conflict'),
  // Only another decision makes a pending refund conflict, and that changes its status.
  canProvokeQuietly: false,
  // A pending refund shows the "Choose" placeholder.
  shown: (c) => c.chosen ?? (c.status === 'pending' ? null : c.status),
};

function events(spec: Spec) {
  return [
    { type: 'status.choose', status: spec.choices[0] },
    { type: 'status.choose', status: spec.choices[1] },
    { type: spec.submit },
    { type: spec.retry },
    { type: `xstate.done.actor.${spec.actor}`, output: { status: spec.savedStatus, version: 99 } },
    { type: `xstate.error.actor.${spec.actor}`, error: httpError('changed by someone else', 409) },
    { type: `xstate.error.actor.${spec.actor}`, error: httpError('Network Error', null) },
  ];
}

/** The written table over this file's events (only its targets are used here, not its context checks). */
function tableOf(spec: Spec): ExpectedMachine {
  const [chooseFirst, chooseSecond, update, retry, saved, conflict, failure] = events(spec) as ModelEvent[];
  return { ...expectedAdminUpdate(spec.model), machine: spec.machine, input: spec.input, events: { chooseFirst, chooseSecond, update, retry, saved, conflict, failure } } as ExpectedMachine;
}

function outcomeOf(event: { type: string; error?: unknown }): Outcome | null {
  if (event.type.startsWith('xstate.done.actor.')) return 'ok';
  if (!event.type.startsWith('xstate.error.actor.')) return null;
  return (event.error as { status?: number | null }).status === 409 ? 'conflict' : 'fail';
}

function toScenario(spec: Spec, path: AnyPath): UiScenario | null {
  const steps = path.steps.filter((s) => s.event.type !== 'xstate.init');
  const expected = expectedSteps(tableOf(spec), steps.map((s) => s.event as ModelEvent)).map((s) => s.expected['']!);
  const ui: UiScenario['steps'] = [];
  let server = spec.input.status;
  let changedByOther = false;
  for (let i = 0; i < steps.length; i++) {
    if (changedByOther) return null; // the row now shows another status than the model knows
    const { event, state } = steps[i]!;
    if (event.type === 'status.choose') {
      // A dropdown cannot choose the value it already shows: that step exists only in the model.
      const before = (i === 0 ? null : steps[i - 1]!.state.context) ?? { ...spec.input, chosen: null };
      if (event.status === spec.shown(before)) return null;
      ui.push({ step: { kind: 'choose', status: String(event.status) }, state: expected[i]!, status: state.context.status });
      continue;
    }
    if (event.type !== spec.submit && event.type !== spec.retry) return null;
    const answer = steps[i + 1];
    const outcome = answer && outcomeOf(answer.event);
    if (!answer || !outcome) return null; // ends while the call is pending
    const chosen = String(steps[i]!.state.context.chosen);
    const natural = spec.natural(server, chosen);
    let provoke = false;
    if (outcome === 'ok') {
      if (natural !== 'ok' || answer.state.context.status !== chosen) return null;
      server = chosen;
    } else if (outcome === 'conflict' && natural !== 'conflict') {
      provoke = true;
      changedByOther = !spec.canProvokeQuietly;
    }
    const kind = event.type === spec.submit ? 'update' : 'retry';
    ui.push({ step: { kind, outcome, provoke }, state: expected[i + 1]!, status: answer.state.context.status });
    i++;
  }
  return ui.length ? { name: ui.map(({ step }) => describeStep(step)).join(' → '), steps: ui } : null;
}

export function describeStep(step: UiStep): string {
  return step.kind === 'choose' ? `choose ${step.status}` : `${step.kind} (${step.outcome})`;
}

function scenariosOf(spec: Spec): UiScenario[] {
  const seen = new Set<string>();
  const out: UiScenario[] = [];
  for (const path of pathsOf(spec.machine, { events: events(spec) as never, input: spec.input })) {
    const scenario = toScenario(spec, path);
    if (!scenario || seen.has(scenario.name)) continue;
    seen.add(scenario.name);
    out.push(scenario);
  }
  return out;
}

/**
 * A walk that is the beginning of a longer walk is checked, step by step, inside the longer one,
 * so only the longest walks run in the browser (the same paths, far fewer page loads).
 */
export function longestWalks(scenarios: UiScenario[]): UiScenario[] {
  return scenarios.filter((s) => !scenarios.some((other) => other.name.startsWith(`${s.name} → `)));
}

export const orderScenarios = () => scenariosOf(orderSpec);
export const refundScenarios = () => scenariosOf(refundSpec);
