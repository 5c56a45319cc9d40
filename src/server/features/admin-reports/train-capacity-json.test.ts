import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { asciiJson, jsonWriter } from '#server/http/serializer';
import { insertHistoricOrder } from '#server/test/admin-factories';
import { createCustomer, createUser } from '#server/test/factories';
import { createTestApp } from '#server/test/harness';
import { createTrip } from '#server/test/scheduling-factories';
import { NEAR_FULL_PERCENT } from '#shared/constants';
import { trainCapacityRow } from '#shared/contract/admin-reports';
import * as q from './admin-reports.queries';
import { trainCapacityRows } from './financial-reports';
import { round, spanOf } from './period';

// The train-capacity-utilization JSON is written by PostgreSQL (decision 0051): it must be byte
// for byte what the API's own writer (the contract's compiled writer, then asciiJson) writes for
// the rows `run` computes in JS from `tripsInSpan`.
const { app, setNow } = await createTestApp();
const db = app.ctx.db;
const NOW = new Date('2031-05-15T06:00:00Z');
setNow(NOW);
const admin = await createUser(app, 'Admin');

const writeJson = jsonWriter(z.array(trainCapacityRow));
const apiJson = async (span: q.Span) =>
  asciiJson(writeJson(trainCapacityRows(await q.tripsInSpan(db, span))));

const NAMES = [
  'Plain Express',
  'Comma, Line',
  'Quote "Q" Mail',
  'Back\\slash',
  'Line\nBreak\r\tTab\bBell\u0007\u001f end',
  'DEL \u007f',
  'Sep \u2028 \u2029',
  '</script><b>',
  'Udarata Menike — Kandé',
  'උඩරට මැණිකේ',
  'Astral 🚂',
  '',
];

async function city(name: string) {
  const res = await db.execute<{ city_id: number }>(
    sql`insert into cities (name) values (${name}) returning city_id`,
  );
  return res.rows[0]!.city_id;
}

const customer = await createCustomer(app);
const orders: number[] = [];
for (let i = 0; i < 6; i++)
  orders.push(
    await insertHistoricOrder(app, {
      customerId: customer.customerId,
      at: '2031-05-01T06:00:00Z',
      cityId: null,
      routeId: null,
      items: [],
      status: 'Pending',
    }),
  );

// capacities and bookings around the rounding edges: thirds, sevenths, exact halves of a tenth
// (0.05 % of 20), just above and at the Near Full line, full, empty, large
const CASES: Array<{ capacity: number; spaces: number[] }> = [
  { capacity: 100, spaces: [] },
  { capacity: 3, spaces: [1] },
  { capacity: 7, spaces: [1, 2.5] },
  { capacity: 20, spaces: [0.01] },
  { capacity: 20, spaces: [0.03] },
  { capacity: 2000, spaces: [1, 0.05] },
  { capacity: 1000, spaces: [900] },
  { capacity: 1000, spaces: [900.5] },
  { capacity: 1000, spaces: [900.49] },
  { capacity: 333.33, spaces: [111.11, 100, 0.07] },
  { capacity: 10, spaces: [5, 5] },
  { capacity: 99_999_999.99, spaces: [12_345_678.91, 0.01] },
  { capacity: 0.03, spaces: [0.01] },
];
const arrivals = await Promise.all(['Arrival, "One"', 'Ärrival Två', 'Arrival\tThree'].map(city));
for (const [i, c] of CASES.entries()) {
  const trip = await createTrip(app, arrivals[i % arrivals.length]!, {
    departH: (i % 5) * 24 - 48,
    capacity: c.capacity,
    base: NOW,
  });
  await db.execute(
    sql`update train_trips set train_name = ${NAMES[i % NAMES.length]!} where train_trip_id = ${trip.trainTripId}`,
  );
  for (const [k, space] of c.spaces.entries())
    await db.execute(
      sql`insert into train_allocations (order_id, train_trip_id, space) values (${orders[k]!}, ${trip.trainTripId}, ${space})`,
    );
}
// trips at the same departure (ordered by id), and a departure city with a name to escape
const hub = await city('Hub "Ω"\\');
const twin = await createTrip(app, arrivals[0]!, { departH: 10, capacity: 50, base: NOW });
const twin2 = await createTrip(app, arrivals[1]!, { departH: 10, capacity: 60, base: NOW });
await db.execute(
  sql`update train_trips set departure_city_id = ${hub}, train_name = ${NAMES[10]!}
       where train_trip_id in (${twin.trainTripId}, ${twin2.trainTripId})`,
);

