import { Navigate, Route, Routes } from 'react-router';
import { paths } from '#web/lib/paths';
import { DashboardPage } from './pages/dashboard-page';
import { EditOrderPage } from './pages/edit-order-page';
import { GuidelinesPage } from './pages/guidelines-page';
import { HistoryPage } from './pages/history-page';
import { NewOrderPage } from './pages/new-order-page';
import { OrderDetailPage } from './pages/order-detail-page';
import { SupportPage } from './pages/support-page';

/**
 * The customer portal (docs/product/portals.md#customer), mounted under /customer/* inside the portal layout.
 */
export function CustomerPortal() {
  return (
    <Routes>
      <Route index element={<DashboardPage />} />
      <Route path="new-order" element={<NewOrderPage />} />
      <Route path="history" element={<HistoryPage />} />
      <Route path="orders/:orderId" element={<OrderDetailPage />} />
      <Route path="orders/:orderId/edit" element={<EditOrderPage />} />
      <Route path="support" element={<SupportPage />} />
      <Route path="guidelines" element={<GuidelinesPage />} />
      <Route path="*" element={<Navigate to={paths.customer.root} replace />} />
    </Routes>
  );
}
