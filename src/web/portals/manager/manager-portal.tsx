import { Navigate, Route, Routes } from 'react-router';
import { PortalWelcome } from '#web/app/layout/portal-welcome';
import { SectionPlaceholder } from '#web/app/layout/section-placeholder';
import { paths } from '#web/app/paths';

/** Routes of the manager portal, relative to paths.manager.root; screens replace the placeholders as they are built. */
export function ManagerPortal() {
  return (
    <Routes>
      <Route index element={<PortalWelcome portal="manager" />} />
      <Route path="train" element={<SectionPlaceholder portal="manager" path={paths.manager.train} />} />
      <Route path="truck" element={<SectionPlaceholder portal="manager" path={paths.manager.truck} />} />
      <Route path="orders" element={<SectionPlaceholder portal="manager" path={paths.manager.orders} />} />
      <Route path="reports" element={<SectionPlaceholder portal="manager" path={paths.manager.reports} />} />
      <Route path="*" element={<Navigate to={paths.manager.root} replace />} />
    </Routes>
  );
}
