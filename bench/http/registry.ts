// The endpoints `npm run bench -- --http` measures: every list, detail, dashboard and report.
// Add a line for each new GET endpoint of your portal. `path` may use the ids resolved by
// IDS below ({name}); `user` is whose token the requests carry. The SQL the bench compares with
// is captured from the endpoint itself (bench/http/capture.ts), so an entry needs no SQL.

export type BenchUser = 'customer' | 'manager' | 'warehouse' | 'admin' | 'driver';
export type EndpointKind = 'list' | 'detail' | 'dashboard' | 'report';

export interface BenchEndpoint {
  name: string;
  user: BenchUser;
  kind: EndpointKind;
  path: string;
  /** A known cost the issue that owns the endpoint has already reported (shown in the table). */
  note?: string;
}

/**
 * Ids the paths use, each found by one query on the scaled database (PostgreSQL). A query that
 * finds nothing leaves its endpoints out of the run (named in the output).
 */
export const IDS: Record<string, string> = {
  // the heavy customer behind the `customer` login (bigcustomer1), and one of its orders
  customerOrder: `select max(order_id) from orders where customer_id = (select customer_id from users where user_name = 'bigcustomer1')`,
  // an order that went the whole way (train, truck): the richest detail page
  deliveredOrder: `select max(order_id) from delivery_orders`,
  pendingOrder: `select max(order_id) from orders where status = 'Pending'`,
  // the order 10,000th from the top of the staff list: page 500 of 20 by keyset
  cursorOrder: `select order_id from orders order by order_date desc, order_id desc offset 9999 limit 1`,
  trip: `select train_trip_id from train_allocations group by 1 order by count(*) desc limit 1`,
  delivery: `select max(delivery_id) from deliveries`,
  product: `select product_id from products order by movement_count desc limit 1`,
  store: `select s.store_id from stores s join orders o on o.city_id = s.city_id and o.status = 'Scheduled'
          group by 1 order by count(*) desc limit 1`,
};

export const ENDPOINTS: BenchEndpoint[] = [
  // ---- customer portal (the heavy customer: 4 % of all orders) ----
  { name: 'customer orders page 1', user: 'customer', kind: 'list', path: '/api/orders?page=1&page_size=10' },
  { name: 'customer dashboard', user: 'customer', kind: 'dashboard', path: '/api/dashboard/customer-stats' },
  { name: 'customer order detail', user: 'customer', kind: 'detail', path: '/api/orders/{customerOrder}' },
  { name: 'products (customer)', user: 'customer', kind: 'list', path: '/api/products' },
  { name: 'profile', user: 'customer', kind: 'detail', path: '/api/auth/profile' },

  // ---- staff order list (issue 7) ----
  { name: 'staff orders page 1', user: 'manager', kind: 'list', path: '/api/orders?page=1&page_size=20' },
  { name: 'staff orders page 500', user: 'manager', kind: 'list', path: '/api/orders?page=500&page_size=20' },
  {
    name: 'staff orders after= (keyset, row 10,000)',
    user: 'manager',
    kind: 'list',
    path: '/api/orders?after={cursorOrder}&page_size=20',
  },
  {
    name: 'staff orders status=Pending',
    user: 'manager',
    kind: 'list',
    path: '/api/orders?status=Pending&page_size=20',
  },
  {
    name: 'staff orders status=Delivered page 50',
    user: 'manager',
    kind: 'list',
    path: '/api/orders?status=Delivered&page=50&page_size=20',
  },
  {
    name: 'staff search: a product (most orders)',
    user: 'manager',
    kind: 'list',
    path: '/api/orders?q=Tea&page_size=20',
  },
  {
    name: 'staff search: customer names',
    user: 'manager',
    kind: 'list',
    path: '/api/orders?q=Ceylon%20Traders%201&page_size=20',
  },
  { name: 'staff order detail', user: 'manager', kind: 'detail', path: '/api/orders/{deliveredOrder}' },

  // ---- manager portal (issue 8) ----
  { name: 'manager dashboard', user: 'manager', kind: 'dashboard', path: '/api/dashboard/manager-stats' },
  { name: 'train trips', user: 'manager', kind: 'list', path: '/api/train-trips' },
  { name: 'train trip detail', user: 'manager', kind: 'detail', path: '/api/train-trips/{trip}' },
  {
    name: 'allocation preview',
    user: 'manager',
    kind: 'detail',
    path: '/api/orders/{pendingOrder}/allocation-preview',
  },
  { name: 'deliveries', user: 'manager', kind: 'list', path: '/api/deliveries/deliveries' },
  { name: 'delivery detail', user: 'manager', kind: 'detail', path: '/api/deliveries/{delivery}' },
  { name: 'trucks', user: 'manager', kind: 'list', path: '/api/Trucks/trucks' },
  { name: 'routes', user: 'manager', kind: 'list', path: '/api/routes/routes' },
  { name: 'report: truck usage', user: 'manager', kind: 'report', path: '/api/report/truck_usage' },
  { name: 'report: driver hours', user: 'manager', kind: 'report', path: '/api/report/driver-hours' },
  {
    name: 'report: delivery performance',
    user: 'manager',
    kind: 'report',
    path: '/api/report/delivery-performance',
  },
  {
    name: 'report: delivery performance summary',
    user: 'manager',
    kind: 'report',
    path: '/api/report/delivery-performance-summary',
    note: 'known slow at 1M (issue 8)',
  },

  // ---- warehouse portal (issue 10) ----
  { name: 'products (warehouse)', user: 'warehouse', kind: 'list', path: '/api/products' },
  { name: 'product movements', user: 'warehouse', kind: 'list', path: '/api/products/{product}/movements' },
  { name: 'stores', user: 'warehouse', kind: 'list', path: '/api/stores' },
  {
    name: 'store stock',
    user: 'warehouse',
    kind: 'detail',
    path: '/api/stores/{store}/stock',
    note: 'known slow at 1M (issue 10)',
  },
  {
    name: 'warehouse dashboard',
    user: 'warehouse',
    kind: 'dashboard',
    path: '/api/dashboard/warehouse-manager-stats',
  },
  {
    name: 'report: inventory alerts',
    user: 'warehouse',
    kind: 'report',
    path: '/api/report/inventory-alerts',
  },
  {
    name: 'report: product performance',
    user: 'warehouse',
    kind: 'report',
    path: '/api/report/product-performance',
  },
  { name: 'report: current stock', user: 'warehouse', kind: 'report', path: '/api/report/current-stock' },
];

/** The logins of the bench users (demo password); bigcustomer1 comes from the scale seed. */
export const LOGINS: Record<BenchUser, string> = {
  customer: 'bigcustomer1',
  manager: 'manager',
  warehouse: 'warehouse',
  admin: 'admin',
  driver: 'driver',
};
