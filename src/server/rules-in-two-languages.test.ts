import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_ATTACHMENT_BYTES, MAX_ROUTE_HOURS } from '#shared/constants';
import { AUDIT_OPERATIONS } from '#shared/contract/audit-log';
import { ANY_FAILURE_REASONS, FAILURE_REASONS } from '#shared/contract/crew';
import { TRUCK_STATUSES } from '#shared/contract/deliveries';
import { EMPLOYEE_TYPES } from '#shared/contract/employees';
import { routeRequest } from '#shared/contract/fleet';
import { NOTIFICATION_TYPES } from '#shared/contract/notifications';
import { SUPPORT_SIDES, SUPPORT_STATUSES } from '#shared/contract/support';
import { addDays, businessDate, businessDateTimeText, startOfBusinessDay } from '#shared/dates';
import { DELIVERY_STATUSES, ORDER_STATUSES } from '#shared/order-status';
import { FOLD_FROM, foldText } from '#shared/search-fold';
import { STOCK_REASONS } from '#shared/stock';
import { lateAfter } from './features/dashboard/manager-stats.queries';
import { performance } from './features/manager-reports/manager-reports';
import { lkTime } from './features/notifications/notifications.queries';
import { verifyProposal } from './features/planning/planner-verify';
import { allRoutes, lockOrders, lockTrucks } from './features/planning/planning.queries';
import { toPlanInput } from './features/planning/planning-input';
import { toCsv } from './lib/csv';
import { pgConstraint } from './lib/errors';
import { openTestDatabase } from './test/harness';
import { scaled } from './test/reliability-scale';

// Rules a trigger or a report needs in SQL and the API states in TypeScript too: each pair is
// proved equal here on the same generated cases.
// A failure prints fast-check's seed; FC_SEED=<seed> replays it.
const database = await openTestDatabase();
afterAll(() => database.close());
const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined;
const runs = scaled(60);

async function column<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await database.db.execute<{ v: T }>(query)).rows.map((r) => r.v);
}

// Instants from 2006-04-15 to 2099, to the millisecond, with Colombo midnights over-weighted.
// Sri Lanka has kept UTC+05:30 since 2006-04-15; before it (1996-2006) it was +06:00 or +06:30,
// which the time-zone database behind Intl and `AT TIME ZONE 'Asia/Colombo'` knows but the fixed
// +05:30 of startOfBusinessDay() and SQL's interval '330 minutes' do not: the first run of this
// test found that '2000-01-01T00:00Z' is 06:00 in one and 05:30 in the other. No business record
// predates 2025, so the rules agree on every day the business has.
const FROM = Date.UTC(2006, 3, 15);
const DAYS = 34_000; // to 2099
const instant = fc.oneof(
  fc.date({ min: new Date(FROM), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true }),
  fc
    .tuple(fc.integer({ min: 1, max: DAYS }), fc.constantFrom(-1, 0, 1, 29_999, 30_000, 59_999))
    .map(([day, ms]) => new Date(FROM + day * 86_400_000 - 19_800_000 + ms)),
);
const day = fc.integer({ min: 1, max: DAYS }).map((n) => addDays('2006-04-15', n));

