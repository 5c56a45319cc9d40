// `npm run bench -- --http --place`: orders placed through the API at 64 connections (issue 7,
// part 5), on the scaled PostgreSQL database; `--hot` makes every order want the same 3
// products. Afterwards the stock is checked: never negative, and the units reserved by the run's
// orders equal the units on their lines (no oversell, nothing lost).
import autocannon from 'autocannon';
import pg from 'pg';

/** A delivery date 10 days ahead (UTC calendar day), inside the 7-day lead time and the year. */
const tenDaysAhead = () => new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);

export interface PlaceResult {
  ordersPerSecond: number;
  p50: number;
  p99: number;
  created: number;
  refused: number;
  errors: number;
  negativeStock: number;
  reservedMismatch: number;
}

export async function placeOrders(options: {
  url: string;
  baseUrl: string;
  token: string;
  customerId: number;
  connections: number;
  seconds: number;
  hot: boolean;
}): Promise<PlaceResult> {
  const client = new pg.Client({ connectionString: options.url });
  await client.connect();
  const products = (
    await client.query('select product_id from products where available_units > 1000 order by product_id')
  ).rows.map((r) => r.product_id as number);
  const before = Number((await client.query('select coalesce(max(order_id), 0) as n from orders')).rows[0].n);
  let n = 0;
  const body = () => {
    n += 1;
    const pick = options.hot
      ? products.slice(0, 3)
      : [0, 1, 2].map((k) => products[(n * 7 + k * 5) % products.length]!);
    return JSON.stringify({
      scheduleDate: tenDaysAhead(),
      items: [...new Set(pick)].map((productID, k) => ({ productID, quantity: 1 + ((n + k) % 3) })),
    });
  };
  const result = await autocannon({
    url: `${options.baseUrl}/api/customers/${options.customerId}/orders`,
    method: 'POST',
    connections: options.connections,
    duration: options.seconds,
    headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' },
    requests: [{ setupRequest: (req) => ({ ...req, body: body() }) }],
    timeout: 30,
  });
  const created = Number(
    (await client.query('select count(*) as n from orders where order_id > $1', [before])).rows[0].n,
  );
  const negativeStock = Number(
    (await client.query('select count(*) as n from products where available_units < 0')).rows[0].n,
  );
  const reservedMismatch = Number(
    (
      await client.query(
        `select count(*) as n from (
           select i.order_id, sum(i.quantity) as units,
                  (select -sum(m.delta) from stock_movements m where m.order_id = i.order_id and m.reason = 'order_reserved') as reserved
             from order_items i where i.order_id > $1 group by i.order_id) x
          where units is distinct from reserved`,
        [before],
      )
    ).rows[0].n,
  );
  await client.end();
  const statuses = (result as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {};
  return {
    ordersPerSecond: created / options.seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    created,
    refused: statuses['409']?.count ?? 0,
    errors:
      result.errors +
      result.timeouts +
      Object.entries(statuses)
        .filter(([c]) => c !== '201' && c !== '409')
        .reduce((s, [, v]) => s + v.count, 0),
    negativeStock,
    reservedMismatch,
  };
}
