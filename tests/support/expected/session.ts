import assert from 'node:assert/strict';
import { fromPromise } from 'xstate';
import { sessionMachine } from '../../../machines/session.machine';
import { has, type ExpectedMachine, type Target } from '../expected-walks';
import type { UserInfo } from '../../../openapi/schema';

/**
 * The signed-in user, written from docs/requirements.md (R-AUTH-*): logging in, failing to, logging
 * out (the user is forgotten at once, the server told afterwards), a 401 elsewhere, registering.
 * The register form's request is a region of its own: whatever the login does, and a logout or an
 * expiry resets it.
 */
export const jane: UserInfo = { id: 2, name: 'Jane Doe', email: 'jane@example.test', roles: ['ROLE_USER'], token: 'token-1' };
const never = fromPromise<any, any>(() => new Promise(() => {}));

export const sessionEvents = {
  login: { type: 'session.login', username: jane.email, password: 'secret1' },
  loginDone: { type: 'xstate.done.actor.login', output: jane },
  loginError: { type: 'xstate.error.actor.login', error: new Error('Wrong email or password') },
  loginReset: { type: 'session.loginReset' },
  logout: { type: 'session.logout' },
  logoutDone: { type: 'xstate.done.actor.logout', output: { message: 'Logged out' } },
  logoutError: { type: 'xstate.error.actor.logout', error: new Error('Network Error') },
  expired: { type: 'session.expired' },
  ended: { type: 'session.ended' },
  updated: { type: 'session.updated', user: { ...jane, name: 'Jane Smith' } },
  register: { type: 'session.register', name: 'Jane Doe', email: jane.email, password: 'secret1' },
  registerDone: { type: 'xstate.done.actor.register', output: { message: 'Registered' } },
  registerError: { type: 'xstate.error.actor.register', error: new Error('This email is already registered') },
  registerReset: { type: 'session.registerReset' },
};

const loggedOut = (loginError: string | null) => (c: any) => has(c, { user: null, revokedToken: null, loginError });
// A logout, an expiry, a new registration or the page's reset: back to a clean form, whatever it was.
const anyRegistration: Record<string, Target> = { register: 'registering', registerReset: 'idle', logout: 'idle', expired: 'idle', ended: 'idle' };

export const expectedSession: ExpectedMachine = {
  name: 'session',
  machine: sessionMachine.provide({ actors: { login: never, register: never, logout: never } }),
  input: { user: null },
  events: sessionEvents,
  initial: { auth: 'loggedOut.idle', registration: 'idle' },
  regions: {
    auth: {
      'loggedOut.idle': { on: { login: 'loggedOut.loggingIn' }, context: loggedOut(null) },
      // A second submit starts the login again.
      'loggedOut.loggingIn': { on: { login: 'loggedOut.loggingIn', loginDone: 'loggedIn', loginError: 'loggedOut.failed' }, context: loggedOut(null) },
      'loggedOut.failed': { on: { login: 'loggedOut.loggingIn', loginReset: 'loggedOut.idle' }, context: loggedOut('Wrong email or password') },
      loggedIn: {
        // Expired (a 401: asked to log in again) or ended in another tab: logged out here too.
        on: { logout: 'loggingOut', expired: 'loggedOut.idle', ended: 'loggedOut.idle', updated: 'loggedIn' },
        context: (c) => {
          has(c.user, { id: jane.id, email: jane.email, token: jane.token });
          assert.equal(c.loginError, null);
        },
      },
      // Already logged out for the user; the server forgets the token whatever it answers.
      loggingOut: {
        on: { logoutDone: 'loggedOut.idle', logoutError: 'loggedOut.idle', login: 'loggedOut.loggingIn' },
        context: (c) => has(c, { user: null, revokedToken: jane.token, loginError: null }),
      },
    },
    registration: {
      idle: { on: anyRegistration, context: (c) => assert.equal(c.registerError, null) },
      registering: { on: { ...anyRegistration, registerDone: 'registered', registerError: 'failed' }, context: (c) => assert.equal(c.registerError, null) },
      registered: { on: anyRegistration, context: (c) => assert.equal(c.registerError, null) },
      failed: { on: anyRegistration, context: (c) => assert.equal(c.registerError, 'This email is already registered') },
    },
  },
};