async function get(url: string) {
  const res = await app.inject({ method: 'GET', url, headers: admin.auth });
  expect(res.statusCode).toBe(200);
  return res.body;
}

describe('the train-capacity-utilization JSON written by PostgreSQL', () => {
  it('is byte for byte what the API writes for the rows it computes, across names and capacities', async () => {
    const span = { from: new Date('2031-05-01T00:00:00Z'), before: new Date('2031-06-01T00:00:00Z') };
    const expected = await apiJson(span);
    // every trip made above is in it, and it escapes what it must
    expect((JSON.parse(expected) as unknown[]).length).toBe(CASES.length + 2);
    expect(expected).toContain('\\u00c4rrival');
    expect(expected).toContain('\\ud83d\\ude82');
    expect(expected).toContain('"status":"Near Full"');
    expect(await q.trainCapacityJson(db, span)).toBe(expected);

    // through the route (the default period, and one given): the same text
    const period = { from: '2031-05-10', to: '2031-05-20' };
    expect(await get('/api/report/train-capacity-utilization')).toBe(
      await apiJson(spanOf({ from: '2031-04-15', to: '2031-06-14' })),
    );
    const body = await get(`/api/report/train-capacity-utilization?from=${period.from}&to=${period.to}`);
    expect(body).toBe(await apiJson(spanOf(period)));
    expect(JSON.parse(body)).toHaveLength(CASES.length + 2);
  });

  it('answers [] for a period without trips', async () => {
    const span = { from: new Date('2040-01-01T00:00:00Z'), before: new Date('2040-02-01T00:00:00Z') };
    expect(await q.trainCapacityJson(db, span)).toBe('[]');
    expect(await apiJson(span)).toBe('[]');
  });

  it("rounds the utilisation as the API's round(…, 1) does, for every capacity and booking in a grid", async () => {
    // numeric(10, 2) pairs used <= total: many totals, each with used at every 0.7 % and around the
    // ties (halves of a tenth of a percent) and the Near Full line
    const res = await db.execute<{ used: number; total: number; text: string; near_full: boolean }>(
      sql`with totals as (
            select unnest(array[0.01, 0.02, 0.03, 0.07, 0.2, 1, 2, 3, 7, 9.99, 11, 13, 20, 33.33, 40, 64, 99.99,
                                100, 123.45, 200, 333.33, 400, 500, 777.77, 1000, 2000, 4096, 12345.67,
                                20000, 65536, 99999999.99]::numeric(10, 2)[]) as total),
          pairs as (
            select distinct t.total, u.used::numeric(10, 2) as used from totals t
            cross join lateral (
              select round(t.total * k / 1000, 2) as used from generate_series(0, 1000, 7) k
              union all select round(t.total * (k + 0.5) / 1000, 2) + d
                from generate_series(0, 999) k, unnest(array[-0.01, 0, 0.01]::numeric[]) d
               where k % 37 = 0 or k between 895 and 905) u
            where u.used between 0 and t.total)
          select used::float8 as used, total::float8 as total,
                 ${q.tenthsText(q.utilizationTenths(sql`used`, sql`total`))} as text,
                 ${q.utilizationTenths(sql`used`, sql`total`)} > ${NEAR_FULL_PERCENT * 10} as near_full
            from pairs`,
    );
    expect(res.rows.length).toBeGreaterThan(3000);
    const wrong = res.rows.filter((r) => {
      const percent = r.total > 0 ? round((r.used / r.total) * 100, 1) : 0;
      return JSON.stringify(percent) !== r.text || percent > NEAR_FULL_PERCENT !== r.near_full;
    });
    expect(wrong).toEqual([]);
    // the grid holds exact ties on even tenths, which rounding half to even (PostgreSQL's
    // round(float8)) would round down and Math.round rounds up
    const ties = res.rows.filter((r) => {
      const x = (r.used / r.total) * 100 * 10;
      return x - Math.floor(x) === 0.5 && Math.floor(x) % 2 === 0;
    });
    expect(ties.length).toBeGreaterThan(10);
  });
});
