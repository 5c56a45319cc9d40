import { describe, expect, it } from 'vitest';
import { can, PERMISSIONS, type Permission, REFUSED_ACTION } from '#shared/permissions';
import { REPORTS } from '#shared/reports';
import type { Portal } from '#shared/roles';
import { REPORTS as CENTER } from '#web/features/admin-reports/report-catalog';
import { createPortalUsers } from './test/factories';
import { createTestApp } from './test/harness';

// Every report belongs to one family in the permission table (docs/decisions/0061): the warehouse
// reads the stock reports and alerts, the manager the operations ones, the admin every family.
const { app } = await createTestApp();
const users = await createPortalUsers(app);
const FAMILIES: readonly Permission[] = ['reports:stock', 'reports:operations', 'reports:financial'];

const reportRoutes = app.declaredRoutes.filter((r) => r.method === 'GET' && r.url.startsWith('/api/report/'));
const familyOf = new Map(reportRoutes.map((r) => [r.url.slice('/api/report/'.length), r.permission]));
// the reports that need a filter to answer 200
const QUERY: Record<string, string> = {
  'customer-orders': '?customer_id=1',
  'top-items': '?quarter=2026-Q1',
};
const read = (report: string, portal: Portal, format = '') =>
  app.inject({
    url: `/api/report/${report}${QUERY[report] ?? ''}${format ? `${QUERY[report] ? '&' : '?'}format=${format}` : ''}`,
    headers: users.get(portal)!.auth,
  });

describe('report families', () => {
  it('every report route declares one family, and the table gives each its roles', () => {
    expect(reportRoutes.length).toBeGreaterThanOrEqual(17);
    for (const route of reportRoutes) expect(FAMILIES, route.url).toContain(route.permission);
    expect(PERMISSIONS['reports:stock']).toEqual(['warehouse', 'admin']);
    expect(PERMISSIONS['reports:operations']).toEqual(['manager', 'admin']);
    expect(PERMISSIONS['reports:financial']).toEqual(['admin']);
    expect(Object.keys(PERMISSIONS)).not.toContain('reports:read');
    expect(Object.keys(PERMISSIONS)).not.toContain('reports:business');
  });

  it('sorts each report into its family', () => {
    const names = (family: Permission) =>
      [...familyOf]
        .filter(([, p]) => p === family)
        .map(([name]) => name)
        .sort();
    expect(names('reports:stock')).toEqual(['current-stock', 'inventory-alerts', 'product-performance']);
    expect(names('reports:operations')).toEqual([
      'crew-hours',
      'customer-orders',
      'delivery-performance',
      'delivery-performance-summary',
      'driver-hours',
      'employee-workload',
      'train-capacity-utilization',
      'truck-usage',
      'truck_usage',
    ]);
    expect(names('reports:financial')).toEqual([
      'city-sales',
      'quarterly-sales',
      'revenue-analysis',
      'route-sales',
      'top-items',
    ]);
  });

  it('every report route is registered from its one metadata entry (src/shared/reports.ts), and every entry has its route', () => {
    expect([...familyOf.keys()].sort()).toEqual(Object.keys(REPORTS).sort());
    for (const [name, meta] of Object.entries(REPORTS)) {
      expect(meta.name).toBe(name);
      expect(familyOf.get(name), name).toBe(meta.permission);
    }
  });

  it("the admin's report center hides what the server refuses: each report under the family its route declares", () => {
    expect(CENTER.length).toBeGreaterThan(0);
    for (const spec of CENTER) expect(spec.permission, spec.name).toBe(familyOf.get(spec.name));
  });

  it('a warehouse token gets 403 on driver hours, truck usage and the other operations and financial reports', async () => {
    for (const report of [
      'driver-hours',
      'truck_usage',
      'truck-usage',
      'delivery-performance',
      'employee-workload',
    ]) {
      const res = await read(report, 'warehouse');
      expect(res.statusCode, report).toBe(403);
      expect(res.json(), report).toEqual({
        detail: `Your role (Warehouse Manager) cannot ${REFUSED_ACTION['reports:operations']}`,
      });
    }
    expect((await read('driver-hours', 'warehouse', 'csv')).statusCode).toBe(403);
    expect((await read('revenue-analysis', 'warehouse')).json().detail).toContain('financial reports');
    // its own: the stock reports and the alerts
    for (const report of ['current-stock', 'product-performance', 'inventory-alerts'])
      expect((await read(report, 'warehouse')).statusCode, report).toBe(200);
  });

  it('a manager reads operations reports, not the financial or stock ones', async () => {
    for (const report of [
      'truck_usage',
      'driver-hours',
      'delivery-performance',
      'train-capacity-utilization',
    ])
      expect((await read(report, 'manager')).statusCode, report).toBe(200);
    for (const report of ['revenue-analysis', 'quarterly-sales', 'city-sales', 'route-sales', 'top-items']) {
      const res = await read(report, 'manager');
      expect(res.statusCode, report).toBe(403);
      expect(res.json().detail, report).toBe(
        `Your role (Manager) cannot ${REFUSED_ACTION['reports:financial']}`,
      );
    }
    expect((await read('inventory-alerts', 'manager')).statusCode).toBe(403);
    const dismiss = await app.inject({
      method: 'POST',
      url: '/api/inventory-alerts/1/dismissal',
      headers: users.get('manager')!.auth,
    });
    expect(dismiss.statusCode).toBe(403);
  });

  it('the admin reads every report, as JSON and as a download', async () => {
    for (const report of familyOf.keys()) {
      expect((await read(report, 'admin')).statusCode, report).toBe(200);
      expect((await read(report, 'admin', 'csv')).statusCode, `${report} csv`).toBe(200);
    }
  });

  it('every report answers each portal as the table says', async () => {
    for (const [report, family] of familyOf) {
      for (const portal of users.keys()) {
        const res = await read(report, portal);
        if (can(portal, family as Permission)) expect(res.statusCode, `${portal} ${report}`).toBe(200);
        else expect(res.statusCode, `${portal} ${report}`).toBe(403);
      }
    }
  });
});
