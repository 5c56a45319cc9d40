import { Navigate, Route, Routes } from 'react-router';
import { PortalWelcome } from '#web/app/layout/portal-welcome';
import { SectionPlaceholder } from '#web/app/layout/section-placeholder';
import { paths } from '#web/app/paths';

/** Routes of the warehouse portal, relative to paths.warehouse.root; screens replace the placeholders as they are built. */
export function WarehousePortal() {
  return (
    <Routes>
      <Route index element={<PortalWelcome portal="warehouse" />} />
      <Route
        path="inventory"
        element={<SectionPlaceholder portal="warehouse" path={paths.warehouse.inventory} />}
      />
      <Route
        path="reports"
        element={<SectionPlaceholder portal="warehouse" path={paths.warehouse.reports} />}
      />
      <Route
        path="store-stock"
        element={<SectionPlaceholder portal="warehouse" path={paths.warehouse.stores} />}
      />
      <Route
        path="alerts"
        element={<SectionPlaceholder portal="warehouse" path={paths.warehouse.alerts} />}
      />
      <Route path="*" element={<Navigate to={paths.warehouse.root} replace />} />
    </Routes>
  );
}
