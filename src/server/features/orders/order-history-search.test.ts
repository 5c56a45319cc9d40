import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createProduct, createUser, placeOrderAs, type TestUser } from '#server/test/factories';
import { createTestApp } from '#server/test/harness';
import { foldText, searchTokens } from '#shared/search-fold';
import { ADDRESS_LIST_MAX, SEARCH_COUNT_CAP } from './orders.queries';

// A customer's own order list searched by words (decisions 0041, 0046 part 3, 0049): every word
// in the order's delivery address or in a product of the order, or the text in the customer's
// name or a product's name. The words are first tested on the customer's few delivery addresses
// (customer_delivery_addresses, kept by triggers); the answer must be what a filter of every
// order gives, page by page, with the same X-Total-Count.
const t = await createTestApp();
const { app } = t;
const db = app.ctx.db;

/** Letters only (a word of its own in the search), different in each run. */
const tag = () =>
  `Q${Date.now().toString(36).replace(/\d/g, '')}${Math.random().toString(36).slice(2, 6).replace(/\d/g, 'x')}`;

type Row = {
  order_id: number;
  order_date: string;
  status: string;
  delivery_address: string;
  product_ids: number[];
};

/** The customer's orders newest first, with their products: the brute-force side. */
async function ordersOf(customerId: number): Promise<Row[]> {
  const res = await db.execute<Row>(
    sql`select o.order_id, o.order_date::text as order_date, o.status, o.delivery_address,
               coalesce(array_agg(i.product_id) filter (where i.product_id is not null), '{}') as product_ids
          from orders o left join order_items i on i.order_id = o.order_id
         where o.customer_id = ${customerId}
         group by o.order_id
         order by o.order_date desc, o.order_id desc`,
  );
  return res.rows;
}

async function bruteForce(user: TestUser, q: string, status?: string): Promise<number[]> {
  const products = (
    await db.execute<{ product_id: number; name: string; search_text: string }>(
      sql`select product_id, name, search_text from products`,
    )
  ).rows;
  const byId = new Map(products.map((p) => [p.product_id, p]));
  const name = (
    await db.execute<{ name: string }>(sql`select name from customers where customer_id = ${user.customerId}`)
  ).rows[0]!.name;
  const text = q.trim().toLowerCase();
  const words = searchTokens(q).slice(0, 8);
  return (await ordersOf(user.customerId!))
    .filter((o) => !status || o.status === status)
    .filter((o) => {
      const lines = o.product_ids.map((id) => byId.get(id)!);
      if (name.toLowerCase().includes(text)) return true;
      if (lines.some((p) => p.name.toLowerCase().includes(text))) return true;
      return (
        words.length > 0 &&
        words.every(
          (w) => foldText(o.delivery_address).includes(w) || lines.some((p) => p.search_text.includes(w)),
        )
      );
    })
    .map((o) => o.order_id);
}

