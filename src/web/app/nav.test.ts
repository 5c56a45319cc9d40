import { describe, expect, it } from 'vitest';
import { can } from '#shared/permissions';
import type { Portal } from '#shared/roles';
import { REPORTS, reportsFor } from '#web/features/admin-reports/report-catalog';
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
      'nav.dashboard',
      'nav.inventory',
      'nav.reports',
      'nav.storeStock',
      'nav.alerts',
    ]);
    expect(portalNav('manager').map((i) => i.label)).toContain('nav.reports');
  });

  it('the report center lists each portal only the families it may read', () => {
    expect(reportsFor('admin')).toEqual(REPORTS);
    const manager = reportsFor('manager').map((r) => r.name);
    expect(manager).toContain('delivery-performance');
    expect(manager).toContain('employee-workload');
    expect(manager).not.toContain('revenue-analysis');
    expect(manager).not.toContain('inventory-alerts');
    expect(reportsFor('warehouse').map((r) => r.name)).toEqual(['product-performance', 'inventory-alerts']);
    expect(reportsFor('customer')).toEqual([]);
  });
});
