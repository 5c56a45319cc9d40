import { describe, expect, it } from 'vitest';
import { FIRST_PERIOD_DATE, LAST_PERIOD_DATE } from '#shared/contract/common';
import { createUser } from './test/factories';
import { createTestApp } from './test/harness';
import { objectKeys, sample } from './test/schema-walk';

// `?from=1000-01-01` on the admin chart answered 422 with PostgreSQL's own message (its previous
// period fell before year 1). Every from/to of every route, in the query or the body, is a
// periodDate of src/shared/contract/common.ts: the walk finds one added later that is not.
const { app } = await createTestApp();
const admin = await createUser(app, 'Admin');
const RANGE = `must be between ${FIRST_PERIOD_DATE} and ${LAST_PERIOD_DATE}`;

type Parsable = {
  safeParse(v: unknown): { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } };
};
const periodFields = app.declaredRoutes.flatMap((route) =>
  (['querystring', 'body'] as const).flatMap((part) =>
    objectKeys(route.schema[part])
      .filter((key) => key === 'from' || key === 'to')
      .map((key) => ({
        name: `${route.method} ${route.url} ${part}.${key}`,
        schema: route.schema[part],
        key,
      })),
  ),
);

describe('every from/to of every route', () => {
  it('is found in the route table (reports, charts, lists, audit log, planner)', () => {
    const names = periodFields.map((f) => f.name);
    expect(names).toContain('GET /api/dashboard/admin-chart-data querystring.from');
    expect(names.filter((n) => n.startsWith('GET /api/report/')).length).toBeGreaterThan(10);
    expect(names).toContain('POST /api/planning/proposals body.from');
  });

  it.each(periodFields.map((f) => [f.name, f] as const))(
    '%s refuses days outside the period range',
    (_n, f) => {
      const issues = (value: string) => {
        const base = sample(f.schema) as Record<string, unknown>;
        // a querystring is all strings: only the field under test is sent
        const input = f.name.includes(' querystring.') ? { [f.key]: value } : { ...base, [f.key]: value };
        return ((f.schema as Parsable).safeParse(input).error?.issues ?? []).filter(
          (i) => i.path[0] === f.key,
        );
      };
      for (const day of ['1000-01-01', '1999-12-31', '2100-01-01', '9999-12-31'])
        expect(issues(day).map((i) => i.message)).toEqual([RANGE]);
      for (const day of [FIRST_PERIOD_DATE, LAST_PERIOD_DATE, '2026-03-10']) expect(issues(day)).toEqual([]);
    },
  );
});

describe('a period far outside the business years', () => {
  const get = (url: string) => app.inject({ url, headers: admin.auth });

  it('is a 422 naming the field and the range, never the database message', async () => {
    for (const url of [
      '/api/dashboard/admin-chart-data?from=1000-01-01',
      '/api/report/quarterly-sales?from=1000-01-01&to=2026-01-01',
      '/api/auditlog?from=0001-01-01',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(422);
      expect(res.json(), url).toEqual({ detail: `Invalid request: querystring.from: ${RANGE}` });
    }
    const late = await get('/api/dashboard/admin-chart-data?to=9999-12-31');
    expect(late.json()).toEqual({ detail: `Invalid request: querystring.to: ${RANGE}` });
  });

  it('the widest period allowed answers (its previous period stays within the database range)', async () => {
    const res = await get(`/api/dashboard/admin-chart-data?from=${FIRST_PERIOD_DATE}&to=${LAST_PERIOD_DATE}`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  });
});
