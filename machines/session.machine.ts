import { assign, fromPromise, setup } from 'xstate';
import type { LoginRequest, RegisterRequest, UserInfo } from '../openapi/schema';

/**
 * The signed-in user (R-AUTH-1 … R-AUTH-4, R-AUTH-9). Two regions run side by side: `auth` (who is logged in) and
 * `registration` (the register form's request), because a visitor may register while a login
 * failed earlier, and logging out resets both. Storage and navigation are actions the app
 * provides (`storeUser`, `forgetUser`, `forgetDrafts`, `leaveToLanding`, `askToLogIn`); calls are
 * the actors `login`, `register`, `confirmEmail` and `logout`. Registering only mails a link (decision
 * 029); following it (`session.confirm`, the /confirm-email page) proves the address and signs in,
 * whoever was signed in before: a registration's link with the password chosen when registering, an
 * email change's only in a session of the account that asked for it (decision 074). The app passes the user restored from localStorage
 * as `input.user`. Logging out forgets the user's drafts (a shared phone); a session that expires
 * keeps them and asks to log in again, coming back to the same page with what was typed.
 */

export interface SessionInput {
  user: UserInfo | null;
}

export interface SessionContext {
  user: UserInfo | null;
  /** The token being revoked by a logout in flight (the user is already forgotten). */
  revokedToken: string | null;
  loginError: string | null;
  registerError: string | null;
  /** Why the mailed confirmation link did not sign in (used, expired, or the address proved by someone else). */
  confirmError: string | null;
}

export type SessionEvent =
  | { type: 'session.login'; username: string; password: string }
  | { type: 'session.logout' }
  /** An authenticated call answered 401: the token expired or was ended elsewhere. */
  | { type: 'session.expired' }
  /** Another tab logged out (the stored user is gone). */
  | { type: 'session.ended' }
  | { type: 'session.loginReset' }
  | { type: 'session.register'; name: string; email: string; password: string; returnTo?: string }
  /**
   * The mailed link was followed: its token proves the address and signs in. A registration's link
   * needs the password chosen when registering; an email change's, a session of its account (decision 074).
   */
  | { type: 'session.confirm'; token: string; password?: string }
  | { type: 'session.registerReset' }
  | { type: 'session.updated'; user: UserInfo };

/**
 * What the screens show in each state (the session e2e paths check it in Chromium): whether the
 * header shows the user's name menu or Log in, and the login or register page's alert.
 */
export interface SessionMeta {
  shows: string;
  /** The header: the signed-in user's name menu, or the Log in link. */
  header?: 'user menu' | 'Log in';
  /** The page's form shows its error in an alert. */
  alert?: boolean;
}

