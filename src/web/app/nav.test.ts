import { describe, expect, it } from 'vitest';
import { can } from '#shared/permissions';
import { REPORTS as METADATA, type ReportMeta } from '#shared/reports';
import type { Portal } from '#shared/roles';
import { centerReports, REPORTS, reportsFor } from '#web/features/admin-reports/report-catalog';
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

  it('the report center reads every report from its one statement: a new entry appears with no other file', () => {
    const added: ReportMeta<'day' | 'parcels' | 'state'> = {
      name: 'parcels-per-day',
      title: 'Parcels per Day',
      description: 'A report added for this test.',
      permission: 'reports:operations',
      filters: ['customer_id'],
      defaultDays: 13,
      columns: [
        { key: 'day', label: 'Day', kind: 'date' },
        { key: 'parcels', label: 'Parcels handed over', kind: 'int', total: 'sum' },
        { key: 'state', label: 'State', kind: 'badge' },
      ],
      center: {
        category: 'Operations',
        summary: 'Parcels per day.',
        columns: ['state', { key: 'parcels', label: 'Parcels' }],
      },
    };
    const hidden: ReportMeta<'day'> = {
      ...added,
      name: 'hidden',
      columns: [{ key: 'day', label: 'Day' }],
      center: undefined,
    };
    const [spec, ...others] = centerReports({ [added.name]: added, [hidden.name]: hidden });
    expect(others).toEqual([]);
    expect(spec).toEqual({
      name: 'parcels-per-day',
      title: 'Parcels per Day',
      permission: 'reports:operations',
      category: 'Operations',
      description: 'Parcels per day.',
      columns: [
        { key: 'state', label: 'State', kind: 'badge' },
        { key: 'parcels', label: 'Parcels', kind: 'int' },
      ],
      days: 13,
      extra: 'customer',
    });
  });

  it("lists every report with a center, each column one of the report's own, from src/shared/reports.ts", () => {
    const centered = Object.values(METADATA as Record<string, ReportMeta>).filter((m) => m.center);
    expect(REPORTS.map((r) => r.name)).toEqual(centered.map((m) => m.name));
    for (const spec of REPORTS) {
      const meta = centered.find((m) => m.name === spec.name)!;
      for (const column of spec.columns)
        expect(
          meta.columns.map((c) => c.key),
          spec.name,
        ).toContain(column.key);
      expect(spec.permission).toBe(meta.permission);
    }
  });
});
