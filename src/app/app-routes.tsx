import { Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation, useSearchParams } from 'react-router-dom';
import { PublicLayout } from '../components/layout';
import { Spinner } from '../components/ui';
import { safeRedirect } from '../features/account/safe-redirect';
import * as screens from './lazy-routes';
import { adminPages, matchPage, publicPages, routePath, type PublicPageName } from '../shared/page-routes';
import { RequireAdmin, RequireAuth } from './require-auth';
import { usePreloadRouteReads } from './route-reads';
import { useSession } from '../shared/session';

/** The screen of each public page of the route table (page-routes.ts); TypeScript asks for all. */
const publicScreens: Record<PublicPageName, ReactNode> = {
  landing: <screens.LandingPage />,
  about: <screens.AboutPage />,
  services: <screens.ServicesPage />,
  serviceDetail: <screens.ServiceDetailPage />,
  login: <screens.LoginPage />,
  register: <screens.RegisterPage />,
  forgotPassword: <screens.ForgotPasswordPage />,
  resetPassword: <screens.ResetPasswordPage />,
  contact: <screens.ContactPage />,
  faqs: <screens.FaqsPage />,
  properties: <RequireAuth><screens.PropertiesPage /></RequireAuth>,
  placeOrder: <RequireAuth><screens.PlaceOrderPage /></RequireAuth>,
  profile: <RequireAuth><screens.ProfilePage /></RequireAuth>,
  myOrders: <RequireAuth><screens.MyOrdersPage /></RequireAuth>,
  receipt: <RequireAuth><screens.ReceiptPage /></RequireAuth>,
  terms: <screens.TermsPage />,
  privacy: <screens.PrivacyPage />,
  success: <screens.SuccessPage />,
};

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
    if (page?.name === 'login') return <Navigate to={safeRedirect(searchParams.get('redirect')) ?? '/'} replace />;
    return (
      <Suspense fallback={fallback}>
        <screens.AdminApp notFound={<screens.NotFoundPage />} />
      </Suspense>
    );
  }

  return (
    <Routes>
      <Route element={<PublicLayout />}>
        {page
          ? Object.entries(publicPages).map(([name, pattern]) =>
              pattern === '/' ? (
                <Route key={name} index element={publicScreens[name as PublicPageName]} />
              ) : (
                <Route key={name} path={routePath(pattern)} element={publicScreens[name as PublicPageName]} />
              ),
            )
          : null}
        {page
          ? Object.entries(adminPages).map(([name, pattern]) => (
              <Route key={name} path={routePath(pattern)} element={<RequireAdmin notFound={<screens.NotFoundPage />} />} />
            ))
          : null}
        <Route path="*" element={<screens.NotFoundPage />} />
      </Route>
    </Routes>
  );
}
