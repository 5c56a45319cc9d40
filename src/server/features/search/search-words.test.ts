import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createProduct, createRole, createUser } from '#server/test/factories';
import { createTestApp } from '#server/test/harness';
import { createCrewMember, createStore, createTrip, createTruck } from '#server/test/scheduling-factories';

const { app } = await createTestApp();
const db = app.ctx.db;

let counter = 0;
/** Letters no other row holds, so each word below is this test's. */
const tag = () =>
  `w${Date.now().toString().slice(-6)}x${counter++}`.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);

async function held(words: string[]): Promise<string[]> {
  const res = await db.execute<{ word: string }>(
    sql`select distinct word from search_words where word in (${sql.join(
      words.map((w) => sql`${w}`),
      sql`, `,
    )}) order by word`,
  );
  return res.rows.map((r) => r.word);
}

describe('the word dictionary of global search (migration 0018)', () => {
  it('holds the folded words of every text the search matches, as the writers write them', async () => {
    const w = Array.from({ length: 16 }, tag);
    const store = await createStore(app);
    const customer = await createUser(app, 'Customer');
    await db.execute(sql`update customers set name = ${`${w[0]} Tradérs`}, address = ${`12 ${w[1]} Road`}, city = ${w[2]}
                          where customer_id = ${customer.customerId}`);
    await createProduct(app, { name: `${w[3]} Tea`, category: w[4] });
    const crew = await createCrewMember(app, 'Driver', store.storeId);
    await db.execute(sql`update employees set last_name = ${w[5]} where employee_id = ${crew.employeeId}`);
    await db.execute(sql`update users set user_name = ${w[6]} where user_id = ${customer.userId}`);
    await db.execute(
      sql`update routes set covered_towns = array[${w[7]}, ${w[8]}] where route_id = ${store.routeId}`,
    );
    await db.execute(sql`update cities set name = ${w[9]} where city_id = ${store.cityId}`);
    await db.execute(
      sql`update stores set near_station_name = ${`${w[10]} Halt`} where store_id = ${store.storeId}`,
    );
    await createRole(app, `${w[11]} Clerk`);
    const truck = await createTruck(app, store.storeId);
    await db.execute(
      sql`update trucks set plate_number = ${`WP ${w[12]}-42`} where truck_id = ${truck.truckId}`,
    );
    const trip = await createTrip(app, store.cityId, { departH: 20, capacity: 10 });
    await db.execute(
      sql`update train_trips set train_name = ${`${w[13]} Express`} where train_trip_id = ${trip.trainTripId}`,
    );
    const product = await createProduct(app, { name: `Plain ${tag()}` });
    await db.execute(sql`insert into stock_movements (product_id, delta, reason, note)
                          values (${product.productId}, 5, 'manual_count', ${`Recount by ${w[14]}`})`);

    const expected = [
      ...w.slice(0, 15),
      'traders', // folded: the accent is gone
      `wp${w[12]}42`, // a plate also as its letters and digits run together
    ];
    expect(await held(expected)).toEqual([...expected].sort());
    // words shorter than 3 letters are never corrected, so never kept
    expect(await held(['wp', '42', '12'])).toEqual([]);
  });

  it("a renamed customer is found by a typo of its new name at once (the writer's own transaction)", async () => {
    const customer = await createUser(app, 'Customer');
    const manager = await createUser(app, 'Manager');
    const name = `Wickramasooriya${tag()}`;
    await db.execute(sql`update customers set name = ${name} where customer_id = ${customer.customerId}`);
    const res = await app.inject({
      method: 'GET',
      url: `/api/search?q=${encodeURIComponent(name.replace('sooriya', 'suriya'))}`,
      headers: manager.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    const customers = res.json().groups.find((g: { kind: string }) => g.kind === 'customer');
    expect(customers?.hits.map((h: { id: number }) => h.id)).toEqual([customer.customerId]);
  });
});