/** Every page of the list (page_size 3, and one past the end) against the brute-force filter. */
async function expectSameAsBruteForce(user: TestUser, q: string, status?: string) {
  const expected = await bruteForce(user, q, status);
  const pages = Math.ceil(expected.length / 3) + 1;
  const seen: number[] = [];
  for (let page = 1; page <= pages; page++) {
    const res = await app.inject({
      url: `/api/orders?q=${encodeURIComponent(q)}&page=${page}&page_size=3${status ? `&status=${status}` : ''}`,
      headers: user.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-total-count'], `${q} page ${page}`).toBe(String(expected.length));
    expect(res.headers['x-total-count-capped']).toBeUndefined();
    seen.push(...res.json().map((o: { order_id: number }) => o.order_id));
  }
  expect(seen, q).toEqual(expected);
  return expected;
}

describe("a customer's history search tested on its delivery addresses (decision 0049)", () => {
  it('finds what a filter of every order finds, page by page, as its addresses and orders change', async () => {
    const word = tag();
    const [customer, other] = [await createUser(app, 'Customer'), await createUser(app, 'Customer')];
    const jaggery = await createProduct(app, { name: 'Kithul Jaggery', category: 'Sweets' });
    const tea = await createProduct(app, { name: 'Ceylon Tea Leaf', category: 'Beverages' });
    const plain = await createProduct(app, { category: 'Household' });
    const addresses = [
      `7 Pansala Road, Borella, ${word}`,
      `12 Lake Drive, Kandy, ${word}`,
      `3 Kovil Lane, Jaffna, ${word}`,
      `9 Pérahera Mawatha, Kandy, ${word}`,
    ];
    const lines = [
      [{ productID: jaggery.productId, quantity: 1 }],
      [{ productID: tea.productId, quantity: 2 }],
      [
        { productID: plain.productId, quantity: 1 },
        { productID: tea.productId, quantity: 1 },
      ],
      [{ productID: plain.productId, quantity: 3 }],
    ];
    const ids: number[] = [];
    for (let i = 0; i < 14; i++) {
      const res = await placeOrderAs(app, customer, lines[i % 4]!, {
        deliveryAddress: addresses[(i * 3) % 4],
      });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().order_id);
    }
    // another customer's orders at the same address, with the same products: never in the list
    for (const i of [0, 1]) await placeOrderAs(app, other, lines[i]!, { deliveryAddress: addresses[0] });
    await db.execute(
      sql`update orders set status = 'Delivered' where order_id in (${ids[2]!}, ${ids[5]!}, ${ids[9]!})`,
    );

    const customerName = (
      await db.execute<{ name: string }>(
        sql`select name from customers where customer_id = ${customer.customerId}`,
      )
    ).rows[0]!.name;
    const searches = [
      word.toLowerCase(), // in every address: the whole list
      'borella', // one address (also another customer's)
      'KANDY', // two addresses
      'perahera', // folded
      'jaggery', // a product of some orders
      'kandy tea', // an address word and a product word
      'kandy jaggery borella', // words in no single order
      'zzqx', // in nothing
      'tea zzqx',
      `Jaffna ${word}`,
      'lane 3',
      'sweets', // a product's category
      customerName.slice(0, 8), // the customer's name: every order
      'Ceylon Tea Leaf', // a product's whole name (its words too)
    ];
    const check = async () => {
      for (const q of searches) await expectSameAsBruteForce(customer, q);
      for (const q of ['kandy', 'tea', word.toLowerCase(), 'zzqx'])
        await expectSameAsBruteForce(customer, q, 'Delivered');
    };
    await check();
    // the answers are not all empty or all full: the searches test something
    expect(await bruteForce(customer, 'kandy')).toHaveLength(7);
    expect(await bruteForce(customer, 'zzqx')).toEqual([]);
    expect(await bruteForce(customer, word.toLowerCase())).toHaveLength(14);

    // an order moved to a new address (the row trigger) and a new order at another one: the
    // tag word is no longer in every address, "Gardens" is in one
    await db.execute(
      sql`update orders set delivery_address = '44 Cinnamon Gardens, Colombo' where order_id = ${ids[4]!}`,
    );
    const res = await placeOrderAs(app, customer, lines[1]!, {
      deliveryAddress: '2 Galle Face Terrace, Colombo',
    });
    expect(res.statusCode, res.body).toBe(201);
    searches.push('gardens', 'colombo tea', 'galle');
    await check();
    expect(await bruteForce(customer, 'colombo')).toHaveLength(2);
    expect(await bruteForce(customer, word.toLowerCase())).toHaveLength(13);
  });

  it('keeps each customer the addresses of its orders, inserted, moved to it or refilled', async () => {
    const [a, b] = [await createUser(app, 'Customer'), await createUser(app, 'Customer')];
    const product = await createProduct(app);
    const place = async (user: TestUser, address: string) =>
      (
        await placeOrderAs(app, user, [{ productID: product.productId, quantity: 1 }], {
          deliveryAddress: address,
        })
      ).json().order_id as number;
    const first = await place(a, '1 Temple Road, Borella');
    await place(a, '1 Temple Road, Borella');
    await place(a, '2 Flower Road, Kollupitiya');
    const moved = await place(b, '8 Hill Street, Dehiwala');
    const listed = async (user: TestUser) =>
      (
        await db.execute<{ delivery_address: string }>(
          sql`select delivery_address from customer_delivery_addresses where customer_id = ${user.customerId}
              order by delivery_address`,
        )
      ).rows.map((r) => r.delivery_address);
    expect(await listed(a)).toEqual(['1 Temple Road, Borella', '2 Flower Road, Kollupitiya']);
    expect(await listed(b)).toEqual(['8 Hill Street, Dehiwala']);
    // an order given to another customer and an address changed: both kept (a superset)
    await db.execute(sql`update orders set customer_id = ${a.customerId} where order_id = ${moved}`);
    await db.execute(
      sql`update orders set delivery_address = '3 Park Avenue, Kandy' where order_id = ${first}`,
    );
    expect(await listed(a)).toEqual([
      '1 Temple Road, Borella',
      '2 Flower Road, Kollupitiya',
      '3 Park Avenue, Kandy',
      '8 Hill Street, Dehiwala',
    ]);
    // a status change is not a move (the row trigger's WHEN), and nothing is listed twice
    await db.execute(sql`update orders set status = 'Cancelled' where order_id = ${first}`);
    expect(await listed(a)).toHaveLength(4);
    // the bulk loaders' refill: exactly the addresses the orders hold now
    await db.execute(sql`select rebuild_customer_delivery_addresses()`);
    expect(await listed(a)).toEqual([
      '1 Temple Road, Borella',
      '2 Flower Road, Kollupitiya',
      '3 Park Avenue, Kandy',
      '8 Hill Street, Dehiwala',
    ]);
    expect(await listed(b)).toEqual([]);
  });

  it('counts a search every order matches from the counters, capped as before, and tests each order past the address list', async () => {
    const word = tag();
    const many = await createUser(app, 'Customer');
    // more orders than the count reads, all at one address (as bigcustomer1's)
    await db.execute(sql`insert into orders (customer_id, schedule_date, status, delivery_address)
                         select ${many.customerId}, current_date + 10, 'Pending', ${`1 Temple Road, ${word}`}
                           from generate_series(1, ${SEARCH_COUNT_CAP + 5})`);
    const res = await app.inject({ url: `/api/orders?q=${word}&page_size=10`, headers: many.auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-total-count']).toBe(String(SEARCH_COUNT_CAP));
    expect(res.headers['x-total-count-capped']).toBe('true');
    const plain = await app.inject({ url: '/api/orders?page_size=10', headers: many.auth });
    expect(res.json()).toEqual(plain.json());
    expect(plain.headers['x-total-count']).toBe(String(SEARCH_COUNT_CAP + 5));
    const none = await app.inject({ url: `/api/orders?q=${word}zz&page=2&page_size=10`, headers: many.auth });
    expect({ total: none.headers['x-total-count'], rows: none.json() }).toEqual({ total: '0', rows: [] });

    // a customer with more addresses than are listed: each order's address is tested
    const scattered = await createUser(app, 'Customer');
    await db.execute(sql`insert into orders (customer_id, schedule_date, status, delivery_address)
                         select ${scattered.customerId}, current_date + 10, 'Pending',
                                g || case when g % 10 = 0 then ' Kovil Lane, ' else ' Lake Road, ' end || ${word}
                           from generate_series(1, ${ADDRESS_LIST_MAX + 2}) g`);
    for (const q of ['kovil', word.toLowerCase(), 'lake 7', 'zzqx', '100 lane'])
      await expectSameAsBruteForce(scattered, q);
    expect(await bruteForce(scattered, 'kovil')).toHaveLength(10);
  });
});
