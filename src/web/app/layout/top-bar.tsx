import { LogOut, Menu } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { Notification } from '#shared/contract/notifications';
import type { Portal } from '#shared/roles';
import { Button } from '#web/components/ui/button';
import { CrewBellLink, NotificationBell } from '#web/features/notifications/components/notification-bell';
import { GlobalSearch } from '#web/features/search/components/global-search';
import { LanguageSwitch } from '#web/i18n/language-switch';
import { useT } from '#web/i18n/provider';
import { roleName } from '#web/i18n/role-name';
import { paths } from '#web/lib/paths';
import { useSession } from '#web/lib/session';

/** Where a notification about a support request opens, in the portals that have one. */
const SUPPORT_REQUEST: Partial<Record<Portal, (id: number) => string>> = {
  customer: paths.customer.supportRequest,
  manager: paths.manager.supportRequest,
  admin: paths.admin.supportRequest,
};

function notificationLink(portal: Portal) {
  const support = SUPPORT_REQUEST[portal];
  return (n: Notification) => (support && n.request_id !== null ? support(n.request_id) : null);
}

export function TopBar({ portal, onOpenMenu }: { portal: Portal; onOpenMenu: () => void }) {
  const { user, logout } = useSession();
  const navigate = useNavigate();
  const t = useT();

  function handleLogout() {
    logout();
    navigate(paths.login, { replace: true });
  }

  return (
    <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-slate-200 bg-white px-4 sm:bg-white/90 sm:px-6 sm:backdrop-blur">
      <button
        type="button"
        onClick={onOpenMenu}
        aria-label={t('layout.openMenu')}
        className="-ml-1 rounded-md p-2 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 lg:hidden"
      >
        <Menu aria-hidden="true" className="size-5" />
      </button>
      <GlobalSearch portal={portal} />
      <div className="ml-auto flex items-center gap-2 sm:gap-3">
        <LanguageSwitch />
        {/* the crew portal has its own Notifications page: the bell leads there */}
        {user &&
          (portal === 'assistant' ? (
            user.employee_id !== null && (
              <CrewBellLink crewEmployeeId={user.employee_id} to={paths.assistant.notifications} />
            )
          ) : (
            <NotificationBell linkFor={notificationLink(portal)} />
          ))}
        {user && (
          <div className="hidden text-right sm:block">
            <p className="max-w-56 truncate text-sm font-medium text-slate-900" title={user.email}>
              {user.email}
            </p>
            <p className="text-xs text-slate-500">{roleName(t, user.role)}</p>
          </div>
        )}
        <Button variant="secondary" size="sm" onClick={handleLogout}>
          <LogOut aria-hidden="true" className="size-4" />
          <span className="sr-only sm:not-sr-only">{t('layout.logout')}</span>
        </Button>
      </div>
    </header>
  );
}
