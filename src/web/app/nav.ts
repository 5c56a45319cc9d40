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
  ShieldCheck,
  Store,
  TrainFront,
  TriangleAlert,
  Truck,
  Users,
} from 'lucide-react';
import { ORDER_LEAD_DAYS } from '#shared/constants';
import { can, type Permission } from '#shared/permissions';
import type { Portal } from '#shared/roles';
import { paths } from '#web/lib/paths';

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** One line for section cards on the portal home. */
  description: string;
  /** A live count shown next to the entry. */
  badge?: 'crew-notifications';
  /** Shown only to a portal the permission table lets read it (any of several keys). */
  permission?: Permission | readonly Permission[];
}

export interface PortalMeta {
  title: string;
  /** Who the portal is for, for the landing page and the welcome screen. */
  summary: string;
  icon: LucideIcon;
  home: string;
  nav: readonly NavItem[];
}

/** The sidebar menu of every portal (docs/product/portals.md); the first item is the portal root. */
export const PORTAL_META: Record<Portal, PortalMeta> = {
  customer: {
    title: 'Customer Portal',
    summary: `Place orders with a ${ORDER_LEAD_DAYS}-day lead time, follow their status and review your order history.`,
    icon: Package,
    home: paths.customer.root,
    nav: [
      {
        label: 'Dashboard',
        to: paths.customer.root,
        icon: LayoutDashboard,
        description: 'Your orders at a glance.',
      },
      {
        label: 'New Order',
        to: paths.customer.newOrder,
        icon: PackagePlus,
        description: 'Place a new order.',
      },
      {
        label: 'Order History',
        to: paths.customer.history,
        icon: History,
        description: 'Every order you placed.',
      },
      { label: 'Support', to: paths.customer.support, icon: LifeBuoy, description: 'Ask our team for help.' },
      {
        label: 'Guidelines',
        to: paths.customer.guidelines,
        icon: BookOpen,
        description: 'How ordering works.',
      },
    ],
  },
  admin: {
    title: 'Admin Portal',
    summary:
      'Manage users and roles, the fleet of trucks, routes and stores, read reports and the audit log, and watch company analytics.',
    icon: ShieldCheck,
    home: paths.admin.root,
    nav: [
      { label: 'Dashboard', to: paths.admin.root, icon: LayoutDashboard, description: 'Company analytics.' },
      {
        label: 'Users & Roles',
        to: paths.admin.users,
        icon: Users,
        description: 'Create staff accounts and edit role access rights.',
      },
      {
        label: 'Fleet',
        to: paths.admin.fleet,
        icon: Truck,
        description: 'Trucks, routes and stores.',
      },
      {
        label: 'Reports',
        to: paths.admin.reports,
        icon: BarChart3,
        description: 'Financial, operations and inventory reports.',
        permission: ['reports:financial', 'reports:operations', 'reports:stock'],
      },
      {
        label: 'Audit Logs',
        to: paths.admin.logs,
        icon: FileText,
        description: 'Every change made in the system.',
      },
      {
        label: 'Support',
        to: paths.admin.support,
        icon: LifeBuoy,
        description: "Answer and close customers' support requests.",
      },
    ],
  },
  manager: {
    title: 'Manager Portal',
    summary: 'Schedule train and truck deliveries, approve or reject orders and follow delivery performance.',
    icon: ClipboardList,
    home: paths.manager.root,
    nav: [
      {
        label: 'Dashboard',
        to: paths.manager.root,
        icon: LayoutDashboard,
        description: 'Trips and pending work.',
      },
      {
        label: 'Train Scheduling',
        to: paths.manager.train,
        icon: TrainFront,
        description: 'Rail trips and their capacity.',
      },
      {
        label: 'Truck Scheduling',
        to: paths.manager.truck,
        icon: Truck,
        description: 'Schedule last-mile truck deliveries.',
      },
      {
        label: 'Dispatch Planner',
        to: paths.manager.planner,
        icon: CalendarRange,
        description: "Plan the week's trains, trucks and crews in one step.",
      },
      {
        label: 'Orders',
        to: paths.manager.orders,
        icon: ClipboardCheck,
        description: 'Approve or reject orders.',
      },
      {
        label: 'Reports',
        to: paths.manager.reports,
        icon: BarChart3,
        description: 'Truck usage and driver hours.',
        permission: 'reports:operations',
      },
      {
        label: 'Support',
        to: paths.manager.support,
        icon: LifeBuoy,
        description: "Answer and close customers' support requests.",
      },
    ],
  },
  warehouse: {
    title: 'Warehouse Portal',
    summary: 'Keep inventory accurate, watch stock levels per store and act on low-stock alerts.',
    icon: Store,
    home: paths.warehouse.root,
    nav: [
      {
        label: 'Dashboard',
        to: paths.warehouse.root,
        icon: LayoutDashboard,
        description: 'Stock at a glance.',
      },
      {
        label: 'Inventory',
        to: paths.warehouse.inventory,
        icon: Package,
        description: 'Edit available units.',
      },
      {
        label: 'Reports',
        to: paths.warehouse.reports,
        icon: BarChart3,
        description: 'Stock reports and exports.',
        permission: 'reports:stock',
      },
      {
        label: 'Store Stock',
        to: paths.warehouse.stores,
        icon: Store,
        description: 'Stock held at each store.',
      },
      {
        label: 'Alerts',
        to: paths.warehouse.alerts,
        icon: TriangleAlert,
        description: 'Low-stock alerts.',
        permission: 'reports:stock',
      },
    ],
  },
  assistant: {
    title: 'Driver & Assistant Portal',
    summary: 'See your delivery assignments, confirm delivered items and keep up with notifications.',
    icon: Truck,
    home: paths.assistant.root,
    nav: [
      {
        label: 'Dashboard',
        to: paths.assistant.root,
        icon: LayoutDashboard,
        description: 'Your day at a glance.',
      },
      {
        label: 'Assignments',
        to: paths.assistant.assignments,
        icon: ClipboardList,
        description: 'Deliveries assigned to you.',
      },
      {
        label: 'Confirmation',
        to: paths.assistant.confirmation,
        icon: ClipboardCheck,
        description: 'Confirm delivered items.',
      },
      {
        label: 'Notifications',
        to: paths.assistant.notifications,
        icon: Bell,
        description: 'Alerts and updates.',
        badge: 'crew-notifications',
      },
      {
        label: 'Driver',
        to: paths.driver.root,
        icon: Truck,
        description: "Today's runs, for drivers.",
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
