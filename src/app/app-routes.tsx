import { Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation, useSearchParams } from 'react-router-dom';
import { PublicLayout } from '../components/layout';
import { Spinner } from '../components/ui';
import { screens } from './lazy-routes';
import { publicRoutes, type PublicRoute } from '../shared/routes';
import { adminPages, matchPage, publicPages, routePath, type PublicPageName } from '../../domain/site/page-routes';
import { redirectTarget } from '../../domain/site/login-redirect';
import { RequireAdmin, RequireAuth } from './require-auth';
import { usePreloadRouteReads } from './route-reads';
import { useSession } from '../shared/session';

/** A public page's screen, behind login where the route table says so. */
function publicScreen(name: PublicPageName): ReactNode {
  const Screen = screens[name];
  const { signIn } = publicRoutes[name] as PublicRoute;
  return signIn ? <RequireAuth openToFirstVisit={signIn === 'returning'}><Screen /></RequireAuth> : <Screen />;
}

/**
 * R-ADMIN-1 and R-AUTH-9: an administrator sees only the back office (its own routes, for every path);
 * visitors and customers get the public site, with the ordering and account pages behind login.
 * A back-office page opened logged out leads to the login page and back (issue 11 row 14). A path
 * that is no page of the route table is the not-found page (the server answered it with 404).
 */
export function AppRoutes() {
  const { isAdmin } = useSession();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  // The public route's API reads start now, beside its lazy chunk (issue 6: no waterfalls).
  usePreloadRouteReads(!isAdmin);
  const fallback = <Spinner label="Loading page" size="lg" />;
  const page = matchPage(pathname);

  if (isAdmin) {
    // Just logged in: the login page's `redirect` (a back-office page opened logged out) or the dashboard.
    if (page?.name === 'login') return <Navigate to={redirectTarget(searchParams) ?? '/'} replace />;
    return (
      <Suspense fallback={fallback}>
        <screens.admin notFound={<screens.notFound />} />
      </Suspense>
    );
  }

  return (
    <Routes>
      <Route element={<PublicLayout />}>
        {page
          ? Object.entries(publicPages).map(([name, pattern]) =>
              pattern === '/' ? (
                <Route key={name} index element={publicScreen(name as PublicPageName)} />
              ) : (
                <Route key={name} path={routePath(pattern)} element={publicScreen(name as PublicPageName)} />
              ),
            )
          : null}
        {page
          ? Object.entries(adminPages).map(([name, pattern]) => (
              <Route key={name} path={routePath(pattern)} element={<RequireAdmin notFound={<screens.notFound />} />} />
            ))
          : null}
        <Route path="*" element={<screens.notFound />} />
      </Route>
    </Routes>
  );
}
