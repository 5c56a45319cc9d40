import { Navigate, Route, Routes } from 'react-router';
import { RequirePermission } from '#web/app/require-permission';
import { paths } from '#web/lib/paths';
import { AlertsPage } from './pages/alerts-page';
import { WarehouseDashboardPage } from './pages/dashboard-page';
import { InventoryPage } from './pages/inventory-page';
import { ReportsPage } from './pages/reports-page';
import { StoreStockPage } from './pages/store-stock-page';

/**
 * The warehouse portal (docs/product/portals.md#warehouse), mounted under /warehouse/* inside the portal
 * layout.
 */
export function WarehousePortal() {
  return (
    <Routes>
      <Route index element={<WarehouseDashboardPage />} />
      <Route path="inventory" element={<InventoryPage />} />
      <Route
        path="reports"
        element={
          <RequirePermission portal="warehouse" permission="reports:stock">
            <ReportsPage />
          </RequirePermission>
        }
      />
      <Route path="store-stock" element={<StoreStockPage />} />
      <Route
        path="alerts"
        element={
          <RequirePermission portal="warehouse" permission="reports:stock">
            <AlertsPage />
          </RequirePermission>
        }
      />
      <Route path="*" element={<Navigate to={paths.warehouse.root} replace />} />
    </Routes>
  );
}
