import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness';
import { MIGRATION_FILES as all, temporaryDirectories } from '../test/migration-files';
import { MIGRATIONS_DIR, migrate } from './migrate';

// A database written before issue 22's migrations (0029 on) takes them as it is: two runs already
// on the road for one truck and crew (what the start rule now stops) stay on the road, and a run
// whose every order failed, marked Delivered then, ends Failed.
const dir = temporaryDirectories()('kandypack-migrations-');
const copy = (files: readonly string[]) => {
  for (const f of files) copyFileSync(join(MIGRATIONS_DIR, f), join(dir, f));
};
copy(all.filter((f) => f < '0029'));
const database = await openTestDatabase(dir);
const { db } = database;
afterAll(() => database.close());

const one = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await db.execute<T>(query)).rows[0]!;

describe('migrations 0029 on, applied to a database in use', () => {
  it('keep two runs on the road for one truck and crew, and end an all-failed run Failed', async () => {
    const { city_id } = await one<{ city_id: number }>(
      sql`insert into cities (name) values ('Upgrade City') returning city_id`,
    );
    const { store_id } = await one<{ store_id: number }>(
      sql`insert into stores (city_id, address, near_station_name) values (${city_id}, '1 Station Road', 'Upgrade')
          returning store_id`,
    );
    const { route_id } = await one<{ route_id: number }>(
      sql`insert into routes (store_id, name, end_location, covered_towns, max_delivery_hours)
          values (${store_id}, 'Upgrade North', 'North', '{North}', 2) returning route_id`,
    );
    const { truck_id } = await one<{ truck_id: number }>(
      sql`insert into trucks (plate_number, capacity, store_id) values ('UP-0001', 100, ${store_id}) returning truck_id`,
    );
    const crew = async (type: string) =>
      (
        await one<{ employee_id: number }>(
          sql`insert into employees (first_name, last_name, type, store_id) values ('Up', ${type}, ${type}, ${store_id})
              returning employee_id`,
        )
      ).employee_id;
    const driver = await crew('Driver');
    const assistant = await crew('Assistant');
    const run = async (startH: number, status: string) =>
      (
        await one<{ delivery_id: number }>(
          sql`insert into deliveries (truck_id, route_id, driver_employee_id, assistant_employee_id,
                delivery_date_time, end_date_time, status, started_at)
              values (${truck_id}, ${route_id}, ${driver}, ${assistant},
                now() - make_interval(hours => ${startH}), now() - make_interval(hours => ${startH - 2}),
                ${status}, case when ${status} = 'Scheduled' then null else now() - make_interval(hours => ${startH}) end)
              returning delivery_id`,
        )
      ).delivery_id;
    // an earlier run that ended with its one order failed at the door, then two runs on the road
    const allFailed = await run(30, 'Delivered');
    const { customer_id } = await one<{ customer_id: number }>(
      sql`insert into customers (name, type) values ('Upgrade Stores', 'Retail') returning customer_id`,
    );
    const { product_id } = await one<{ product_id: number }>(
      sql`insert into products (name, category, unit_price, space_per_unit, available_units)
          values ('Upgrade Soap', 'Soap', 2, 0.5, 0) returning product_id`,
    );
    const { order_id } = await one<{ order_id: number }>(
      sql`insert into orders (customer_id, schedule_date, status, route_id, city_id)
          values (${customer_id}, current_date + 10, 'Scheduled', ${route_id}, ${city_id}) returning order_id`,
    );
    await db.execute(
      sql`insert into order_items (order_id, product_id, quantity, unit_price) values (${order_id}, ${product_id}, 4, 2)`,
    );
    await db.execute(
      sql`insert into delivery_failures (delivery_id, order_id, reason) values (${allFailed}, ${order_id}, 'Refused')`,
    );
    const earlier = await run(6, 'In Transit');
    const later = await run(3, 'In Transit');

    copy(all.filter((f) => f >= '0029'));
    const applied = await migrate(database, dir);
    expect(applied[0]).toMatch(/^0029_/);
    expect(applied).toHaveLength(all.filter((f) => f >= '0029').length);

    const runs = await db.execute<{ delivery_id: number; status: string; on_road_before_rule: boolean }>(
      sql`select delivery_id, status, on_road_before_rule from deliveries where truck_id = ${truck_id}
          order by delivery_id`,
    );
    expect(runs.rows).toEqual([
      { delivery_id: allFailed, status: 'Failed', on_road_before_rule: false },
      { delivery_id: earlier, status: 'In Transit', on_road_before_rule: false },
      { delivery_id: later, status: 'In Transit', on_road_before_rule: true },
    ]);
    // from now on the indexes hold: no third run of that truck or crew goes on the road
    const third = await run(1, 'Scheduled');
    const refused = await db
      .execute(sql`update deliveries set status = 'In Transit' where delivery_id = ${third}`)
      .then(() => null)
      .catch((err: unknown) => String((err as { cause?: unknown }).cause ?? err));
    expect(refused).toMatch(/deliveries_(truck|driver|assistant)_in_transit_uq/);
  });
});
