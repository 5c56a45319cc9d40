import { Navigate, Route, Routes } from 'react-router';
import { PortalWelcome } from '#web/app/layout/portal-welcome';
import { SectionPlaceholder } from '#web/app/layout/section-placeholder';
import { paths } from '#web/app/paths';

/** Routes of the admin portal, relative to paths.admin.root; screens replace the placeholders as they are built. */
export function AdminPortal() {
  return (
    <Routes>
      <Route index element={<PortalWelcome portal="admin" />} />
      <Route path="users" element={<SectionPlaceholder portal="admin" path={paths.admin.users} />} />
      <Route path="reports" element={<SectionPlaceholder portal="admin" path={paths.admin.reports} />} />
      <Route path="logs" element={<SectionPlaceholder portal="admin" path={paths.admin.logs} />} />
      <Route path="*" element={<Navigate to={paths.admin.root} replace />} />
    </Routes>
  );
}
