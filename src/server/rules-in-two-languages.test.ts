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
import { toCsv } from './lib/csv';
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
