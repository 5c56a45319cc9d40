import { Navigate, Route, Routes } from 'react-router';
import { paths } from '#web/lib/paths';
import { AdminDashboardPage } from './pages/dashboard-page';
import { FleetPage } from './pages/fleet-page';
import { LogsPage } from './pages/logs-page';
import { ReportsPage } from './pages/reports-page';
import { AdminSupportPage } from './pages/support-page';
import { UsersPage } from './pages/users-page';

/** Routes of the admin portal, relative to paths.admin.root. */
export function AdminPortal() {
  return (
    <Routes>
      <Route index element={<AdminDashboardPage />} />
      <Route path="users" element={<UsersPage />} />
      <Route path="fleet" element={<FleetPage />} />
      <Route path="reports" element={<ReportsPage />} />
      <Route path="logs" element={<LogsPage />} />
      <Route path="support" element={<AdminSupportPage />} />
      <Route path="*" element={<Navigate to={paths.admin.root} replace />} />
    </Routes>
  );
}
