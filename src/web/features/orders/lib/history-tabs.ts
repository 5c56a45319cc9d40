import type { CustomerStats } from '#shared/contract/orders';
import type { OrderStatus } from '#shared/order-status';

/** The filter tabs of the order history (docs/product/portals.md#customer), in their order on screen. */
export const HISTORY_TABS = ['All', 'In Transit', 'Scheduled', 'Pending', 'Delivered'] as const;
export type HistoryTab = (typeof HISTORY_TABS)[number];

export function parseHistoryTab(value: string | null): HistoryTab {
  return HISTORY_TABS.find((tab) => tab === value) ?? 'All';
}

/** The status filter sent to the API; All sends none. */
export function tabStatus(tab: HistoryTab): OrderStatus | undefined {
  return tab === 'All' ? undefined : tab;
}

/** A tab's count from the customer stats: All is every order, a status its own count (0 when absent). */
export function tabCount(stats: CustomerStats | undefined, tab: HistoryTab): number | null {
  if (!stats) return null;
  return tab === 'All' ? stats.total_orders : (stats.status_counts[tab] ?? 0);
}
