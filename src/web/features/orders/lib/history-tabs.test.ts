import { describe, expect, it } from 'vitest';
import type { CustomerStats } from '#shared/contract/orders';
import { HISTORY_TABS, parseHistoryTab, tabCount, tabStatus } from './history-tabs';

const stats: CustomerStats = {
  total_orders: 12,
  active_orders: 6,
  delivered_orders: 5,
  status_counts: { Pending: 2, Scheduled: 3, 'In Transit': 1, Delivered: 5, Cancelled: 1 },
  recent_orders: [],
};

describe('history tabs', () => {
  it('lists the history tabs in order', () => {
    expect(HISTORY_TABS).toEqual(['All', 'In Transit', 'Scheduled', 'Pending', 'Delivered']);
  });

  it('takes counts from the stats; All is the total', () => {
    expect(HISTORY_TABS.map((tab) => tabCount(stats, tab))).toEqual([12, 1, 3, 2, 5]);
    expect(tabCount({ ...stats, status_counts: {} }, 'Pending')).toBe(0);
    expect(tabCount(undefined, 'All')).toBeNull();
  });

  it('parses the tab from the URL and maps it to the status filter', () => {
    expect(parseHistoryTab('In Transit')).toBe('In Transit');
    expect(parseHistoryTab('Cancelled')).toBe('All');
    expect(parseHistoryTab(null)).toBe('All');
    expect(tabStatus('All')).toBeUndefined();
    expect(tabStatus('Delivered')).toBe('Delivered');
  });
});
