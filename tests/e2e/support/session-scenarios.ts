import type { SessionMeta } from '../../../machines/session.machine';
import { expectedSteps, metaOf, type ModelEvent } from '../../support/expected-walks';
import { expectedSession, sessionEvents } from '../../support/expected/session';
import { coveringSubset, describePath, pathsOf, type AnyPath } from '../../support/replay-paths';

/**
 * The session machine's paths, as steps a user can take in the UI. A call and its result are one
 * UI step (submitting the login form with a good or a bad password); paths that end while a call
 * is pending, or that need a call to fail in a way a real server will not (logout), are left out.
 * Whether the header must show the user after a step is the `meta.header` of the state the
 * hand-written table (tests/support/expected/session.ts) expects, not of the state the machine
 * went to, so a broken transition fails in the browser too.
 */
export type UiStep = 'login-ok' | 'login-fail' | 'register-ok' | 'register-fail' | 'confirm-ok' | 'confirm-fail' | 'logout' | 'expire' | 'open-login' | 'open-register';

export interface UiScenario {
  name: string;
  steps: { step: UiStep; loggedIn: boolean }[];
  /** The machine's path the walk takes: what the coverage is counted on. */
  path: AnyPath;
}

const sessionModel = expectedSession.machine;
const modelEvents = Object.values(sessionEvents);

/** The header the table's expected state shows: the user's menu (true) or Log in (false). */
function headerShowsUser(expected: Record<string, string>): boolean {
  return metaOf<SessionMeta>(sessionModel, 'auth', expected.auth!.split('.')[0]!)?.header === 'user menu';
}

const paired: Record<string, Record<string, UiStep>> = {
  'session.login': { 'xstate.done.actor.login': 'login-ok', 'xstate.error.actor.login': 'login-fail' },
  'session.register': { 'xstate.done.actor.register': 'register-ok', 'xstate.error.actor.register': 'register-fail' },
  'session.logout': { 'xstate.done.actor.logout': 'logout' },
  'session.confirm': { 'xstate.done.actor.confirmEmail': 'confirm-ok', 'xstate.error.actor.confirmEmail': 'confirm-fail' },
};
const single: Record<string, UiStep> = { 'session.expired': 'expire', 'session.loginReset': 'open-login', 'session.registerReset': 'open-register' };

function toScenario(path: AnyPath): UiScenario | null {
  const steps = path.steps.filter((s) => s.event.type !== 'xstate.init');
  const expected = expectedSteps(expectedSession, steps.map((s) => s.event as ModelEvent)).map((s) => s.expected);
  const ui: UiScenario['steps'] = [];
  for (let i = 0; i < steps.length; i++) {
    const { event } = steps[i]!;
    const follow = paired[event.type];
    if (follow) {
      const next = steps[i + 1];
      const step = next && follow[next.event.type];
      if (!step) return null; // ends while the call is pending
      ui.push({ step, loggedIn: headerShowsUser(expected[i + 1]!) });
      i++;
    } else if (single[event.type]) {
      // Logged out, an expiry changes nothing a user can see or cause.
      if (event.type === 'session.expired' && (i === 0 || !headerShowsUser(expected[i - 1]!))) return null;
      ui.push({ step: single[event.type]!, loggedIn: headerShowsUser(expected[i]!) });
    } else {
      return null;
    }
  }
  return ui.length ? { name: describePath(path), steps: ui, path } : null;
}

/**
 * Among the distinct UI walks of the shortest paths and one more step from each, the few that
 * together reach every state and take every transition the whole set does (`coveringSubset`, as
 * the other machines' browser walks are chosen): 34 walks of 90 steps became 6 of 13, and the
 * coverage, printed and asserted by the spec, is the same.
 */
export function sessionScenarios(): UiScenario[] {
  const seen = new Set<string>();
  const candidates: UiScenario[] = [];
  for (const path of pathsOf(sessionModel, { events: modelEvents, input: { user: null } })) {
    const scenario = toScenario(path);
    if (!scenario) continue;
    const key = scenario.steps.map((s) => s.step).join(' → ');
    if (seen.has(key)) continue;
    seen.add(key);
    candidates.push({ ...scenario, name: key });
  }
  return coveringSubset(sessionModel, candidates);
}
