import { describe, expect, it } from 'vitest';
import { can } from '#shared/permissions';
import type { Portal } from '#shared/roles';
import { reportsFor } from '#web/features/admin-reports/report-catalog';
import { PORTAL_META, portalNav } from './nav';

const PORTALS = Object.keys(PORTAL_META) as Portal[];

describe('menus and report lists follow the permission table', () => {
  it('a menu entry with a permission shows only to the portals the table lets use it', () => {
    for (const portal of PORTALS) {
      const shown = portalNav(portal).map((i) => i.to);
      for (const item of PORTAL_META[portal].nav) {
        const keys = item.permission === undefined ? [] : [item.permission].flat();
        const allowed = keys.length === 0 || keys.some((k) => can(portal, k));
        expect(shown.includes(item.to), `${portal} ${item.label}`).toBe(allowed);
      }
    }
  });

  it('the warehouse keeps its stock reports and alerts; the manager its operations reports', () => {
    expect(portalNav('warehouse').map((i) => i.label)).toEqual([
      'Dashboard',
      'Inventory',
      'Reports',
      'Store Stock',
      'Alerts',
    ]);
    expect(portalNav('manager').map((i) => i.label)).toContain('Reports');
  });

  it('the report center lists each portal only the families it may read', () => {
    expect(reportsFor('admin').length).toBe(13);
    expect(reportsFor('manager').map((r) => r.name)).toEqual([
      'train-capacity-utilization',
      'delivery-performance',
      'employee-workload',
      'crew-hours',
      'truck-usage',
      'customer-orders',
    ]);
    expect(reportsFor('warehouse').map((r) => r.name)).toEqual(['product-performance', 'inventory-alerts']);
    expect(reportsFor('customer')).toEqual([]);
  });
});
