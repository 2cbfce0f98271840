import { fromPromise } from 'xstate';
import { sessionMachine } from '../../../machines/session.machine';
import { describePath, pathsOf, type AnyPath } from '../../support/replay-paths';

/**
 * The session machine's paths, as steps a user can take in the UI. A call and its result are one
 * UI step (submitting the login form with a good or a bad password); paths that end while a call
 * is pending, or that need a call to fail in a way a real server will not (logout), are left out.
 */
export type UiStep = 'login-ok' | 'login-fail' | 'register-ok' | 'register-fail' | 'logout' | 'expire' | 'open-login' | 'open-register';

export interface UiScenario {
  name: string;
  steps: { step: UiStep; loggedIn: boolean }[];
}

const never = fromPromise<any, any>(() => new Promise(() => {}));
export const sessionModel = sessionMachine.provide({ actors: { login: never, register: never, logout: never } });

const user = { id: 1, name: 'Model User', email: 'model@example.test', roles: ['ROLE_USER' as const], token: 't' };
const modelEvents = [
  { type: 'session.login', username: user.email, password: 'secret1' },
  { type: 'xstate.done.actor.login', output: user },
  { type: 'xstate.error.actor.login', error: new Error('Wrong email or password') },
  { type: 'session.register', name: user.name, email: user.email, password: 'secret1' },
  { type: 'xstate.done.actor.register', output: { message: 'ok' } },
  { type: 'xstate.error.actor.register', error: new Error('taken') },
  { type: 'session.logout' },
  { type: 'xstate.done.actor.logout', output: { message: 'bye' } },
  { type: 'session.expired' },
  { type: 'session.loginReset' },
  { type: 'session.registerReset' },
];

const paired: Record<string, Record<string, UiStep>> = {
  'session.login': { 'xstate.done.actor.login': 'login-ok', 'xstate.error.actor.login': 'login-fail' },
  'session.register': { 'xstate.done.actor.register': 'register-ok', 'xstate.error.actor.register': 'register-fail' },
  'session.logout': { 'xstate.done.actor.logout': 'logout' },
};
const single: Record<string, UiStep> = { 'session.expired': 'expire', 'session.loginReset': 'open-login', 'session.registerReset': 'open-register' };

function toScenario(path: AnyPath): UiScenario | null {
  const steps = path.steps.filter((s) => s.event.type !== 'xstate.init');
  const ui: UiScenario['steps'] = [];
  for (let i = 0; i < steps.length; i++) {
    const { event, state } = steps[i]!;
    const follow = paired[event.type];
    if (follow) {
      const next = steps[i + 1];
      const step = next && follow[next.event.type];
      if (!step) return null; // ends while the call is pending
      ui.push({ step, loggedIn: next.state.matches({ auth: 'loggedIn' }) });
      i++;
    } else if (single[event.type]) {
      // Logged out, an expiry changes nothing a user can see or cause.
      if (event.type === 'session.expired' && !steps[i - 1]?.state.matches({ auth: 'loggedIn' })) return null;
      ui.push({ step: single[event.type]!, loggedIn: state.matches({ auth: 'loggedIn' }) });
    } else {
      return null;
    }
  }
  return ui.length ? { name: describePath(path), steps: ui } : null;
}

/** One scenario per distinct UI walk among the shortest paths, plus one more step from each. */
export function sessionScenarios(): UiScenario[] {
  const seen = new Set<string>();
  const scenarios: UiScenario[] = [];
  for (const path of pathsOf(sessionModel, { events: modelEvents, input: { user: null } })) {
    const scenario = toScenario(path);
    if (!scenario) continue;
    const key = scenario.steps.map((s) => s.step).join(' → ');
    if (seen.has(key)) continue;
    seen.add(key);
    scenarios.push({ ...scenario, name: key });
  }
  return scenarios;
}
