import { ClipboardList, type LucideIcon, Package, ShieldCheck, Store, Truck } from 'lucide-react';
import type { Portal } from '#shared/roles';
import type { MessageKey } from '#web/i18n/provider';
import { paths } from '#web/lib/paths';

export interface PortalSummary {
  title: MessageKey;
  /** Who the portal is for, for the landing page and the welcome screen. */
  summary: MessageKey;
  icon: LucideIcon;
  home: string;
}

/**
 * Each portal in a line: the landing page's cards and the head of its menu (nav.ts). Apart from
 * the menus, so the landing page loads five icons, not every menu's (docs/decisions/0085).
 */
export const PORTAL_SUMMARY: Record<Portal, PortalSummary> = {
  customer: {
    title: 'portal.customer.title',
    summary: 'portal.customer.summary',
    icon: Package,
    home: paths.customer.root,
  },
  admin: {
    title: 'portal.admin.title',
    summary: 'portal.admin.summary',
    icon: ShieldCheck,
    home: paths.admin.root,
  },
  manager: {
    title: 'portal.manager.title',
    summary: 'portal.manager.summary',
    icon: ClipboardList,
    home: paths.manager.root,
  },
  warehouse: {
    title: 'portal.warehouse.title',
    summary: 'portal.warehouse.summary',
    icon: Store,
    home: paths.warehouse.root,
  },
  assistant: {
    title: 'portal.assistant.title',
    summary: 'portal.assistant.summary',
    icon: Truck,
    home: paths.assistant.root,
  },
};
