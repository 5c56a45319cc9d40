import { clsx } from 'clsx';
import { NavLink } from 'react-router';
import { UnreadBadge } from '#web/features/notifications/components/notification-bell';
import { useT } from '#web/i18n/provider';
import { useSession } from '#web/lib/session';
import type { NavItem } from '../nav';

export interface SidebarNavProps {
  items: readonly NavItem[];
  home: string;
  onNavigate?: () => void;
}

export function SidebarNav({ items, home, onNavigate }: SidebarNavProps) {
  const { user } = useSession();
  const t = useT();
  return (
    <ul className="space-y-1">
      {items.map(({ label, to, icon: Icon, badge }) => (
        <li key={to}>
          <NavLink
            to={to}
            end={to === home}
            onClick={onNavigate}
            className={({ isActive }) =>
              clsx(
                'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-400',
                isActive
                  ? 'bg-indigo-600 text-white shadow-sm'
                  : 'text-slate-300 hover:bg-white/10 hover:text-white',
              )
            }
          >
            <Icon aria-hidden="true" className="size-4.5 shrink-0" />
            {t(label)}
            {badge === 'crew-notifications' && user?.employee_id != null && (
              <UnreadBadge crewEmployeeId={user.employee_id} />
            )}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
