import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { sessionMachine } from '../../machines/session.machine';
import { describeExpectedWalks } from '../support/describe-expected-walks';
import { expectedSession, jane } from '../support/expected/session';
import type { UserInfo } from '../../openapi/schema';

describeExpectedWalks(expectedSession);

/** The same machine with recording storage and navigation, and scripted calls. */
function liveSession(options: { user?: UserInfo | null; login?: () => Promise<UserInfo>; register?: () => Promise<unknown>; confirm?: () => Promise<UserInfo> } = {}) {
  const log: string[] = [];
  const calls: unknown[] = [];
  const logoutTokens: string[] = [];
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        login: fromPromise(async ({ input }) => {
          calls.push({ login: input });
          return (options.login ?? (async () => jane))();
        }),
        register: fromPromise(async ({ input }) => {
          calls.push({ register: input });
          return (options.register ?? (async () => ({ message: 'ok' })))();
        }),
        confirmEmail: fromPromise(async ({ input }) => {
          calls.push({ confirm: input });
          return (options.confirm ?? (async () => jane))();
        }),
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
  return { actor, log, logoutTokens, calls };
}

type Live = ReturnType<typeof liveSession>['actor'];
// Until no call is in flight (the scripted calls answer at once).
const settle = (actor: Live) =>
  waitFor(actor, (s) => !s.matches({ auth: { loggedOut: 'loggingIn' } }) && !s.matches({ auth: 'loggingOut' }) && !s.matches({ auth: 'confirming' }) && !s.matches({ registration: 'registering' }));

