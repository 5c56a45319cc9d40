import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import type { Portal } from '#shared/roles';
import { AppMessages } from '#web/i18n/app-messages';
import { appMessages, signInMessages } from '#web/i18n/runtime';
import { getToken } from '#web/lib/api-client';
import { paths } from '#web/lib/paths';
import { Loading } from '../components/ui/spinner';
import { LandingPage } from './landing/landing-page';
import { RequirePortal } from './require-portal';

/**
 * A portal screen: it loads with the app's data layer (TanStack Query) and the `app` messages in
 * the page's language (docs/decisions/0083), all side by side; the landing and sign-in pages need
 * neither (docs/decisions/0085, 0088).
 */
function lazyScreen(
  load: () => Promise<ComponentType>,
  Layout: () => Promise<ComponentType<{ children: ReactNode }>>,
) {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const start = () => {
    loading ??= Promise.all([import('./query-provider'), load(), Layout(), appMessages()]).then(
      ([{ QueryProvider }, Screen, Frame]) => ({
        default: () => (
          <QueryProvider>
            <Frame>
              <Screen />
            </Frame>
          </QueryProvider>
        ),
      }),
    );
    return loading;
  };
  /** Starts fetching it all now (it renders as soon as it is in, the same fetch). */
  const preload = () => void start();
  return Object.assign(lazy(start), { preload });
}

/**
 * A sign-in page: its code and the `signin` messages side by side. No data layer (the forms post
 * with `api`) and no portal texts or formatters: a sign-in page loads little more than the landing
 * page (docs/decisions/0085, 0088).
 */
function signInScreen(load: () => Promise<ComponentType>) {
  return lazy(async () => {
    const [Screen] = await Promise.all([load(), signInMessages()]);
    return { default: Screen };
  });
}

const StaffLoginPage = signInScreen(() =>
  import('../features/auth/components/staff-login-page').then((m) => m.StaffLoginPage),
);
const CustomerLoginPage = signInScreen(() =>
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

const PORTAL_SCREENS: Record<Portal, ComponentType & { preload(): void }> = {
  customer: portalScreen('customer'),
  admin: portalScreen('admin'),
  manager: portalScreen('manager'),
  warehouse: portalScreen('warehouse'),
  assistant: portalScreen('assistant'),
};

function PortalRoute({ portal }: { portal: Portal }) {
  const Screen = PORTAL_SCREENS[portal];
  // Signed in (a token is kept): the portal's code loads while the session is checked, not once
  // it is (one round trip less before the home shows: docs/decisions/0088). Starting it is
  // idempotent; a visitor without a token is sent to a login page and loads none of it.
  if (getToken()) Screen.preload();
  return (
    <AppMessages>
      <RequirePortal portal={portal}>
        <Screen />
      </RequirePortal>
    </AppMessages>
  );
}

function portalElement(portal: Portal) {
  return <PortalRoute portal={portal} />;
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
