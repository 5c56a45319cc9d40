// The endpoints `npm run bench -- --http` measures: every list, detail, dashboard and report.
// Add a line for each new GET endpoint of your portal. `path` may use the ids resolved by
// IDS below ({name}); `user` is whose token the requests carry (`public`: none, a call anyone may make). The SQL the bench compares with
// is captured from the endpoint itself (bench/http/capture.ts), so an entry needs no SQL.
import { addDays, businessDate } from '#shared/dates';

export type BenchUser = 'customer' | 'manager' | 'warehouse' | 'admin' | 'driver';
export type EndpointKind = 'list' | 'detail' | 'dashboard' | 'report';

export interface BenchEndpoint {
  name: string;
  /** Whose token the requests carry; `public`: no token (a route open to anyone). */
  user: BenchUser | 'public';
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
  // the heavy customer's id (the customer-orders report)
  bigCustomer: `select customer_id from users where user_name = 'bigcustomer1'`,
  // the demo driver's crew record (the driver login reads its own), and the crew member with the
  // most deliveries (a scale crew member; a manager may read anyone's)
  driverEmployee: `select employee_id from users where user_name = 'driver'`,
  busiestCrew: `select e from (select driver_employee_id as e from deliveries union all
          select assistant_employee_id from deliveries) x where e is not null group by 1 order by count(*) desc limit 1`,
  // the delivery with the most orders on it (the crew's item list), and a scheduled one to load
  fullDelivery: `select delivery_id from delivery_orders group by 1 order by count(*) desc, 1 desc limit 1`,
  scheduledDelivery: `select max(delivery_id) from deliveries where status = 'Scheduled'`,
  // a time for the crew-options lookup: its route, tomorrow 08:00 UTC (ISO)
  scheduledRoute: `select route_id from deliveries where delivery_id = (select max(delivery_id) from deliveries where status = 'Scheduled')`,
  tomorrow: `select to_char(date_trunc('day', now() at time zone 'UTC') + interval '32 hours', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
  // the support inbox (issue 22): a request with a conversation, an order that has one, and the
  // keyset cursor of the inbox's row 1,000 (or of its middle on a small database)
  supportRequest: `select max(request_id) from support_requests where message_count >= 2`,
  supportOrder: `select max(order_id) from support_requests`,
  supportCursor: `select to_char(last_message_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '_' || request_id
          from support_requests order by last_message_at desc, request_id desc
          offset (select least(999, count(*) / 2) from support_requests) limit 1`,
  // the manager's latest dispatch proposal (made once by FIXTURES when there is none)
  proposal: `select max(proposal_id) from planning_proposals where created_by = (select user_id from users where user_name = 'manager')`,
};

/**
 * What the bench makes once, through the API, when the IDS query of the same name finds nothing:
 * a proposal of the dispatch planner (stored, nothing else changes: issue 12). Written to the
 * bench database, never to kp_scale itself (the bench runs on a copy).
 */
export const FIXTURES: Record<string, { user: BenchUser; path: string; body: unknown }> = {
  proposal: { user: 'manager', path: '/api/planning/proposals', body: {} },
};

/** The report center's reports (issue 11): each as JSON, CSV and PDF for the admin. */
const REPORT_CENTER: Array<[name: string, query: string]> = [
  ['revenue-analysis', ''],
  ['product-performance', ''],
  ['train-capacity-utilization', ''],
  ['delivery-performance', ''],
  ['employee-workload', ''],
  ['inventory-alerts', ''],
  ['quarterly-sales', '?from=2023-11-01'],
  ['top-items', '?quarter=2026-Q2'],
  ['city-sales', ''],
  ['route-sales', ''],
  ['crew-hours', ''],
  ['truck-usage', ''],
  ['customer-orders', '?customer_id={bigCustomer}'],
];

/** Known costs of downloads (decision 0042), by report and format. */
const DOWNLOAD_NOTES: Record<string, string> = {
  // decision 0053: the rows of deliveries whose orders are all delivered copied as stored
  'delivery-performance csv':
    'the whole file: every order on 30 days of deliveries, 25,807 rows (2.7 MB) at 1M orders',
  // decision 0045: the counts and first rows read delivery_order_facts, not 25,807 order lookups
  'delivery-performance pdf':
    'the counts of every order of the period from delivery_order_facts (0045); most of the time is pdfkit',
};

const reportCenter: BenchEndpoint[] = REPORT_CENTER.flatMap(([report, query]) =>
  (['json', 'csv', 'pdf'] as const).map((format) => ({
    name: `admin report: ${report}${format === 'json' ? '' : ` (${format.toUpperCase()})`}`,
    user: 'admin' as const,
    kind: 'report' as const,
    path: `/api/report/${report}${format === 'json' ? query : `${query ? `${query}&` : '?'}format=${format}`}`,
    note: DOWNLOAD_NOTES[`${report} ${format}`],
  })),
);

export const ENDPOINTS: BenchEndpoint[] = [
  // ---- landing page, no sign-in (decision 0052) ----
  { name: 'landing figures (public)', user: 'public', kind: 'dashboard', path: '/api/public/figures' },

  // ---- customer portal (the heavy customer: 4 % of all orders) ----
  { name: 'customer orders page 1', user: 'customer', kind: 'list', path: '/api/orders?page=1&page_size=10' },
  // a big customer's (bigcustomer1: 40,000 orders, one address) history searched (decision 0046 part 3)
  {
    name: 'customer history search: a product',
    user: 'customer',
    kind: 'list',
    path: '/api/orders?q=tea&page_size=10',
  },
  {
    name: 'customer history search: address word',
    user: 'customer',
    kind: 'list',
    path: '/api/orders?q=borella&page_size=10',
  },
  {
    name: 'customer history search: words in none',
    user: 'customer',
    kind: 'list',
    path: '/api/orders?q=zzqx&page_size=10',
  },
  { name: 'customer dashboard', user: 'customer', kind: 'dashboard', path: '/api/dashboard/customer-stats' },
  { name: 'customer order detail', user: 'customer', kind: 'detail', path: '/api/orders/{customerOrder}' },
  { name: 'products (customer)', user: 'customer', kind: 'list', path: '/api/products' },
  { name: 'profile', user: 'customer', kind: 'detail', path: '/api/auth/profile' },
  // the new-order form's starting address: the latest order's (decision 0063)
  {
    name: 'customer delivery defaults',
    user: 'customer',
    kind: 'detail',
    path: '/api/customers/{bigCustomer}/delivery-defaults',
  },

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
  {
    // what a manager's "see all" of global search opens after a search by address words (decision 0046)
    name: 'staff search: address words, Pending tab',
    user: 'manager',
    kind: 'list',
    path: '/api/orders?status=Pending&q=temple%20road%20borella&page_size=10',
  },
  {
    name: 'staff search: address words, all statuses',
    user: 'manager',
    kind: 'list',
    path: '/api/orders?q=unawatuna&page_size=20',
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
  // the fleet managed in the portal (docs/decisions/0057): the store form's city picker
  { name: 'cities', user: 'admin', kind: 'list', path: '/api/cities' },
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

  // ---- admin portal (issue 11) ----
  { name: 'admin dashboard: stats', user: 'admin', kind: 'dashboard', path: '/api/dashboard/admin-stats' },
  {
    name: 'admin dashboard: chart data (12 months)',
    user: 'admin',
    kind: 'dashboard',
    path: '/api/dashboard/admin-chart-data',
  },
  { name: 'admin dashboard: alerts', user: 'admin', kind: 'dashboard', path: '/api/dashboard/admin-alerts' },
  {
    // the report target (200 ms) is for a month's period; the report center's entry above opens
    // with the report's default, the last 365 days
    name: 'admin report: truck-usage (30 days)',
    user: 'admin',
    kind: 'report',
    path: `/api/report/truck-usage?from=${addDays(businessDate(new Date()), -29)}`,
  },
  { name: 'users page 1', user: 'admin', kind: 'list', path: '/api/users?page=1&page_size=20' },
  { name: 'users search', user: 'admin', kind: 'list', path: '/api/users?q=big&page_size=20' },
  { name: 'roles', user: 'admin', kind: 'list', path: '/api/roles' },
  { name: 'employees', user: 'admin', kind: 'list', path: '/api/employees' },
  { name: 'audit log page 1', user: 'admin', kind: 'list', path: '/api/auditlog?page=1&page_size=25' },
  {
    name: 'audit log UPDATE on orders',
    user: 'admin',
    kind: 'list',
    path: '/api/auditlog?operation=UPDATE&table=orders&page_size=25',
  },
  ...reportCenter,

  // ---- crew portal (issue 9) ----
  {
    name: 'crew assignments (driver)',
    user: 'driver',
    kind: 'list',
    path: '/api/deliveries/assistant/{driverEmployee}/assignments',
  },
  {
    name: 'crew assignments (busiest crew member)',
    user: 'manager',
    kind: 'list',
    path: '/api/deliveries/assistant/{busiestCrew}/assignments',
  },
  {
    name: 'crew order items',
    user: 'manager',
    kind: 'list',
    path: '/api/deliveries/{fullDelivery}/order-items',
  },
  {
    name: 'crew notifications (driver)',
    user: 'driver',
    kind: 'list',
    path: '/api/deliveries/assistant/{driverEmployee}/notifications',
  },
  { name: 'notifications (driver)', user: 'driver', kind: 'list', path: '/api/notifications' },
  { name: 'notifications (customer)', user: 'customer', kind: 'list', path: '/api/notifications' },
  {
    name: 'crew options',
    user: 'manager',
    kind: 'list',
    path: '/api/deliveries/crew-options?route_id={scheduledRoute}&delivery_date_time={tomorrow}',
  },
  {
    name: 'loadable orders',
    user: 'manager',
    kind: 'list',
    path: '/api/deliveries/{scheduledDelivery}/loadable-orders',
  },

  // ---- support inbox (issue 22, decision 0062): newest activity first, keyset pages ----
  { name: 'support inbox (manager)', user: 'manager', kind: 'list', path: '/api/support/requests?limit=20' },
  {
    name: 'support inbox status=Open',
    user: 'manager',
    kind: 'list',
    path: '/api/support/requests?status=Open&limit=20',
  },
  {
    name: 'support inbox cursor= (keyset, row 1,000)',
    user: 'admin',
    kind: 'list',
    path: '/api/support/requests?limit=20&cursor={supportCursor}',
  },
  {
    name: 'support inbox search: customer name',
    user: 'manager',
    kind: 'list',
    path: '/api/support/requests?q=golden&limit=20',
  },
  {
    name: 'support inbox search: order number',
    user: 'manager',
    kind: 'list',
    path: '/api/support/requests?q=%23{supportOrder}&limit=20',
  },
  {
    name: 'support request detail',
    user: 'manager',
    kind: 'detail',
    path: '/api/support/requests/{supportRequest}',
  },
  { name: 'support requests (customer)', user: 'customer', kind: 'list', path: '/api/support/requests' },

  // ---- dispatch planner (issue 12) ----
  { name: 'planning: pending orders', user: 'manager', kind: 'list', path: '/api/planning/pending-orders' },
  { name: 'planning: proposal', user: 'manager', kind: 'detail', path: '/api/planning/proposals/{proposal}' },
  // the manager's open proposal that has not expired, which the planner reopens (decision 0060)
  {
    name: 'planning: current proposal',
    user: 'manager',
    kind: 'detail',
    path: '/api/planning/proposals/current',
  },

  // ---- global search (issue 13): each role's kinds of query, names as the scale seed writes them ----
  {
    name: 'global search: order number (manager)',
    user: 'manager',
    kind: 'list',
    path: '/api/search?q=%23{deliveredOrder}',
  },
  {
    name: 'global search: customer name with typos (manager)',
    user: 'manager',
    kind: 'list',
    path: '/api/search?q=golden%20tradres',
  },
  {
    name: 'global search: name prefix (manager)',
    user: 'manager',
    kind: 'list',
    path: '/api/search?q=hill%20coun',
  },
  {
    name: 'global search: plate without separators (manager)',
    user: 'manager',
    kind: 'list',
    path: '/api/search?q=wpla',
  },
  {
    name: 'global search: crew surname with a typo (manager)',
    user: 'manager',
    kind: 'list',
    path: '/api/search?q=jayawardna',
  },
  { name: 'global search: city (manager)', user: 'manager', kind: 'list', path: '/api/search?q=negombo' },
  {
    name: 'global search: own order number (customer)',
    user: 'customer',
    kind: 'list',
    path: '/api/search?q={customerOrder}',
  },
  {
    name: 'global search: product words (customer)',
    user: 'customer',
    kind: 'list',
    path: '/api/search?q=ceylon%20tea',
  },
  {
    name: 'global search: address with a typo (customer)',
    user: 'customer',
    kind: 'list',
    path: '/api/search?q=templ%20borela',
  },
  {
    name: 'global search: order number in the ledger (warehouse)',
    user: 'warehouse',
    kind: 'list',
    path: '/api/search?q={customerOrder}',
  },
  {
    name: 'global search: product prefix (warehouse)',
    user: 'warehouse',
    kind: 'list',
    path: '/api/search?q=cocon',
  },
  {
    name: 'global search: town of own deliveries (driver)',
    user: 'driver',
    kind: 'list',
    path: '/api/search?q=dehiwala',
  },
  {
    name: 'global search: words each somewhere, no name holds both (manager)',
    user: 'manager',
    kind: 'list',
    path: '/api/search?q=golden%20jayawardena',
  },
  {
    name: 'global search: product with a typo (warehouse)',
    user: 'warehouse',
    kind: 'list',
    path: '/api/search?q=cocnut',
  },
  {
    name: 'global search: town with a typo (driver)',
    user: 'driver',
    kind: 'list',
    path: '/api/search?q=dehiwla',
  },
  {
    name: 'global search: surname with a typo, everything (admin)',
    user: 'admin',
    kind: 'list',
    path: '/api/search?q=abeysekra',
  },
  {
    name: 'global search: surname, everything (admin)',
    user: 'admin',
    kind: 'list',
    path: '/api/search?q=abeysekera',
  },
];

/** The logins of the bench users (demo password); bigcustomer1 comes from the scale seed. */
export const LOGINS: Record<BenchUser, string> = {
  customer: 'bigcustomer1',
  manager: 'manager',
  warehouse: 'warehouse',
  admin: 'admin',
  driver: 'driver',
};
