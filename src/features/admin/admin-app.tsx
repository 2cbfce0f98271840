import type { ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { adminPages, matchPage, routePath } from '../../shared/page-routes';
import { AdminLayout } from './layout/admin-layout';
import { DashboardPage } from './dashboard/dashboard-page';
import { OrderDetailPage } from './order-detail/order-detail-page';
import { OrdersPage } from './orders/orders-page';
import { RefundsPage } from './refunds/refunds-page';
import { SchedulePage } from './schedule/schedule-page';
import { SettingsPage } from './settings-page';
import { TeamsPage } from './teams/teams-page';
import { PricingPage } from './pricing/pricing-page';
import { UsersPage } from './users/users-page';
import { CustomerPage } from './customers/customer-page';
import { CustomersPage } from './customers/customers-page';
import { MessagesPage } from './messages/messages-page';

export { startFirstReads } from './first-reads';

/**
 * The back office (R-ADMIN-1): rendered instead of the public site for every
 * path when the user has ROLE_ADMIN, and loaded lazily, so nothing here reaches other visitors.
 * An administrator on a public page is sent to the dashboard; a path that is no page at all, or an
 * order that does not exist, shows `notFound` (the app's not-found page, given by src/app).
 */
export default function AdminApp({ notFound }: { notFound: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route index element={<DashboardPage />} />
        <Route path={routePath(adminPages.users)} element={<UsersPage />} />
        <Route path={routePath(adminPages.orders)} element={<OrdersPage />} />
        <Route path={routePath(adminPages.order)} element={<OrderDetailPage notFound={notFound} />} />
        <Route path={routePath(adminPages.refunds)} element={<RefundsPage />} />
        <Route path={routePath(adminPages.settings)} element={<SettingsPage />} />
        <Route path={routePath(adminPages.pricing)} element={<PricingPage />} />
        <Route path={routePath(adminPages.customers)} element={<CustomersPage />} />
        <Route path={routePath(adminPages.customer)} element={<CustomerPage notFound={notFound} />} />
        <Route path={routePath(adminPages.messages)} element={<MessagesPage />} />
        <Route path={routePath(adminPages.schedule)} element={<SchedulePage />} />
        <Route path={routePath(adminPages.teams)} element={<TeamsPage />} />
        <Route path="*" element={matchPage(pathname) ? <Navigate to="/" replace /> : notFound} />
      </Route>
    </Routes>
  );
}
