import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { RequirePermission } from '#web/app/require-permission';
import { paths } from '#web/lib/paths';
import { ManagerDashboardPage } from './pages/dashboard-page';
import { ManagerOrdersPage } from './pages/orders-page';
import { ManagerSupportPage } from './pages/support-page';
import { TrainPage } from './pages/train-page';
import { TruckPage } from './pages/truck-page';

// The report pages carry the chart library: loaded only when opened.
const ManagerReportsPage = lazy(() =>
  import('./pages/reports-page').then((m) => ({ default: m.ManagerReportsPage })),
);
// The planner is a large screen only managers planning a week open.
const PlannerPage = lazy(() => import('./pages/planner-page').then((m) => ({ default: m.PlannerPage })));
const DeliveryPerformancePage = lazy(() =>
  import('./pages/delivery-performance-page').then((m) => ({ default: m.DeliveryPerformancePage })),
);

/** Routes of the manager portal, relative to paths.manager.root. */
export function ManagerPortal() {
  return (
    <Routes>
      <Route index element={<ManagerDashboardPage />} />
      <Route path="train" element={<TrainPage />} />
      <Route path="truck" element={<TruckPage />} />
      <Route path="orders" element={<ManagerOrdersPage />} />
      <Route path="planner" element={<PlannerPage />} />
      <Route
        path="reports"
        element={
          <RequirePermission portal="manager" permission="reports:operations">
            <ManagerReportsPage />
          </RequirePermission>
        }
      />
      <Route
        path="reports/delivery-performance"
        element={
          <RequirePermission portal="manager" permission="reports:operations">
            <DeliveryPerformancePage />
          </RequirePermission>
        }
      />
      <Route path="support" element={<ManagerSupportPage />} />
      <Route path="*" element={<Navigate to={paths.manager.root} replace />} />
    </Routes>
  );
}