describe('one rule, two languages, the same answers', () => {
  it('CSV cells: csv_text_cell() in SQL writes a text cell as the API CSV writer (lib/csv.ts) does', async () => {
    const cell = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 30 }).map((t) => t.replaceAll(String.fromCharCode(0), '')), // a text column holds no NUL
      fc.string({
        unit: fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', '"', ',', ' ', 'a', '1', '.'),
        maxLength: 8,
      }),
      fc.constantFrom('-12', '-1.5', '-1.', '--1', '=HYPERLINK("x")', 'a\r\nb', 'a\nb', '"', '', ' '),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(cell, { minLength: 1, maxLength: 20 }), async (texts) => {
        const inSql = await column<string>(
          sql`select csv_text_cell(t) as v from jsonb_array_elements_text(${JSON.stringify(texts)}::jsonb) with ordinality u(t, i) order by i`,
        );
        const inTs = texts.map((t) =>
          toCsv([{ key: 'v', label: 'v' }], [{ v: t }], { header: false }).replace(/\r\n$/, ''),
        );
        expect(inSql).toEqual(inTs);
      }),
      { numRuns: runs, seed },
    );
  });

  it('the business day: business_date() in SQL is businessDate() of src/shared/dates.ts', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(instant, { minLength: 1, maxLength: 30 }), async (instants) => {
        const inSql = await column<string>(
          sql`select to_char(business_date(t::timestamptz), 'YYYY-MM-DD') as v from jsonb_array_elements_text(${JSON.stringify(instants)}::jsonb) with ordinality u(t, i) order by i`,
        );
        expect(inSql).toEqual(instants.map(businessDate));
      }),
      { numRuns: runs, seed },
    );
  });

  it("messages' times: the notifications' lkTime() in SQL is businessDateTimeText()", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(instant, { minLength: 1, maxLength: 30 }), async (instants) => {
        const inSql = await column<string>(
          sql`select ${lkTime('t::timestamptz')} as v from jsonb_array_elements_text(${JSON.stringify(instants)}::jsonb) with ordinality u(t, i) order by i`,
        );
        expect(inSql).toEqual(instants.map(businessDateTimeText));
      }),
      { numRuns: runs, seed },
    );
  });

  it("on time: delivered_on_time() and lateAfter() in SQL agree with the report's performance() and startOfBusinessDay()", async () => {
    // a delivery on the requested day or up to two days either side, often right at the deadline
    const cases = fc.tuple(day, fc.integer({ min: -2 * 86_400_000, max: 2 * 86_400_000 }), fc.boolean());
    await fc.assert(
      fc.asyncProperty(fc.array(cases, { minLength: 1, maxLength: 30 }), async (list) => {
        const rows = list.map(([date, offset, atDeadline]) => {
          const deadline = startOfBusinessDay(addDays(date, 1)).getTime();
          return { date, at: new Date(atDeadline ? deadline + Math.sign(offset) : deadline + offset) };
        });
        const inSql = (
          await database.db.execute<{ on_time: number; late_after: string }>(
            sql`select delivered_on_time((e->>'at')::timestamptz, (e->>'date')::date) as on_time,
                       ${lateAfter("(e->>'date')::date")} as late_after
                from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) with ordinality u(e, i) order by i`,
          )
        ).rows;
        for (const [i, row] of rows.entries()) {
          const lateAfterTs = startOfBusinessDay(addDays(row.date, 1));
          expect(new Date(inSql[i]!.late_after).getTime(), `${row.date}`).toBe(lateAfterTs.getTime());
          const rated = performance(
            { delivered_at: row.at.toISOString(), late_after: lateAfterTs.toISOString() },
            new Date(),
          );
          expect(inSql[i]!.on_time === 1, `${row.date} delivered ${row.at.toISOString()}`).toBe(
            rated.performance_status === 'On Time',
          );
        }
      }),
      { numRuns: runs, seed },
    );
  });

  it('search folding: search_fold() in SQL is foldText() of src/shared/search-fold.ts, one character for one', async () => {
    // The folded letters, plain ASCII (the fast path), and the scripts names and addresses are
    // written in that the table does not fold: Latin, Greek, Cyrillic, Sinhala, Tamil, punctuation,
    // emoji. Outside them the two differ where a database's lower() knows fewer upper-case letters
    // than JavaScript's: the first run found that PGlite keeps the circled Ⓐ-Ⓩ, Latin Extended-D
    // and Vithkuqi upper case (124 letters; PostgreSQL 15 with ICU 72: 55, Georgian Mtavruli,
    // Medefaidrin, Garay). A search for a word in them would not match; no record uses them.
    const scripts = [
      [0x80, 0x24f],
      [0x370, 0x3ff],
      [0x400, 0x4ff],
      [0xb80, 0xbff],
      [0xd80, 0xdff],
      [0x2000, 0x206f],
      [0x1f300, 0x1f5ff],
    ] as const;
    const unit = fc.oneof(
      fc.constantFrom(...FOLD_FROM),
      fc.constantFrom(...'AZaz09 -#/.,'),
      fc
        .constantFrom(...scripts)
        .chain(([min, max]) => fc.integer({ min, max }).map((cp) => String.fromCodePoint(cp))),
    );
    const text = fc.array(unit, { maxLength: 24 }).map((units) => units.join(''));
    await fc.assert(
      fc.asyncProperty(fc.array(text, { minLength: 1, maxLength: 20 }), async (texts) => {
        const inSql = await column<string>(
          sql`select search_fold(t) as v from jsonb_array_elements_text(${JSON.stringify(texts)}::jsonb) with ordinality u(t, i) order by i`,
        );
        expect(inSql).toEqual(texts.map(foldText));
        for (const t of texts) expect(foldText(t)).toHaveLength(t.length);
      }),
      { numRuns: runs, seed },
    );
  });

  it("a truck's capacity: the planner's verifyProposal() refuses exactly the loads the database's trigger refuses", async () => {
    // The same rows read both ways: orders booked on trains (legs of whole hundredths) loaded on one
    // run of a truck. The planner reads them as the commit does (lockOrders, lockTrucks,
    // toPlanInput) and sums the orders' bookings against the capacity (planner-verify.ts); the
    // database loads them (delivery_orders: order_space() per order, loaded_space, then
    // deliveries_check_truck_capacity, migrations/0004). Capacities right at the load, a hundredth
    // either side, and far from it.
    const one = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
      (await database.db.execute<T>(query)).rows[0]!;
    const hub = await one<{ id: number }>(
      sql`insert into cities (name, is_hub) values ('Capacity hub', true) returning city_id as id`,
    );
    const city = await one<{ id: number }>(
      sql`insert into cities (name) values ('Capacity town') returning city_id as id`,
    );
    const store = await one<{ id: number }>(
      sql`insert into stores (city_id, address, near_station_name) values (${city.id}, 'Station Road', 'Capacity Station') returning store_id as id`,
    );
    const route = await one<{ id: number }>(
      sql`insert into routes (store_id, name, end_location, covered_towns, max_delivery_hours)
          values (${store.id}, 'Capacity route', 'Capacity town', '{Capacity town}', 4) returning route_id as id`,
    );
    const customer = await one<{ id: number }>(
      sql`insert into customers (name, type) values ('Capacity test', 'Retail') returning customer_id as id`,
    );
    // a hundredth of space per unit: an order of n units needs n hundredths, as its legs book
    const product = await one<{ id: number }>(
      sql`insert into products (name, category, unit_price, space_per_unit) values ('Capacity box', 'Test', 1, 0.01) returning product_id as id`,
    );
    const HOUR = 3_600_000;
    const base = Date.now();
    const trips: number[] = [];
    for (const departs of [24, 30]) {
      const trip = await one<{ id: number }>(
        sql`insert into train_trips (train_name, departure_city_id, arrival_city_id, departure_date_time, arrival_date_time, total_capacity)
            values ('Capacity train', ${hub.id}, ${city.id}, ${new Date(base + departs * HOUR).toISOString()},
                    ${new Date(base + (departs + 4) * HOUR).toISOString()}, 99999999) returning train_trip_id as id`,
      );
      trips.push(trip.id);
    }
    const start = new Date(base + 72 * HOUR);
    const crew = (['Driver', 'Assistant'] as const).map((type, i) => ({
      employee_id: -1 - i,
      name: type,
      type,
      is_active: true,
      store_id: store.id,
      store_city: 'Capacity town',
      weekly_hour_limit: null,
    }));
    const refused = Symbol('rolled back');

    // each order: one or two legs (hundredths); the capacity: the load plus or minus a little or a lot
    const cases = fc.tuple(
      fc.array(fc.array(fc.integer({ min: 1, max: 500_000 }), { minLength: 1, maxLength: 2 }), {
        minLength: 1,
        maxLength: 4,
      }),
      fc.oneof(
        fc.constantFrom(-1, 0, 1),
        fc.integer({ min: -3, max: 3 }),
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
      ),
    );
    let seen = { over: 0, within: 0 };
    await fc.assert(
      fc.asyncProperty(cases, async ([orders, delta]) => {
        const load = orders.flat().reduce((s, c) => s + c, 0);
        const capacityCents = Math.max(1, load + delta);
        await database.db
          .transaction(async (tx) => {
            const truck = await tx.execute<{ id: number }>(
              sql`insert into trucks (plate_number, capacity, store_id) values ('CAP-1', ${capacityCents / 100}, ${store.id}) returning truck_id as id`,
            );
            const truckId = truck.rows[0]!.id;
            const orderIds: number[] = [];
            for (const legs of orders) {
              const order = await tx.execute<{ id: number }>(
                sql`insert into orders (customer_id, schedule_date, status, city_id, route_id)
                    values (${customer.id}, current_date + 10, 'Scheduled', ${city.id}, ${route.id}) returning order_id as id`,
              );
              const orderId = order.rows[0]!.id;
              orderIds.push(orderId);
              await tx.execute(
                sql`insert into order_items (order_id, product_id, quantity, unit_price)
                    values (${orderId}, ${product.id}, ${legs.reduce((s, c) => s + c, 0)}, 1)`,
              );
              for (const [k, cents] of legs.entries()) {
                await tx.execute(
                  sql`insert into train_allocations (order_id, train_trip_id, space) values (${orderId}, ${trips[k]!}, ${cents / 100})`,
                );
              }
            }
            // the planner's answer, from the rows as the commit reads them
            const input = toPlanInput({
              now: new Date(),
              orders: await lockOrders(tx, orderIds),
              trips: [],
              trucks: await lockTrucks(tx, [truckId]),
              routes: (await allRoutes(tx)).filter((r) => r.route_id === route.id),
              crew,
              deliveries: [],
            });
            const problems = verifyProposal(
              input,
              {
                bookings: [],
                unplanned: [],
                deliveries: [
                  {
                    key: 1,
                    routeId: route.id,
                    truckId,
                    driverId: -1,
                    assistantId: -2,
                    start,
                    end: new Date(start.getTime() + 4 * HOUR),
                    orderIds,
                    loadCents: load,
                  },
                ],
              },
              new Map(orderIds.map((id) => [id, 'Scheduled'])),
            );
            const capacityProblems = problems.filter((p) => p.startsWith('Truck CAP-1 can carry'));
            // nothing else wrong with the run: the capacity alone decides
            expect(problems.filter((p) => !capacityProblems.includes(p))).toEqual([]);
            const plannerRefuses = capacityProblems.length > 0;
            // the database's answer: the same orders loaded on a run of the same truck
            const delivery = await tx.execute<{ id: number }>(
              sql`insert into deliveries (truck_id, route_id, delivery_date_time, end_date_time)
                  values (${truckId}, ${route.id}, ${start.toISOString()}, ${new Date(start.getTime() + 4 * HOUR).toISOString()})
                  returning delivery_id as id`,
            );
            let databaseRefuses = false;
            try {
              await tx.transaction(async (sp) => {
                await sp.execute(
                  sql`insert into delivery_orders (delivery_id, order_id)
                      select ${delivery.rows[0]!.id}, unnest(${`{${orderIds.join(',')}}`}::int[])`,
                );
              });
            } catch (error) {
              expect(pgConstraint(error), String(error)).toBe('deliveries_truck_capacity');
              databaseRefuses = true;
            }
            expect(plannerRefuses, `load ${load}, capacity ${capacityCents} (hundredths)`).toBe(
              databaseRefuses,
            );
            expect(plannerRefuses).toBe(load > capacityCents);
            seen = plannerRefuses ? { ...seen, over: seen.over + 1 } : { ...seen, within: seen.within + 1 };
            throw refused;
          })
          .catch((error) => {
            if (error !== refused) throw error;
          });
      }),
      { numRuns: runs, seed },
    );
    // both answers were put to the test
    expect(seen.over).toBeGreaterThan(0);
    expect(seen.within).toBeGreaterThan(0);
  });

  it("bounds a CHECK states with a number: the table's constraint refuses exactly what the API's constant refuses", async () => {
    // the constraint as the database holds it, evaluated for a value of its column
    const holds = async (constraint: string, field: string, value: number) => {
      const [def] = await column<string>(
        sql`select pg_get_constraintdef(oid) as v from pg_constraint where conname = ${constraint} and connamespace = current_schema()::regnamespace`,
      );
      const check = def!.replace(/^CHECK /, '').replace(/ NOT VALID$/, '');
      const [ok] = await column<boolean>(sql.raw(`select ${check.replaceAll(field, `(${value})`)} as v`));
      return ok;
    };
    const routeHours = (v: number) => routeRequest.shape.max_delivery_hours.safeParse(v).success;
    const cases = [
      // a route's longest delivery (migrations/0029, MAX_ROUTE_HOURS of src/shared/constants.ts)
      ...[MAX_ROUTE_HOURS - 0.5, MAX_ROUTE_HOURS, MAX_ROUTE_HOURS + 0.5, MAX_ROUTE_HOURS * 2].map((v) => ({
        constraint: 'routes_max_hours_ck',
        field: 'max_delivery_hours',
        value: v,
        api: routeHours(v),
      })),
      // an attachment's size (migrations/0001; the upload limit, order-attachments.ts)
      ...[0, MAX_ATTACHMENT_BYTES - 1, MAX_ATTACHMENT_BYTES, MAX_ATTACHMENT_BYTES + 1].map((v) => ({
        constraint: 'order_attachments_size_bytes_check',
        field: 'size_bytes',
        value: v,
        api: v <= MAX_ATTACHMENT_BYTES,
      })),
    ];
    expect(cases.map((c) => c.api)).toEqual([true, true, false, false, true, true, true, false]);
    for (const c of cases)
      expect(await holds(c.constraint, c.field, c.value), `${c.constraint} at ${c.value}`).toBe(c.api);
  });

  it("value lists a CHECK states: each table's constraint allows exactly the API's list", async () => {
    const lists: Array<[constraint: string, api: readonly string[]]> = [
      ['orders_status_check', ORDER_STATUSES],
      ['order_counts_status_check', ORDER_STATUSES],
      ['order_status_history_from_status_check', ORDER_STATUSES],
      ['order_status_history_to_status_check', ORDER_STATUSES],
      ['deliveries_status_check', DELIVERY_STATUSES],
      ['delivery_failures_reason_check', FAILURE_REASONS],
      ['item_failures_reason_check', ANY_FAILURE_REASONS],
      ['employees_type_check', EMPLOYEE_TYPES],
      ['stock_movements_reason_check', STOCK_REASONS],
      ['trucks_status_check', TRUCK_STATUSES],
      ['support_requests_status_check', SUPPORT_STATUSES],
      ['support_messages_author_side_check', SUPPORT_SIDES],
      ['support_requests_last_message_side_check', SUPPORT_SIDES],
      ['notifications_type_ck', NOTIFICATION_TYPES],
      ['audit_log_operation_check', AUDIT_OPERATIONS],
    ];
    const defs = new Map(
      (
        await database.db.execute<{ name: string; def: string }>(
          sql`select conname as name, pg_get_constraintdef(oid) as def from pg_constraint where contype = 'c' and connamespace = current_schema()::regnamespace`,
        )
      ).rows.map((r) => [r.name, r.def]),
    );
    for (const [constraint, api] of lists) {
      const def = defs.get(constraint);
      expect(def, constraint).toBeDefined();
      const allowed = [...def!.matchAll(/'((?:[^']|'')*)'::text/g)].map((m) => m[1]!.replaceAll("''", "'"));
      expect(allowed.sort(), constraint).toEqual([...api].sort());
    }
  });
});
