import assert from 'node:assert/strict';
import { fromPromise } from 'xstate';
import { sessionMachine } from '../../../machines/session.machine';
import { has, type ExpectedMachine, type Target } from '../expected-walks';
import type { UserInfo } from '../../../openapi/schema';

/**
 * The signed-in user, written from docs/requirements.md (R-AUTH-*): logging in, failing to, logging
 * out (the user is forgotten at once, the server told afterwards), a 401 elsewhere, registering,
 * and following the mailed confirmation link (decision 029), which signs in whoever was before and,
 * when it fails, leaves a signed-in user signed in.
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
  confirm: { type: 'session.confirm', token: 'mailed-token' },
  confirmDone: { type: 'xstate.done.actor.confirmEmail', output: jane },
  confirmError: { type: 'xstate.error.actor.confirmEmail', error: new Error('This confirmation link is invalid or has expired') },
};

const loggedOut = (loginError: string | null, confirmError: string | null = null) => (c: any) => has(c, { user: null, revokedToken: null, loginError, confirmError });
// A logout, an expiry, a new registration or the page's reset: back to a clean form, whatever it was.
const anyRegistration: Record<string, Target> = { register: 'registering', registerReset: 'idle', logout: 'idle', expired: 'idle', ended: 'idle' };

export const expectedSession: ExpectedMachine = {
  name: 'session',
  machine: sessionMachine.provide({ actors: { login: never, register: never, confirmEmail: never, logout: never } }),
  input: { user: null },
  events: sessionEvents,
  initial: { auth: 'loggedOut.idle', registration: 'idle' },
  regions: {
    auth: {
      'loggedOut.idle': { on: { login: 'loggedOut.loggingIn', confirm: 'confirming' }, context: loggedOut(null) },
      // A second submit starts the login again.
      'loggedOut.loggingIn': { on: { login: 'loggedOut.loggingIn', confirm: 'confirming', loginDone: 'loggedIn', loginError: 'loggedOut.failed' }, context: loggedOut(null) },
      'loggedOut.failed': { on: { login: 'loggedOut.loggingIn', confirm: 'confirming', loginReset: 'loggedOut.idle' }, context: loggedOut('Wrong email or password') },
      'loggedOut.confirmFailed': {
        on: { login: 'loggedOut.loggingIn', confirm: 'confirming', loginReset: 'loggedOut.idle' },
        context: loggedOut(null, 'This confirmation link is invalid or has expired'),
      },
      // Whoever is signed in stays so while the link is checked; a failure keeps them signed in.
      confirming: {
        on: { confirmDone: 'loggedIn', confirmError: (c) => (c.user !== null ? 'loggedIn' : 'loggedOut.confirmFailed') },
        context: (c) => assert.equal(c.confirmError, null),
      },
      loggedIn: {
        // Expired (a 401: asked to log in again) or ended in another tab: logged out here too.
        on: { logout: 'loggingOut', expired: 'loggedOut.idle', ended: 'loggedOut.idle', updated: 'loggedIn', confirm: 'confirming' },
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
