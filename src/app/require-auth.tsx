import { useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { paths } from '../shared/paths';
import { useSession } from '../shared/session';
import { isReturningVisitor } from '../shared/stored-user';
import { useHydrating } from '../shared/use-hydrating';

/**
 * Pages for logged-in users only (R-SITE-8, R-AUTH-9): visitors go to /login and come back afterwards.
 * Such a page the build prerenders (the booking page's items, issue 25 row 8) is a visitor's shell:
 * rendered for its HTML and hydrated as it is, then a visitor is sent to log in. `openToFirstVisit`
 * (the booking page, decision 080): only someone who has signed in on this browser before is sent;
 * a first-time visitor stays on the page, which shows them the price and how to register or log in.
 */
export function RequireAuth({ children, openToFirstVisit = false }: { children: ReactNode; openToFirstVisit?: boolean }) {
  const { user } = useSession();
  const location = useLocation();
  const hydrating = useHydrating();
  // A user who logs out here is being sent to / by the session; do not send them to /login instead.
  const [wasLoggedIn] = useState(() => user !== null);
  // Read on arrival: a first-time visitor sees the page made for them (decision 080); whoever
  // arrived signed in is not one (their session ending here sends them to log in, as before).
  const [firstVisit] = useState(() => openToFirstVisit && user === null && !isReturningVisitor());
  if (!user && (hydrating || firstVisit)) return <>{children}</>;
  if (!user) {
    return wasLoggedIn ? null : <Navigate to={paths.login(location.pathname + location.search)} replace />;
  }
  return <>{children}</>;
}

/**
 * A back-office page on the public site (the administrator's session shows the back office
 * instead): a visitor (a bookmark, a link in a mail) logs in first and comes back to it; to a
 * customer it is not a page.
 */
export function RequireAdmin({ notFound }: { notFound: ReactNode }) {
  const { user } = useSession();
  const location = useLocation();
  const [wasLoggedIn] = useState(() => user !== null);
  if (user || wasLoggedIn) return <>{notFound}</>;
  return <Navigate to={paths.login(location.pathname + location.search)} replace />;
}
