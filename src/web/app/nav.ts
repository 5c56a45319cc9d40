import {
  BarChart3,
  Bell,
  BookOpen,
  CalendarRange,
  ClipboardCheck,
  ClipboardList,
  FileText,
  History,
  LayoutDashboard,
  LifeBuoy,
  type LucideIcon,
  Package,
  PackagePlus,
  Store,
  TrainFront,
  TriangleAlert,
  Truck,
  Users,
} from 'lucide-react';
import { can, type Permission } from '#shared/permissions';
import type { Portal } from '#shared/roles';
import type { MessageKey } from '#web/i18n/provider';
import { paths } from '#web/lib/paths';
import { PORTAL_SUMMARY, type PortalSummary } from './portal-summary';

export interface NavItem {
  /** Message keys (src/web/i18n/locales/en.json): the screens translate them. */
  label: MessageKey;
  to: string;
  icon: LucideIcon;
  /** One line for section cards on the portal home. */
  description: MessageKey;
  /** A live count shown next to the entry. */
  badge?: 'crew-notifications';
  /** Shown only to a portal the permission table lets read it (any of several keys). */
  permission?: Permission | readonly Permission[];
}

export interface PortalMeta extends PortalSummary {
  nav: readonly NavItem[];
}

/** The sidebar menu of every portal (docs/product/portals.md); the first item is the portal root. */
export const PORTAL_META: Record<Portal, PortalMeta> = {
  customer: {
    ...PORTAL_SUMMARY.customer,
    nav: [
      {
        label: 'nav.dashboard',
        to: paths.customer.root,
        icon: LayoutDashboard,
        description: 'nav.customer.dashboard.description',
      },
      {
        label: 'nav.newOrder',
        to: paths.customer.newOrder,
        icon: PackagePlus,
        description: 'nav.customer.newOrder.description',
      },
      {
        label: 'nav.orderHistory',
        to: paths.customer.history,
        icon: History,
        description: 'nav.customer.orderHistory.description',
      },
      {
        label: 'nav.support',
        to: paths.customer.support,
        icon: LifeBuoy,
        description: 'nav.customer.support.description',
      },
      {
        label: 'nav.guidelines',
        to: paths.customer.guidelines,
        icon: BookOpen,
        description: 'nav.customer.guidelines.description',
      },
    ],
  },
  admin: {
    ...PORTAL_SUMMARY.admin,
    nav: [
      {
        label: 'nav.dashboard',
        to: paths.admin.root,
        icon: LayoutDashboard,
        description: 'nav.admin.dashboard.description',
      },
      {
        label: 'nav.usersRoles',
        to: paths.admin.users,
        icon: Users,
        description: 'nav.admin.usersRoles.description',
      },
      {
        label: 'nav.fleet',
        to: paths.admin.fleet,
        icon: Truck,
        description: 'nav.admin.fleet.description',
      },
      {
        label: 'nav.reports',
        to: paths.admin.reports,
        icon: BarChart3,
        description: 'nav.admin.reports.description',
        permission: ['reports:financial', 'reports:operations', 'reports:stock'],
      },
      {
        label: 'nav.auditLogs',
        to: paths.admin.logs,
        icon: FileText,
        description: 'nav.admin.auditLogs.description',
      },
      {
        label: 'nav.support',
        to: paths.admin.support,
        icon: LifeBuoy,
        description: 'nav.admin.support.description',
      },
    ],
  },
  manager: {
    ...PORTAL_SUMMARY.manager,
    nav: [
      {
        label: 'nav.dashboard',
        to: paths.manager.root,
        icon: LayoutDashboard,
        description: 'nav.manager.dashboard.description',
      },
      {
        label: 'nav.trainScheduling',
        to: paths.manager.train,
        icon: TrainFront,
        description: 'nav.manager.trainScheduling.description',
      },
      {
        label: 'nav.truckScheduling',
        to: paths.manager.truck,
        icon: Truck,
        description: 'nav.manager.truckScheduling.description',
      },
      {
        label: 'nav.dispatchPlanner',
        to: paths.manager.planner,
        icon: CalendarRange,
        description: 'nav.manager.dispatchPlanner.description',
      },
      {
        label: 'nav.orders',
        to: paths.manager.orders,
        icon: ClipboardCheck,
        description: 'nav.manager.orders.description',
      },
      {
        label: 'nav.reports',
        to: paths.manager.reports,
        icon: BarChart3,
        description: 'nav.manager.reports.description',
        permission: 'reports:operations',
      },
      {
        label: 'nav.support',
        to: paths.manager.support,
        icon: LifeBuoy,
        description: 'nav.manager.support.description',
      },
    ],
  },
  warehouse: {
    ...PORTAL_SUMMARY.warehouse,
    nav: [
      {
        label: 'nav.dashboard',
        to: paths.warehouse.root,
        icon: LayoutDashboard,
        description: 'nav.warehouse.dashboard.description',
      },
      {
        label: 'nav.inventory',
        to: paths.warehouse.inventory,
        icon: Package,
        description: 'nav.warehouse.inventory.description',
      },
      {
        label: 'nav.reports',
        to: paths.warehouse.reports,
        icon: BarChart3,
        description: 'nav.warehouse.reports.description',
        permission: 'reports:stock',
      },
      {
        label: 'nav.storeStock',
        to: paths.warehouse.stores,
        icon: Store,
        description: 'nav.warehouse.storeStock.description',
      },
      {
        label: 'nav.alerts',
        to: paths.warehouse.alerts,
        icon: TriangleAlert,
        description: 'nav.warehouse.alerts.description',
        permission: 'reports:stock',
      },
    ],
  },
  assistant: {
    ...PORTAL_SUMMARY.assistant,
    nav: [
      {
        label: 'nav.dashboard',
        to: paths.assistant.root,
        icon: LayoutDashboard,
        description: 'nav.assistant.dashboard.description',
      },
      {
        label: 'nav.assignments',
        to: paths.assistant.assignments,
        icon: ClipboardList,
        description: 'nav.assistant.assignments.description',
      },
      {
        label: 'nav.confirmation',
        to: paths.assistant.confirmation,
        icon: ClipboardCheck,
        description: 'nav.assistant.confirmation.description',
      },
      {
        label: 'nav.notifications',
        to: paths.assistant.notifications,
        icon: Bell,
        description: 'nav.assistant.notifications.description',
        badge: 'crew-notifications',
      },
      {
        label: 'nav.driver',
        to: paths.driver.root,
        icon: Truck,
        description: 'nav.assistant.driver.description',
      },
    ],
  },
};

/** The entries of a portal's menu that the permission table lets it open (the server refuses the rest). */
export function portalNav(portal: Portal): readonly NavItem[] {
  return PORTAL_META[portal].nav.filter(
    (item) =>
      item.permission === undefined ||
      (typeof item.permission === 'string' ? [item.permission] : item.permission).some((p) => can(portal, p)),
  );
}
