import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PublicLayout } from '../components/layout';
import { Spinner } from '../components/ui';
import * as screens from './lazy-routes';
import { RequireAuth } from './require-auth';
import { usePreloadRouteReads } from './route-reads';
import { useSession } from './session';

/**
 * SPEC 2 and 6: an administrator sees only the back office (its own routes, for every path);
 * visitors and customers get the public site, with the ordering and account pages behind login.
 */
export function AppRoutes() {
  const { isAdmin } = useSession();
  // The public route's API reads start now, beside its lazy chunk (issue 6: no waterfalls).
  usePreloadRouteReads(!isAdmin);
  const fallback = <Spinner label="Loading page" size="lg" />;

  if (isAdmin) {
    return (
      <Suspense fallback={fallback}>
        <screens.AdminApp />
      </Suspense>
    );
  }

  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route index element={<screens.LandingPage />} />
        <Route path="about" element={<screens.AboutPage />} />
        <Route path="home" element={<screens.ServicesPage />} />
        <Route path="service/:id" element={<screens.ServiceDetailPage />} />
        <Route path="login" element={<screens.LoginPage />} />
        <Route path="register" element={<screens.RegisterPage />} />
        <Route path="forget-password" element={<screens.ForgotPasswordPage />} />
        <Route path="reset-password/:id" element={<screens.ResetPasswordPage />} />
        <Route path="contact" element={<screens.ContactPage />} />
        <Route path="faqs" element={<screens.FaqsPage />} />
        <Route path="properties/:id" element={<RequireAuth><screens.PropertiesPage /></RequireAuth>} />
        <Route path="placeorder" element={<RequireAuth><screens.PlaceOrderPage /></RequireAuth>} />
        <Route path="profile" element={<RequireAuth><screens.ProfilePage /></RequireAuth>} />
        <Route path="profile-services" element={<RequireAuth><screens.MyOrdersPage /></RequireAuth>} />
        <Route path="terms-condition" element={<screens.TermsPage />} />
        <Route path="privacy-policy" element={<screens.PrivacyPage />} />
        <Route path="success" element={<screens.SuccessPage />} />
        <Route path="*" element={<screens.NotFoundPage />} />
      </Route>
    </Routes>
  );
}