describe('session machine (behaviour)', () => {
  it('starts logged in with the user restored from localStorage', () => {
    const { actor } = liveSession({ user: jane });
    expect(actor.getSnapshot().matches({ auth: 'loggedIn' })).toBe(true);
    expect(actor.getSnapshot().context.user).toEqual(jane);
  });

  it('stores the user after a successful login', async () => {
    const { actor, log } = liveSession();
    actor.send({ type: 'session.login', username: jane.email, password: 'secret1' });
    await settle(actor);
    expect(actor.getSnapshot().context.user).toEqual(jane);
    expect(log).toEqual(['store Jane Doe']);
  });

  it("keeps the server's message when the login fails", async () => {
    const { actor } = liveSession({ login: async () => { throw new Error('Wrong email or password'); } });
    actor.send({ type: 'session.login', username: jane.email, password: 'nope123' });
    await settle(actor);
    expect(actor.getSnapshot().matches({ auth: { loggedOut: 'failed' } })).toBe(true);
    expect(actor.getSnapshot().context.loginError).toBe('Wrong email or password');
  });

  it("logs out: forgets the user and their drafts, goes to /, and revokes the old token on the server", async () => {
    const { actor, log, logoutTokens } = liveSession({ user: jane });
    actor.send({ type: 'session.logout' });
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(log).toEqual(['forget', 'forget drafts', 'go /']);
    await settle(actor);
    expect(logoutTokens).toEqual(['token-1']);
    expect(actor.getSnapshot().matches({ auth: { loggedOut: 'idle' } })).toBe(true);
  });

  it('a 401 (session.expired) logs out without calling the server, keeps the drafts and asks to log in again', async () => {
    const { actor, log, logoutTokens } = liveSession({ user: jane });
    actor.send({ type: 'session.expired' });
    await settle(actor);
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(log).toEqual(['forget', 'ask to log in']);
    expect(logoutTokens).toEqual([]);
  });

  it('a logout in another tab (session.ended) goes to / without touching the drafts', async () => {
    const { actor, log, logoutTokens } = liveSession({ user: jane });
    actor.send({ type: 'session.ended' });
    await settle(actor);
    expect(actor.getSnapshot().matches({ auth: { loggedOut: 'idle' } })).toBe(true);
    expect(log).toEqual(['forget', 'go /']);
    expect(logoutTokens).toEqual([]);
  });

  it('registers, and keeps the message of a failed registration until the page resets it', async () => {
    const ok = liveSession();
    ok.actor.send({ type: 'session.register', name: 'Jane Doe', email: jane.email, password: 'secret1' });
    await settle(ok.actor);
    expect(ok.actor.getSnapshot().matches({ registration: 'registered' })).toBe(true);

    const taken = liveSession({ register: async () => { throw new Error('This email is already registered'); } });
    taken.actor.send({ type: 'session.register', name: 'Jane Doe', email: jane.email, password: 'secret1' });
    await settle(taken.actor);
    expect(taken.actor.getSnapshot().context.registerError).toBe('This email is already registered');
    taken.actor.send({ type: 'session.registerReset' });
    expect(taken.actor.getSnapshot().context.registerError).toBeNull();
    expect(taken.actor.getSnapshot().matches({ registration: 'idle' })).toBe(true);
  });

  it('sends the login and register forms as typed, nothing more', async () => {
    const { actor, calls } = liveSession();
    actor.send({ type: 'session.login', username: jane.email, password: 'secret1' });
    actor.send({ type: 'session.register', name: 'Jane Doe', email: 'new@example.test', password: 'secret2' });
    await settle(actor);
    expect(calls).toEqual([
      { login: { username: jane.email, password: 'secret1' } },
      { register: { name: 'Jane Doe', email: 'new@example.test', password: 'secret2' } },
    ]);
  });

  it('a profile update (session.updated) replaces and stores the user', () => {
    const { actor, log } = liveSession({ user: jane });
    actor.send({ type: 'session.updated', user: { ...jane, name: 'Jane Smith' } });
    expect(actor.getSnapshot().context.user?.name).toBe('Jane Smith');
    expect(log).toEqual(['store Jane Smith']);
  });

  it('a failure that is not an Error shows "Network Error" (login and register)', async () => {
    const { actor } = liveSession({
      login: () => Promise.reject('offline'),
      register: () => Promise.reject('offline'),
    });
    actor.send({ type: 'session.login', username: jane.email, password: 'secret1' });
    actor.send({ type: 'session.register', name: 'Jane Doe', email: jane.email, password: 'secret1' });
    await settle(actor);
    expect(actor.getSnapshot().context).toMatchObject({ loginError: 'Network Error', registerError: 'Network Error' });
  });

  it('logging in again while the logout is being sent forgets the revoked token and the drafts, and logs in', async () => {
    const { actor, log } = liveSession({ user: jane });
    actor.send({ type: 'session.logout' });
    actor.send({ type: 'session.login', username: jane.email, password: 'secret1' });
    expect(actor.getSnapshot().context.revokedToken).toBeNull();
    await settle(actor);
    expect(actor.getSnapshot().matches({ auth: 'loggedIn' })).toBe(true);
    expect(log).toEqual(['forget', 'forget drafts', 'go /', 'store Jane Doe']);
  });

  it('following the mailed link signs in with the account it confirmed and stores it; the booking started goes with the registration', async () => {
    const { actor, log, calls } = liveSession();
    actor.send({ type: 'session.register', name: 'Jane Doe', email: jane.email, password: 'secret1', returnTo: '/properties/1' });
    await settle(actor);
    actor.send({ type: 'session.confirm', token: 'mailed-token' });
    await settle(actor);
    expect(actor.getSnapshot().context.user).toEqual(jane);
    expect(log).toEqual(['store Jane Doe']);
    expect(calls).toEqual([{ register: { name: 'Jane Doe', email: jane.email, password: 'secret1', returnTo: '/properties/1' } }, { confirm: { token: 'mailed-token' } }]);
  });

  it("a link that fails says why; a signed-in user (an email change) stays signed in as before", async () => {
    const failing = async (): Promise<UserInfo> => { throw new Error('This confirmation link is invalid or has expired'); };
    const visitor = liveSession({ confirm: failing });
    visitor.actor.send({ type: 'session.confirm', token: 'used' });
    await settle(visitor.actor);
    expect(visitor.actor.getSnapshot().matches({ auth: { loggedOut: 'confirmFailed' } })).toBe(true);
    expect(visitor.actor.getSnapshot().context.confirmError).toBe('This confirmation link is invalid or has expired');

    const signedIn = liveSession({ user: jane, confirm: failing });
    signedIn.actor.send({ type: 'session.confirm', token: 'used' });
    await settle(signedIn.actor);
    expect(signedIn.actor.getSnapshot().context).toMatchObject({ user: jane, confirmError: 'This confirmation link is invalid or has expired' });
    expect(signedIn.log).toEqual([]);
  });
});
