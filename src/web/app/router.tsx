import { type ComponentType, lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import type { Portal } from '#shared/roles';
import { paths } from '#web/lib/paths';
import { Loading } from '../components/ui/spinner';
import { LandingPage } from './landing/landing-page';
import { PortalLayout } from './layout/portal-layout';
import { RequirePortal } from './require-portal';

// The sign-in pages carry the form and validation libraries; the landing page stays light.
const StaffLoginPage = lazy(() =>
  import('../features/auth/components/staff-login-page').then((m) => ({ default: m.StaffLoginPage })),
);
const CustomerLoginPage = lazy(() =>
  import('../features/auth/components/customer-login-page').then((m) => ({ default: m.CustomerLoginPage })),
);

// One lazy chunk per portal (docs/architecture.md): a customer never downloads the staff screens.
const CustomerPortal = lazy(() =>
  import('../portals/customer/customer-portal').then((m) => ({ default: m.CustomerPortal })),
);
const AdminPortal = lazy(() =>
  import('../portals/admin/admin-portal').then((m) => ({ default: m.AdminPortal })),
);
const ManagerPortal = lazy(() =>
  import('../portals/manager/manager-portal').then((m) => ({ default: m.ManagerPortal })),
);
const WarehousePortal = lazy(() =>
  import('../portals/warehouse/warehouse-portal').then((m) => ({ default: m.WarehousePortal })),
);
const AssistantPortal = lazy(() =>
  import('../portals/assistant/assistant-portal').then((m) => ({ default: m.AssistantPortal })),
);

function portalElement(portal: Portal, Component: ComponentType) {
  return (
    <RequirePortal portal={portal}>
      <PortalLayout portal={portal}>
        <Component />
      </PortalLayout>
    </RequirePortal>
  );
}

export function AppRouter() {
  return (
    <Suspense fallback={<Loading fullScreen />}>
      <Routes>
        <Route index element={<LandingPage />} />
        <Route path={paths.login} element={<StaffLoginPage />} />
        <Route path={paths.customerLogin} element={<CustomerLoginPage />} />
        <Route path={`${paths.customer.root}/*`} element={portalElement('customer', CustomerPortal)} />
        <Route path={`${paths.admin.root}/*`} element={portalElement('admin', AdminPortal)} />
        <Route path={`${paths.manager.root}/*`} element={portalElement('manager', ManagerPortal)} />
        <Route path={`${paths.warehouse.root}/*`} element={portalElement('warehouse', WarehousePortal)} />
        <Route path={`${paths.assistant.root}/*`} element={portalElement('assistant', AssistantPortal)} />
        <Route path={`${paths.driver.root}/*`} element={portalElement('assistant', AssistantPortal)} />
        <Route path="*" element={<Navigate to={paths.home} replace />} />
      </Routes>
    </Suspense>
  );
}