export const sessionMachine = setup({
  types: {} as { context: SessionContext; events: SessionEvent; input: SessionInput; meta: SessionMeta },
  actors: {
    // Stryker disable next-line all: a placeholder; the app always provides this actor
    login: fromPromise<UserInfo, LoginRequest>(async () => {
      // Stryker disable next-line all: a placeholder; the app always provides this actor
      throw new Error('provide a login actor');
    }),
    // Stryker disable next-line all: a placeholder; the app always provides this actor
    register: fromPromise<unknown, RegisterRequest>(async () => {
      // Stryker disable next-line all: a placeholder; the app always provides this actor
      throw new Error('provide a register actor');
    }),
    // Stryker disable next-line all: a placeholder; the app always provides this actor
    confirmEmail: fromPromise<UserInfo, { token: string; password?: string }>(async () => {
      // Stryker disable next-line all: a placeholder; the app always provides this actor
      throw new Error('provide a confirmEmail actor');
    }),
    // Stryker disable next-line all: a placeholder; the app always provides this actor
    logout: fromPromise<unknown, { token: string }>(async () => {
      // Stryker disable next-line all: a placeholder; the app always provides this actor
      throw new Error('provide a logout actor');
    }),
  },
  actions: {
    // Provided by the app: localStorage `userInfo` and the drafts, sending the browser to /, or to
    // /login (back here afterwards) with "Your session has expired, please log in again".
    storeUser: () => {},
    forgetUser: () => {},
    forgetDrafts: () => {},
    leaveToLanding: () => {},
    askToLogIn: () => {},
    clearUser: assign({ user: null, loginError: null, confirmError: null }),
    clearRegisterError: assign({ registerError: null }),
  },
  guards: {
    hasUser: ({ context }) => context.user !== null,
  },
}).createMachine({
  id: 'session',
  type: 'parallel',
  context: ({ input }) => ({ user: input.user, revokedToken: null, loginError: null, registerError: null, confirmError: null }),
  states: {
    auth: {
      initial: 'loggedOut',
      states: {
        loggedOut: {
          // Stryker disable next-line all: what the screen shows, checked in Chromium by the paths specs
          meta: { shows: 'Log in in the header', header: 'Log in' },
          // A user restored from storage starts logged in.
          always: { guard: 'hasUser', target: 'loggedIn' },
          initial: 'idle',
          states: {
            // Stryker disable next-line all: what the screen shows, checked in Chromium by the paths specs
            idle: { meta: { shows: 'the login form without an error', alert: false } },
            loggingIn: {
              // Stryker disable next-line all: what the screen shows, checked in Chromium by the paths specs
              meta: { shows: 'the login form, Log in pending', alert: false },
              invoke: {
                id: 'login',
                src: 'login',
                input: ({ event }) => {
                  const { username, password } = event as Extract<SessionEvent, { type: 'session.login' }>;
                  return { username, password };
                },
                onDone: {
                  target: '#session.auth.loggedIn',
                  actions: [assign({ user: ({ event }) => event.output, loginError: null }), 'storeUser'],
                },
                onError: { target: 'failed', actions: assign({ loginError: ({ event }) => messageOf(event.error) }) },
              },
            },
            failed: {
              // Stryker disable next-line all: what the screen shows, checked in Chromium by the paths specs
              meta: { shows: "the login form with the server's message in an alert", alert: true },
              on: { 'session.loginReset': { target: 'idle', actions: assign({ loginError: null }) } },
            },
            // The link did not sign in: the confirm page says why (and offers to register again).
            confirmFailed: {
              // Stryker disable next-line all: what the screen shows, checked in Chromium by the paths specs
              meta: { shows: "the confirm page with the server's message in an alert", alert: true },
              on: { 'session.loginReset': { target: 'idle', actions: assign({ loginError: null, confirmError: null }) } },
            },
          },
          on: {
            'session.login': { target: '.loggingIn', actions: assign({ loginError: null, confirmError: null }) },
            'session.confirm': { target: '#session.auth.confirming', actions: assign({ loginError: null, confirmError: null }) },
          },
        },
        // Following the mailed link; a signed-in user stays signed in meanwhile (an email change).
        confirming: {
          // Stryker disable next-line all: what the screen shows, checked in Chromium by the paths specs
          meta: { shows: 'the confirm page, Confirming your email…', alert: false },
          invoke: {
            id: 'confirmEmail',
            src: 'confirmEmail',
            input: ({ event }) => {
              const { token, password } = event as Extract<SessionEvent, { type: 'session.confirm' }>;
              return password ? { token, password } : { token };
            },
            onDone: {
              target: 'loggedIn',
              actions: [assign({ user: ({ event }) => event.output, loginError: null, confirmError: null }), 'storeUser'],
            },
            // A signed-in user goes straight back to loggedIn (loggedOut's `always`), keeping the message.
            onError: { target: 'loggedOut.confirmFailed', actions: assign({ confirmError: ({ event }) => messageOf(event.error) }) },
          },
        },
        loggedIn: {
          // Stryker disable next-line all: what the screen shows, checked in Chromium by the paths specs
          meta: { shows: "the user's name menu in the header", header: 'user menu' },
          on: {
            'session.logout': {
              target: 'loggingOut',
              actions: [
                assign({ revokedToken: ({ context }) => context.user?.token ?? null }),
                'clearUser',
                'forgetUser',
                'forgetDrafts',
                'leaveToLanding',
              ],
            },
            // A 401 on an authenticated call: what was typed stays, for after logging in again.
            'session.expired': { target: 'loggedOut', actions: ['clearUser', 'forgetUser', 'askToLogIn'] },
            // A logout in another tab (which forgot the drafts).
            'session.ended': { target: 'loggedOut', actions: ['clearUser', 'forgetUser', 'leaveToLanding'] },
            'session.updated': { actions: [assign({ user: ({ event }) => event.user }), 'storeUser'] },
            'session.confirm': { target: 'confirming', actions: assign({ confirmError: null }) },
          },
        },
        // Best effort: the server forgets the token too; the user is already logged out here.
        loggingOut: {
          // Stryker disable next-line all: what the screen shows, checked in Chromium by the paths specs
          meta: { shows: 'Log in in the header (the user is already forgotten)', header: 'Log in' },
          invoke: {
            id: 'logout',
            src: 'logout',
            input: ({ context }) => ({ token: context.revokedToken ?? '' }),
            onDone: { target: 'loggedOut', actions: assign({ revokedToken: null }) },
            onError: { target: 'loggedOut', actions: assign({ revokedToken: null }) },
          },
          on: {
            'session.login': { target: 'loggedOut.loggingIn', actions: assign({ revokedToken: null }) },
          },
        },
      },
    },
    registration: {
      initial: 'idle',
      states: {
        // Stryker disable next-line all: what the screen shows, checked in Chromium by the paths specs
        idle: { meta: { shows: 'the register form without an error', alert: false } },
        registering: {
          // Stryker disable next-line all: what the screen shows, checked in Chromium by the paths specs
          meta: { shows: 'the register form, Register pending', alert: false },
          invoke: {
            id: 'register',
            src: 'register',
            input: ({ event }) => {
              const { name, email, password, returnTo } = event as Extract<SessionEvent, { type: 'session.register' }>;
              return returnTo ? { name, email, password, returnTo } : { name, email, password };
            },
            onDone: 'registered',
            onError: { target: 'failed', actions: assign({ registerError: ({ event }) => messageOf(event.error) }) },
          },
        },
        // The register page sees this and goes to /login, which says "check your mail".
        // Stryker disable next-line all: what the screen shows, checked in Chromium by the paths specs
        registered: { meta: { shows: 'the login page saying check your mail (the register page moves there)' } },
        // Stryker disable next-line all: what the screen shows, checked in Chromium by the paths specs
        failed: { meta: { shows: "the register form with the server's message in an alert", alert: true } },
      },
      on: {
        'session.register': { target: '.registering', actions: 'clearRegisterError' },
        'session.registerReset': { target: '.idle', actions: 'clearRegisterError' },
        'session.logout': { target: '.idle', actions: 'clearRegisterError' },
        'session.expired': { target: '.idle', actions: 'clearRegisterError' },
        'session.ended': { target: '.idle', actions: 'clearRegisterError' },
      },
    },
  },
});

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : 'Network Error';
}
