import { Navigate, Route, Routes } from 'react-router';
import { paths } from '#web/app/paths';
import { ManagerDashboardPage } from './pages/dashboard-page';
import { DeliveryPerformancePage } from './pages/delivery-performance-page';
import { ManagerOrdersPage } from './pages/orders-page';
import { ManagerReportsPage } from './pages/reports-page';
import { TrainPage } from './pages/train-page';
import { TruckPage } from './pages/truck-page';

/** Routes of the manager portal, relative to paths.manager.root. */
export function ManagerPortal() {
  return (
    <Routes>
      <Route index element={<ManagerDashboardPage />} />
      <Route path="train" element={<TrainPage />} />
      <Route path="truck" element={<TruckPage />} />
      <Route path="orders" element={<ManagerOrdersPage />} />
      <Route path="reports" element={<ManagerReportsPage />} />
      <Route path="reports/delivery-performance" element={<DeliveryPerformancePage />} />
      <Route path="*" element={<Navigate to={paths.manager.root} replace />} />
    </Routes>
  );
}
