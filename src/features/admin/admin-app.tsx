import { Navigate, Route, Routes } from 'react-router-dom';
import { AdminLayout } from './layout/admin-layout';
import { DashboardPage } from './dashboard/dashboard-page';
import { OrderDetailPage } from './order-detail/order-detail-page';
import { OrdersPage } from './orders/orders-page';
import { RefundsPage } from './refunds/refunds-page';
import { SettingsPage } from './settings-page';
import { UsersPage } from './users/users-page';

/**
 * The back office (SPEC 2, administrator routes): rendered instead of the public site for every
 * path when the user has ROLE_ADMIN, and loaded lazily, so nothing here reaches other visitors.
 * An administrator on any other path (the public pages or a mistyped one) is sent to the dashboard.
 */
export default function AdminApp() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route index element={<DashboardPage />} />
        <Route path="users" element={<UsersPage />} />
        <Route path="orders" element={<OrdersPage />} />
        <Route path="order/:id" element={<OrderDetailPage />} />
        <Route path="refund-orders" element={<RefundsPage />} />
        <Route path="settings" element={<SettingsPage />} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
