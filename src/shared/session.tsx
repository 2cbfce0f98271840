import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useCallback, useContext, useEffect, useRef, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { fromPromise, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { sessionMachine, type SessionEvent } from '../../machines/session.machine';
import { onUnauthorized, setTokenSource } from '../api/auth-middleware';
import { login } from '../api/login';
import { logout } from '../api/logout';
import { register } from '../api/register';
import { confirmEmail } from '../api/confirm-email';
import { inspect } from './inspector';
import { paths } from './paths';
import { forgetAllDrafts } from '../lib/form-drafts';
import { storedOrderKey } from '../lib/stored-order';
import { forgetStoredUser, readStoredUser, storeUser, userInfoKey } from './stored-user';
import { useToast } from './toasts';

/** Said when an authenticated call answers 401 (the token expired) and the user must log in again. */
export const sessionExpiredMessage = 'Your session has expired, please log in again';

export type SessionActorRef = ActorRefFrom<typeof sessionMachine>;
type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

const SessionContext = createContext<SessionActorRef | null>(null);

/** Runs the session machine for the whole app; must sit inside the router (it navigates to /). */
export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  const showToast = useToast();
  const showToastRef = useRef(showToast);
  useEffect(() => {
    navigateRef.current = navigate;
    showToastRef.current = showToast;
  }, [navigate, showToast]);

  const actorRef = useActorRef(
    sessionMachine.provide({
      actors: {
        login: fromPromise(({ input }) => login(input)),
        register: fromPromise(({ input }) => register(input)),
        confirmEmail: fromPromise(({ input }) => confirmEmail(input.token, input.password)),
        logout: fromPromise(({ input }) => logout(input.token)),
      },
      actions: {
        storeUser: ({ context }) => storeUser(context.user),
        forgetUser: () => forgetStoredUser(),
        forgetDrafts: () => {
          forgetAllDrafts();
          localStorage.removeItem(storedOrderKey);
        },
        leaveToLanding: () => navigateRef.current(paths.landing),
        askToLogIn: () => {
          showToastRef.current(sessionExpiredMessage, 'warning');
          const { pathname, search } = window.location;
          if (pathname !== '/login') navigateRef.current(paths.login(pathname + search), { replace: true });
        },
      },
    }),
    { input: { user: readStoredUser() }, inspect },
  );

  useEffect(() => {
    setTokenSource(() => actorRef.getSnapshot().context.user?.token ?? null);
    const stopListening = onUnauthorized(() => actorRef.send({ type: 'session.expired' }));
    // Logging out in one tab logs out the others.
    const onStorage = (event: StorageEvent) => {
      if (event.key === userInfoKey && event.newValue === null) actorRef.send({ type: 'session.ended' });
      if (event.key === null) actorRef.send({ type: 'session.ended' });
    };
    window.addEventListener('storage', onStorage);
    return () => {
      stopListening();
      window.removeEventListener('storage', onStorage);
    };
  }, [actorRef]);

  return <SessionContext.Provider value={actorRef}>{children}</SessionContext.Provider>;
}

function useSessionActor(): SessionActorRef {
  const actorRef = useContext(SessionContext);
  if (!actorRef) throw new Error('useSession must be used inside <SessionProvider>');
  return actorRef;
}

/** The signed-in user (or null), whether they are an administrator, and the machine's `send`. */
export function useSession() {
  const actorRef = useSessionActor();
  const user = useSelector(actorRef, (s) => s.context.user);
  const isAdmin = user?.roles.includes('ROLE_ADMIN') ?? false;
  const send = useCallback((event: SessionEvent) => actorRef.send(event), [actorRef]);
  return { user, isAdmin, send, actorRef };
}

/** Narrow reads of the session for the account screens: `useSessionState(sessionSelectors.loginError)`. */
export const sessionSelectors = {
  loggingIn: (s: SessionSnapshot) => s.matches({ auth: { loggedOut: 'loggingIn' } }),
  loginError: (s: SessionSnapshot) => s.context.loginError,
  registering: (s: SessionSnapshot) => s.matches({ registration: 'registering' }),
  registered: (s: SessionSnapshot) => s.matches({ registration: 'registered' }),
  registerError: (s: SessionSnapshot) => s.context.registerError,
  confirming: (s: SessionSnapshot) => s.matches({ auth: 'confirming' }),
  confirmError: (s: SessionSnapshot) => s.context.confirmError,
};

export function useSessionState<T>(selector: (snapshot: SessionSnapshot) => T): T {
  return useSelector(useSessionActor(), selector);
}
