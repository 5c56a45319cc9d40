import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '#server/app';
import { parseCsv, pdfText } from '#server/test/documents';
import { createUser } from '#server/test/factories';
import { openTestDatabase, TEST_JWT_SECRET } from '#server/test/harness';
import { PDF_ROW_CAP, registerReport } from './report-route';

const database = await openTestDatabase();
const app = await buildApp({ db: database.db, jwtSecret: TEST_JWT_SECRET });
registerReport(app, app.ctx, {
  name: 'test-customers',
  title: 'Customers',
  description: 'A report for this test.',
  permission: 'reports:operations',
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

// more rows than a PDF holds: row i has revenue i
const MANY = PDF_ROW_CAP * 2 + 7;
registerReport(app, app.ctx, {
  name: 'test-many',
  title: 'Many rows',
  description: 'A report longer than a PDF shows.',
  permission: 'reports:operations',
  row: z.object({ name: z.string(), revenue: z.number() }),
  columns: [
    { key: 'name', label: 'Name' },
    { key: 'revenue', label: 'Revenue', kind: 'int', total: 'sum' },
  ],
  run: async () => Array.from({ length: MANY }, (_, i) => ({ name: `Row ${i + 1}`, revenue: i + 1 })),
});

/**
 * A report whose CSV comes in batches of ready CSV text: `limit` batches of 100 rows (none:
 * without end). It records how many batches were read and when its source was closed.
 */
function deferred() {
  let resolve!: (read: number) => void;
  const promise = new Promise<number>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
const source = { read: 0, closed: deferred() };
registerReport(app, app.ctx, {
  name: 'test-batches',
  title: 'Batches',
  description: 'A report read in batches.',
  permission: 'reports:operations',
  row: z.object({ batch: z.number(), line: z.number() }),
  columns: [
    { key: 'batch', label: 'Batch', kind: 'int' },
    { key: 'line', label: 'Line', kind: 'int' },
  ],
  filters: ['limit'],
  extraQuery: { limit: z.coerce.number().int().optional() },
  run: async () => [],
  async *csvText(_ctx, _user, { query }) {
    source.read = 0;
    source.closed = deferred();
    try {
      for (let batch = 1; query.limit === undefined || batch <= query.limit; batch++) {
        source.read = batch;
        yield Array.from({ length: 100 }, (_, line) => `${batch},${line}\r\n`).join('');
      }
    } finally {
      source.closed.resolve(source.read);
    }
  },
});
await app.ready();
afterAll(async () => {
  await app.close();
  await database.close();
});
const manager = await createUser(app, 'Manager');
const report = (path: string) => app.inject({ url: `/api/report/${path}`, headers: manager.auth });

describe('report definitions', () => {
  const definition = {
    name: 'test-filters',
    title: 'Filters',
    description: 'A report whose metadata states its filters.',
    permission: 'reports:operations',
    row: z.object({ month: z.string() }),
    columns: [{ key: 'month', label: 'Month' }],
    run: async () => [],
  } as const;

  it('refuse a query that validates other filters than the metadata states', () => {
    expect(() =>
      registerReport(app, app.ctx, { ...definition, extraQuery: { month: z.string().optional() } }),
    ).toThrow('report test-filters: the query validates [month] but its metadata states the filters []');
    expect(() => registerReport(app, app.ctx, { ...definition, filters: ['month', 'limit'] })).toThrow(
      'report test-filters: the query validates [] but its metadata states the filters [limit,month]',
    );
  });

  // and a definition whose metadata states a column its rows do not have does not compile (tsc)
  void (() =>
    registerReport(app, app.ctx, {
      ...definition,
      // @ts-expect-error: the rows have no such field
      columns: [{ key: 'not_a_field', label: 'Nothing' }],
    }));
});

describe('report downloads', () => {
  it('write CSV through the shared writer: formulas neutralised, negative amounts kept', async () => {
    const res = await report('test-customers?format=csv&from=2026-01-01&to=2026-01-31');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename=test-customers-2026-01-01-to-2026-01-31.csv',
    );
    expect(parseCsv(res.payload)).toEqual([
      ['Customer', 'Revenue'],
      ['\'=HYPERLINK("http://evil.example/","Click")', '10.00'],
      ["'@SUM(A1:A9)", '-2.50'],
    ]);
  });

  it('stream a CSV read in batches: every batch once, in order, one header', async () => {
    const res = await report('test-batches?format=csv&limit=5');
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = parseCsv(res.payload);
    expect(header).toEqual(['Batch', 'Line']);
    expect(rows).toHaveLength(500);
    expect(rows[0]).toEqual(['1', '0']);
    expect(rows.at(-1)).toEqual(['5', '99']);
    expect(await source.closed.promise).toBe(5);
    // an empty report is its header alone
    expect(parseCsv((await report('test-batches?format=csv&limit=0')).payload)).toEqual([['Batch', 'Line']]);
  });

  it('stop reading batches when the client goes away', async () => {
    // a CSV without end: only a client that leaves ends it
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const firstBytes = await new Promise<string>((resolve, reject) => {
      const req = get(
        { host: '127.0.0.1', port, path: '/api/report/test-batches?format=csv', headers: manager.auth },
        (res) => {
          res.once('data', (chunk: Buffer) => {
            req.destroy();
            resolve(chunk.toString());
          });
        },
      );
      req.on('error', reject);
    });
    expect(firstBytes.startsWith('Batch,Line\r\n')).toBe(true);
    // the source was closed: the batches stopped at a finite number, however long we wait
    const read = await source.closed.promise;
    expect(read).toBeGreaterThanOrEqual(1);
    expect(source.read).toBe(read);
  });

  it('make a readable PDF of a long report: the first rows, the count, totals of every row, a pointer to the CSV', async () => {
    const res = await report('test-many?format=pdf&from=2026-01-01&to=2026-01-31');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename=test-many-2026-01-01-to-2026-01-31.pdf',
    );
    const text = await pdfText(res.rawPayload, 100);
    expect(text).toContain(`Period: 2026-01-01 to 2026-01-31 · ${MANY} row(s)`);
    expect(text).toContain(
      `This PDF shows the first ${PDF_ROW_CAP} of ${MANY} rows; the CSV download of the same report holds every row.`,
    );
    expect(text).toContain(`Row ${PDF_ROW_CAP} `);
    expect(text).not.toContain(`Row ${PDF_ROW_CAP + 1} `);
    // the totals are of every row, not only of those shown
    expect(text).toMatch(
      new RegExp(`Total, all rows\\s+${((MANY * (MANY + 1)) / 2).toLocaleString('en-US')}`),
    );
    // the CSV holds them all
    expect(parseCsv((await report('test-many?format=csv')).payload)).toHaveLength(MANY + 1);
  });

  it('make a short report a PDF without a note', async () => {
    const text = await pdfText((await report('test-customers?format=pdf')).rawPayload);
    expect(text).toContain('2 row(s)');
    expect(text).not.toContain('This PDF shows the first');
  });
});
