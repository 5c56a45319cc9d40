import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import type { Portal } from '#shared/roles';
import { AppMessages } from '#web/i18n/app-messages';
import { appMessages } from '#web/i18n/runtime';
import { paths } from '#web/lib/paths';
import { Loading } from '../components/ui/spinner';
import { LandingPage } from './landing/landing-page';
import { RequirePortal } from './require-portal';

/**
 * A screen that loads with the app's data layer (TanStack Query) and the `app` messages in the
 * page's language (docs/decisions/0083), all side by side; the landing page needs none of them
 * (docs/decisions/0085).
 */
function lazyScreen(
  load: () => Promise<ComponentType>,
  Layout?: () => Promise<ComponentType<{ children: ReactNode }>>,
) {
  return lazy(async () => {
    const [{ QueryProvider }, Screen, Frame] = await Promise.all([
      import('./query-provider'),
      load(),
      Layout?.(),
      appMessages(),
    ]);
    return {
      default: () => (
        <QueryProvider>
          {Frame ? (
            <Frame>
              <Screen />
            </Frame>
          ) : (
            <Screen />
          )}
        </QueryProvider>
      ),
    };
  });
}

// The sign-in pages carry the form and validation libraries; the landing page stays light.
const StaffLoginPage = lazyScreen(() =>
  import('../features/auth/components/staff-login-page').then((m) => m.StaffLoginPage),
);
const CustomerLoginPage = lazyScreen(() =>
  import('../features/auth/components/customer-login-page').then((m) => m.CustomerLoginPage),
);

// One lazy chunk per portal (docs/architecture.md): a customer never downloads the staff screens.
// The layout (sidebar, search, notifications, dialogs) is a chunk of its own, fetched side by side
// with the portal's: the landing and sign-in pages never load it.
const PORTAL_MODULES: Record<Portal, () => Promise<ComponentType>> = {
  customer: () => import('../portals/customer/customer-portal').then((m) => m.CustomerPortal),
  admin: () => import('../portals/admin/admin-portal').then((m) => m.AdminPortal),
  manager: () => import('../portals/manager/manager-portal').then((m) => m.ManagerPortal),
  warehouse: () => import('../portals/warehouse/warehouse-portal').then((m) => m.WarehousePortal),
  assistant: () => import('../portals/assistant/assistant-portal').then((m) => m.AssistantPortal),
};

function portalScreen(portal: Portal) {
  return lazyScreen(PORTAL_MODULES[portal], () =>
    import('./layout/portal-layout').then(({ PortalLayout }) => ({ children }: { children: ReactNode }) => (
      <PortalLayout portal={portal}>{children}</PortalLayout>
    )),
  );
}

const PORTAL_SCREENS: Record<Portal, ComponentType> = {
  customer: portalScreen('customer'),
  admin: portalScreen('admin'),
  manager: portalScreen('manager'),
  warehouse: portalScreen('warehouse'),
  assistant: portalScreen('assistant'),
};

function portalElement(portal: Portal) {
  const Screen = PORTAL_SCREENS[portal];
  return (
    <AppMessages>
      <RequirePortal portal={portal}>
        <Screen />
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
        <Route path={`${paths.customer.root}/*`} element={portalElement('customer')} />
        <Route path={`${paths.admin.root}/*`} element={portalElement('admin')} />
        <Route path={`${paths.manager.root}/*`} element={portalElement('manager')} />
        <Route path={`${paths.warehouse.root}/*`} element={portalElement('warehouse')} />
        <Route path={`${paths.assistant.root}/*`} element={portalElement('assistant')} />
        <Route path={`${paths.driver.root}/*`} element={portalElement('assistant')} />
        <Route path="*" element={<Navigate to={paths.home} replace />} />
      </Routes>
    </Suspense>
  );
}
