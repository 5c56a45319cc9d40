import { type ComponentType, lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import type { Portal } from '#shared/roles';
import { AppMessages } from '#web/i18n/app-messages';
import { appMessages } from '#web/i18n/runtime';
import { paths } from '#web/lib/paths';
import { Loading } from '../components/ui/spinner';
import { LandingPage } from './landing/landing-page';
import { PortalLayout } from './layout/portal-layout';
import { RequirePortal } from './require-portal';

// The sign-in pages carry the form and validation libraries; the landing page stays light.
const StaffLoginPage = lazy(() =>
  Promise.all([import('../features/auth/components/staff-login-page'), appMessages()]).then(([m]) => ({
    default: m.StaffLoginPage,
  })),
);
const CustomerLoginPage = lazy(() =>
  Promise.all([import('../features/auth/components/customer-login-page'), appMessages()]).then(([m]) => ({
    default: m.CustomerLoginPage,
  })),
);

// One lazy chunk per portal (docs/architecture.md): a customer never downloads the staff screens;
// the portal's messages in the page's language load with it (docs/decisions/0083).
const CustomerPortal = lazy(() =>
  Promise.all([import('../portals/customer/customer-portal'), appMessages()]).then(([m]) => ({
    default: m.CustomerPortal,
  })),
);
const AdminPortal = lazy(() =>
  Promise.all([import('../portals/admin/admin-portal'), appMessages()]).then(([m]) => ({
    default: m.AdminPortal,
  })),
);
const ManagerPortal = lazy(() =>
  Promise.all([import('../portals/manager/manager-portal'), appMessages()]).then(([m]) => ({
    default: m.ManagerPortal,
  })),
);
const WarehousePortal = lazy(() =>
  Promise.all([import('../portals/warehouse/warehouse-portal'), appMessages()]).then(([m]) => ({
    default: m.WarehousePortal,
  })),
);
const AssistantPortal = lazy(() =>
  Promise.all([import('../portals/assistant/assistant-portal'), appMessages()]).then(([m]) => ({
    default: m.AssistantPortal,
  })),
);

function portalElement(portal: Portal, Component: ComponentType) {
  return (
    <AppMessages>
      <RequirePortal portal={portal}>
        <PortalLayout portal={portal}>
          <Component />
        </PortalLayout>
      </RequirePortal>
    </AppMessages>
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
