import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { sessionMachine, type UserInfo } from '../../machines/session.machine';
import { coverageOf, describePath, formatCoverage, pathsOf, replayPath } from '../support/replay-paths';

const jane: UserInfo = { id: 2, name: 'Jane Doe', email: 'jane@example.test', roles: ['ROLE_USER'], token: 'token-1' };

const never = fromPromise<any, any>(() => new Promise(() => {}));
// Never settles: the paths deliver the done and error events themselves.
const model = sessionMachine.provide({ actors: { login: never, register: never, logout: never } });

const events = [
  { type: 'session.login', username: jane.email, password: 'secret1' },
  { type: 'session.logout' },
  { type: 'session.expired' },
  { type: 'session.ended' },
  { type: 'session.loginReset' },
  { type: 'session.register', name: 'Jane Doe', email: jane.email, password: 'secret1' },
  { type: 'session.registerReset' },
  { type: 'session.updated', user: { ...jane, name: 'Jane Smith' } },
  { type: 'xstate.done.actor.login', output: jane },
  { type: 'xstate.error.actor.login', error: new Error('Wrong email or password') },
  { type: 'xstate.done.actor.register', output: { message: 'Registered' } },
  { type: 'xstate.error.actor.register', error: new Error('This email is already registered') },
  { type: 'xstate.done.actor.logout', output: { message: 'Logged out' } },
  { type: 'xstate.error.actor.logout', error: new Error('Network Error') },
] as const;

describe('session machine (model-based)', () => {
  const paths = pathsOf(model, { events: events as never, input: { user: null } });
  for (const path of paths) {
    it(`reaches ${describePath(path)}`, () => {
      replayPath(model, path, { user: null }).stop();
    });
  }

  it('covers every state and transition', () => {
    const coverage = coverageOf(model, paths);
    console.log(formatCoverage('session', coverage));
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});

/** The same machine with recording storage and navigation, and scripted calls. */
function liveSession(options: { user?: UserInfo | null; login?: () => Promise<UserInfo>; register?: () => Promise<unknown> } = {}) {
  const log: string[] = [];
  const logoutTokens: string[] = [];
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        login: fromPromise(options.login ?? (async () => jane)),
        register: fromPromise(options.register ?? (async () => ({ message: 'ok' }))),
        logout: fromPromise(async ({ input }) => {
          logoutTokens.push(input.token);
          return { message: 'bye' };
        }),
      },
      actions: {
        storeUser: ({ context }) => log.push(`store ${context.user?.name}`),
        forgetUser: () => log.push('forget'),
        forgetDrafts: () => log.push('forget drafts'),
        leaveToLanding: () => log.push('go /'),
        askToLogIn: () => log.push('ask to log in'),
      },
    }),
    { input: { user: options.user ?? null } },
  );
  actor.start();
  return { actor, log, logoutTokens };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('session machine (behaviour)', () => {
  it('starts logged in with the user restored from localStorage', () => {
    const { actor } = liveSession({ user: jane });
    expect(actor.getSnapshot().matches({ auth: 'loggedIn' })).toBe(true);
    expect(actor.getSnapshot().context.user).toEqual(jane);
  });

  it('stores the user after a successful login', async () => {
    const { actor, log } = liveSession();
    actor.send({ type: 'session.login', username: jane.email, password: 'secret1' });
    await settle();
    expect(actor.getSnapshot().context.user).toEqual(jane);
    expect(log).toEqual(['store Jane Doe']);
  });

  it("keeps the server's message when the login fails", async () => {
    const { actor } = liveSession({ login: async () => { throw new Error('Wrong email or password'); } });
    actor.send({ type: 'session.login', username: jane.email, password: 'nope123' });
    await settle();
    expect(actor.getSnapshot().matches({ auth: { loggedOut: 'failed' } })).toBe(true);
    expect(actor.getSnapshot().context.loginError).toBe('Wrong email or password');
  });

  it("logs out: forgets the user and their drafts, goes to /, and revokes the old token on the server", async () => {
    const { actor, log, logoutTokens } = liveSession({ user: jane });
    actor.send({ type: 'session.logout' });
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(log).toEqual(['forget', 'forget drafts', 'go /']);
    await settle();
    expect(logoutTokens).toEqual(['token-1']);
    expect(actor.getSnapshot().matches({ auth: { loggedOut: 'idle' } })).toBe(true);
  });

  it('a 401 (session.expired) logs out without calling the server, keeps the drafts and asks to log in again', async () => {
    const { actor, log, logoutTokens } = liveSession({ user: jane });
    actor.send({ type: 'session.expired' });
    await settle();
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(log).toEqual(['forget', 'ask to log in']);
    expect(logoutTokens).toEqual([]);
  });

  it('a logout in another tab (session.ended) goes to / without touching the drafts', async () => {
    const { actor, log, logoutTokens } = liveSession({ user: jane });
    actor.send({ type: 'session.ended' });
    await settle();
    expect(actor.getSnapshot().matches({ auth: { loggedOut: 'idle' } })).toBe(true);
    expect(log).toEqual(['forget', 'go /']);
    expect(logoutTokens).toEqual([]);
  });

  it('registers, and keeps the message of a failed registration until the page resets it', async () => {
    const ok = liveSession();
    ok.actor.send({ type: 'session.register', name: 'Jane Doe', email: jane.email, password: 'secret1' });
    await settle();
    expect(ok.actor.getSnapshot().matches({ registration: 'registered' })).toBe(true);

    const taken = liveSession({ register: async () => { throw new Error('This email is already registered'); } });
    taken.actor.send({ type: 'session.register', name: 'Jane Doe', email: jane.email, password: 'secret1' });
    await settle();
    expect(taken.actor.getSnapshot().context.registerError).toBe('This email is already registered');
    taken.actor.send({ type: 'session.registerReset' });
    expect(taken.actor.getSnapshot().context.registerError).toBeNull();
    expect(taken.actor.getSnapshot().matches({ registration: 'idle' })).toBe(true);
  });
});
