import type { ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { adminPages, matchPage, routePath, type AdminPageName } from '../../../domain/site/page-routes';
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
import { ReportsPage } from './reports/reports-page';
import { OfficeBookingPage } from './office-booking/office-booking-page';

export { startFirstReads } from './first-reads';

/**
 * The back office (R-ADMIN-1): rendered instead of the public site for every
 * path when the user has ROLE_ADMIN, and loaded lazily, so nothing here reaches other visitors.
 * An administrator on a public page is sent to the dashboard; a path that is no page at all, or an
 * order that does not exist, shows `notFound` (the app's not-found page, given by src/app).
 */
export default function AdminApp({ notFound }: { notFound: ReactNode }) {
  const { pathname } = useLocation();
  // One screen per page of the route table (src/shared/routes.ts); TypeScript asks for every page.
  const screens: Record<AdminPageName, ReactNode> = {
    users: <UsersPage />,
    orders: <OrdersPage />,
    order: <OrderDetailPage notFound={notFound} />,
    refunds: <RefundsPage />,
    settings: <SettingsPage />,
    pricing: <PricingPage />,
    customers: <CustomersPage />,
    customer: <CustomerPage notFound={notFound} />,
    messages: <MessagesPage />,
    schedule: <SchedulePage />,
    teams: <TeamsPage />,
    reports: <ReportsPage />,
    officeBooking: <OfficeBookingPage />,
  };
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route index element={<DashboardPage />} />
        {Object.entries(adminPages).map(([name, pattern]) => (
          <Route key={name} path={routePath(pattern)} element={screens[name as AdminPageName]} />
        ))}
        <Route path="*" element={matchPage(pathname) ? <Navigate to="/" replace /> : notFound} />
      </Route>
    </Routes>
  );
}
