import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '#server/app';
import { parseCsv } from '#server/test/documents';
import { createUser } from '#server/test/factories';
import { openTestDatabase, TEST_JWT_SECRET } from '#server/test/harness';
import { registerReport } from './report-route';

const database = await openTestDatabase();
const app = await buildApp({ db: database.db, jwtSecret: TEST_JWT_SECRET });
registerReport(app, app.ctx, {
  name: 'test-customers',
  title: 'Customers',
  description: 'A report for this test.',
  permission: 'reports:read',
  row: z.object({ customer: z.string(), revenue: z.number() }),
  columns: [
    { key: 'customer', label: 'Customer' },
    { key: 'revenue', label: 'Revenue', kind: 'money' },
  ],
  run: async () => [
    { customer: '=HYPERLINK("http://evil.example/","Click")', revenue: 10 },
    { customer: '@SUM(A1:A9)', revenue: -2.5 },
  ],
});
await app.ready();
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('report downloads', () => {
  it('write CSV through the shared writer: formulas neutralised, negative amounts kept', async () => {
    const manager = await createUser(app, 'Manager');
    const res = await app.inject({
      url: '/api/report/test-customers?format=csv&from=2026-01-01&to=2026-01-31',
      headers: manager.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename=test-customers-2026-01-01-to-2026-01-31.csv',
    );
    expect(parseCsv(res.payload)).toEqual([
      ['Customer', 'Revenue'],
      ['\'=HYPERLINK("http://evil.example/","Click")', '10.00'],
      ["'@SUM(A1:A9)", '-2.50'],
    ]);
  });
});
