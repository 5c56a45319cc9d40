// Derived data in one room (docs/decisions/0078): every table, or column of a table, that database
// triggers keep from other tables in the same transaction. Each entry names where it was made,
// why (the decision and the figure that justified it), the SQL function that rebuilds it from its
// sources (the one statement of its rule besides the triggers), the writes that change it and
// who reads it. The scale seed rebuilds from this list after its bulk load, and
// derived-tables.test.ts checks, for every entry, that what the triggers kept equals a rebuild
// after a mixed sequence of writes, and that no trigger-kept table is missing from the list.
//
// Adding a derived table: its migration (table, triggers, rebuild_<name>()), an entry here,
// `db/schema.ts` if a feature's queries read it through Drizzle, the readers, a decision record.

export interface DerivedTable {
  /** The table the triggers keep (with `columns`: only those columns; the rest are facts). */
  table: string;
  columns?: string[];
  /** Tables that hold part of the content (appended deltas folded later by a compaction). */
  companions?: string[];
  /** The migration that made it (or made its columns derived). */
  migration: string;
  /** The decision record that explains it, with the measured figure that justified it. */
  decision: string;
  /** SQL function (no arguments) that recomputes the content from the source tables. */
  rebuild: string;
  /**
   * The content as readers see it (deltas folded, zero rows left out): compared row for row
   * with the same query after `rebuild()`.
   */
  content: string;
  /**
   * `equal`: the kept rows are exactly the rebuild's. `contains`: the kept rows hold at least
   * the rebuild's (search_words keeps the words of renamed and deleted rows, decision 0041).
   */
  compare: 'equal' | 'contains';
  /** The writes that change it: table (and columns) written, by the triggers' events. */
  sources: string[];
  /** Endpoints and features that read it. */
  readers: string[];
  /** What it buys: the query it replaces and the figure measured when it was added. */
  buys: string;
  /**
   * The scale seed (`db/scale-seed.ts`, triggers off): `rebuild` calls `rebuild` after the load;
   * `loaded` means the load writes the derived values itself, with the rows (cheaper at 1M
   * orders than a second pass; the rebuild would renumber the whole ledger or rewrite every trip).
   */
  scaleSeed: 'rebuild' | 'loaded';
}

export const DERIVED_TABLES: readonly DerivedTable[] = [
  {
    table: 'train_trips',
    columns: ['used_capacity'],
    migration: '0004_manager_scheduling.sql',
    decision: 'docs/decisions/0014-train-allocation.md',
    rebuild: 'rebuild_train_trips_used_capacity',
    content: 'select train_trip_id, used_capacity from train_trips',
    compare: 'equal',
    sources: ['train_allocations: insert, update, delete (space, train_trip_id)'],
    readers: [
      'POST /api/orders/:id/allocate-train (capacity left, under the trip row lock)',
      'GET /api/train-trips',
      'planning (GET /api/planning/proposals/current)',
      'GET /api/dashboard/manager-stats, GET /api/dashboard/admin-stats',
      'admin reports (train utilisation)',
      'GET /api/search (train trips)',
    ],
    buys: 'The space left on a trip without summing its bookings; the CHECK used_capacity <= total_capacity makes overbooking impossible under concurrent allocations (decision 0013).',
    scaleSeed: 'loaded',
  },
  {
    table: 'deliveries',
    columns: ['loaded_space'],
    migration: '0004_manager_scheduling.sql',
    decision: 'docs/decisions/0013-scheduling-rules-and-locks.md',
    rebuild: 'rebuild_deliveries_loaded_space',
    content: 'select delivery_id, loaded_space from deliveries',
    compare: 'equal',
    sources: ['delivery_orders: insert, update, delete (space, delivery_id)'],
    readers: [
      'PUT /api/deliveries/:id/orders (truck capacity check)',
      'GET /api/deliveries/deliveries, GET /api/deliveries/:id',
      'PUT /api/deliveries/:id/truck, PUT /api/Trucks/trucks/:id (capacity lowered)',
    ],
    buys: "A run's load without summing its orders; deliveries_check_truck_capacity refuses an overloaded truck in the same transaction as the load (decision 0013).",
    scaleSeed: 'loaded',
  },
  {
    table: 'products',
    columns: ['available_units', 'movement_count', 'last_moved_at'],
    migration: '0005_a_stock_ledger.sql',
    decision: 'docs/decisions/0016-stock-ledger-balance-and-rollups.md',
    rebuild: 'rebuild_stock_rollups',
    content: 'select product_id, available_units, movement_count, last_moved_at from products',
    compare: 'equal',
    sources: ['stock_movements: insert (append-only)'],
    readers: [
      'POST /api/customers/:id/orders (stock check, place_order)',
      'GET /api/products, GET /api/products/:id/details',
      'GET /api/dashboard/warehouse-manager-stats, GET /api/dashboard/admin-stats, inventory alerts',
    ],
    buys: 'The balance of a product is one row, not a sum over its ledger; placement checks and decrements it under the product row lock (lists p99 < 50 ms, decision 0016).',
    scaleSeed: 'loaded',
  },
  {
    table: 'stock_movements',
    columns: ['seq', 'balance_after'],
    migration: '0005_a_stock_ledger.sql',
    decision: 'docs/decisions/0016-stock-ledger-balance-and-rollups.md',
    rebuild: 'rebuild_stock_rollups',
    content: 'select movement_id, seq, balance_after from stock_movements',
    compare: 'equal',
    sources: ["stock_movements: insert (the row itself, numbered from its product's balance)"],
    readers: [
      'GET /api/products/:id/movements (the ledger with running balances)',
      'GET /api/dashboard/warehouse-manager-stats, inventory alerts',
    ],
    buys: "The running balance of each ledger line without a window over the product's history (decision 0016).",
    scaleSeed: 'loaded',
  },
  {
    table: 'stock_daily',
    migration: '0005_a_stock_ledger.sql',
    decision: 'docs/decisions/0016-stock-ledger-balance-and-rollups.md',
    rebuild: 'rebuild_stock_rollups',
    content:
      'select movement_date, product_id, received_units, issued_units, returned_units, adjusted_units from stock_daily',
    compare: 'equal',
    sources: ['stock_movements: insert'],
    readers: ['GET /api/dashboard/warehouse-manager-stats', 'inventory alerts (GET /api/inventory-alerts)'],
    buys: 'Stock trends per day and product without scanning the ledger (reports p95 < 200 ms, decision 0016).',
    scaleSeed: 'loaded',
  },
  {
    table: 'product_sales_daily_folded',
    companions: ['product_sales_daily_deltas'],
    migration: '0005_a_stock_ledger.sql (folded/deltas: 0016_placement_rollup_deltas.sql)',
    decision: 'docs/decisions/0039-placement-rollup-deltas-and-late-product-locks.md',
    rebuild: 'rebuild_stock_rollups',
    content: `select sales_date, product_id, sum(units) as units, sum(revenue) as revenue, sum(order_count) as order_count
                from product_sales_daily group by 1, 2
               having sum(units) <> 0 or sum(revenue) <> 0 or sum(order_count) <> 0`,
    compare: 'equal',
    sources: ['order_items: insert, update, delete', 'orders: status to or from Cancelled'],
    readers: ['admin reports (product sales)', 'stock reports (sales per product)'],
    buys: 'Sales per product and day for the reports at 1M orders; appended deltas (folded by compact_sales_rollups) keep placement from queuing on a hot rollup row (decision 0039: 3.1 ms of PostgreSQL CPU per order).',
    scaleSeed: 'loaded',
  },
  {
    table: 'order_counts',
    companions: ['order_count_deltas'],
    migration: '0006_order_counts_and_search.sql',
    decision: 'docs/decisions/0010-order-counts.md',
    rebuild: 'rebuild_order_counts',
    // customer 0: every customer's total, which compact_order_counts() folds the deltas into too
    content: `select customer_id, status, sum(n) as n from (
                select customer_id, status, n from order_counts
                union all select customer_id, status, delta from order_count_deltas
                union all select 0, status, delta from order_count_deltas) c
               group by 1, 2 having sum(n) <> 0`,
    compare: 'equal',
    sources: ['orders: insert, delete, update of customer_id or status'],
    readers: [
      'GET /api/orders (totals per status)',
      'GET /api/dashboard/customer-stats, GET /api/dashboard/admin-stats',
    ],
    buys: 'Order totals per customer and status without count(*) over 1M orders; counting queued requests behind each other before (issue 7: p99 7.8 s at 64 connections, decision 0010).',
    scaleSeed: 'rebuild',
  },
  {
    table: 'sales_daily_folded',
    companions: ['sales_daily_deltas'],
    migration: '0007_admin_portal.sql (folded/deltas: 0016_placement_rollup_deltas.sql)',
    decision: 'docs/decisions/0019-admin-figures-and-rollups.md',
    rebuild: 'rebuild_admin_rollups',
    content: `select sales_date, customer_type, city_id, route_id, sum(orders) as orders, sum(units) as units,
                     sum(space) as space, sum(revenue) as revenue, sum(fees) as fees
                from sales_daily group by 1, 2, 3, 4
               having sum(orders) <> 0 or sum(units) <> 0 or sum(space) <> 0 or sum(revenue) <> 0 or sum(fees) <> 0`,
    compare: 'equal',
    sources: [
      'orders: insert, delete, update of status (Cancelled), city_id, route_id, order_date, customer_id, delivery_fee',
      'order_items: insert, update, delete',
      'products: update of space_per_unit (0039_sales_space_follows_space_per_unit.sql)',
    ],
    readers: [
      'GET /api/dashboard/admin-stats, GET /api/dashboard/admin-chart-data',
      'admin reports (sales by city, route, customer type)',
      'stock reports',
    ],
    buys: "The admin's revenue, orders, units and space per day, city, route and customer type without aggregating 1M orders (reports p95 < 200 ms, decision 0019); deltas as for product sales (decision 0039).",
    scaleSeed: 'rebuild',
  },
  {
    table: 'customer_months',
    migration: '0007_admin_portal.sql',
    decision: 'docs/decisions/0019-admin-figures-and-rollups.md',
    rebuild: 'rebuild_admin_rollups',
    content: 'select month, customer_id, customer_type from customer_months',
    compare: 'equal',
    // Only an order's insert: a later change of its order_date or customer_id, or its deletion,
    // is not followed (no feature makes them; a test that moves order dates by SQL sees the
    // difference against the rebuild).
    sources: ['orders: insert'],
    readers: [
      'GET /api/dashboard/admin-chart-data (clients per month)',
      'admin reports (customers per month)',
    ],
    buys: 'Active customers per month without a distinct count over 1M orders (decision 0019).',
    scaleSeed: 'rebuild',
  },
  {
    table: 'delivered_days',
    migration: '0014_delivered_days.sql',
    decision: 'docs/decisions/0037-delivered-days-rollup.md',
    rebuild: 'rebuild_delivered_days',
    content: 'select day, delivered, on_time from delivered_days where delivered <> 0 or on_time <> 0',
    compare: 'equal',
    sources: ['orders: insert, delete, update of delivered_at or schedule_date'],
    readers: ['GET /api/dashboard/manager-stats (on-time rate)', 'GET /api/public/figures'],
    buys: 'The on-time rate from a row per day instead of 26,000 index entries of orders_delivered_at_idx per request (8 ms of the headline statement, decision 0037).',
    scaleSeed: 'rebuild',
  },
  {
    table: 'search_words',
    migration: '0018_search_words.sql',
    decision: 'docs/decisions/0041-search-word-dictionary.md',
    rebuild: 'rebuild_search_words',
    content: 'select word from search_words',
    compare: 'contains',
    sources: [
      'customers, products, employees, users, routes, cities, stores, roles, trucks, train_trips, stock_movements: insert, update of the searched columns (search_words_collect)',
    ],
    readers: ['GET /api/search (typo correction, search_words_near)'],
    buys: 'Typo correction against a small dictionary instead of trigram scans of every searched column (18-44 ms under load before; target p99 < 50 ms at 1M orders, decision 0041).',
    scaleSeed: 'rebuild',
  },
  {
    table: 'delivery_order_facts',
    migration: '0020_b_delivery_order_facts.sql (failures: 0031_failed_deliveries_in_performance.sql)',
    decision: 'docs/decisions/0045-proposal-answer-as-stored-and-delivery-rollup.md',
    rebuild: 'rebuild_delivery_order_facts',
    content:
      'select delivery_id, order_id, customer_id, schedule_date, delivered_at, failed_at, outcome from delivery_order_facts',
    compare: 'equal',
    sources: [
      'delivery_orders: insert, update, delete',
      'delivery_failures: insert, update, delete',
      'orders: update of customer_id, schedule_date or delivered_at',
    ],
    readers: ['delivery-performance report (JSON, summary, CSV, PDF)'],
    buys: 'The delivery-performance report reads one narrow row per order and delivery instead of joining orders at 1M (decision 0045; figures in decision 0048).',
    scaleSeed: 'rebuild',
  },
  {
    table: 'customer_delivery_addresses',
    migration: '0023_customer_delivery_addresses.sql',
    decision: 'docs/decisions/0049-history-search-on-the-customers-addresses.md',
    rebuild: 'rebuild_customer_delivery_addresses',
    content: 'select customer_id, delivery_address from customer_delivery_addresses',
    compare: 'equal',
    sources: ['orders: insert, update of customer_id or delivery_address'],
    readers: ["GET /api/orders?q= (a customer's history search)"],
    buys: "A customer's history search tests its words on the few addresses of the customer instead of every order (SQL alone 53 and 99 ms before, list p99 < 50 ms target, decision 0049).",
    scaleSeed: 'rebuild',
  },
  {
    table: 'delivery_csv_lines',
    migration: '0025_delivery_csv_lines.sql',
    decision: 'docs/decisions/0053-delivery-csv-lines-stored.md',
    rebuild: 'rebuild_delivery_csv_lines',
    content: 'select delivery_id, lines from delivery_csv_lines',
    compare: 'equal',
    sources: [
      'delivery_order_facts: insert, update, delete',
      'deliveries: update of status or route_id',
      'customers: update of name',
      'routes: update of name',
    ],
    readers: ['GET /api/report/delivery-performance?format=csv'],
    buys: 'The delivery-performance CSV copies stored text for finished deliveries (its SQL alone p99 189 ms against the 200 ms target before, decision 0053).',
    scaleSeed: 'rebuild',
  },
  {
    table: 'store_stock_lines',
    migration: '0027_store_stock_lines.sql',
    decision: 'docs/decisions/0055-crew-search-two-statements-and-store-stock-lines.md',
    rebuild: 'rebuild_store_stock_lines',
    content:
      'select order_id, product_id, city_id, last_arrival, arrivals, customer_id, schedule_date, quantity from store_stock_lines',
    compare: 'equal',
    sources: [
      'orders: update of status, city_id, customer_id, schedule_date (to or from Scheduled)',
      'order_items: insert, update, delete (Scheduled orders)',
      'train_allocations: insert, update, delete',
      'train_trips: update of arrival_date_time or arrival_city_id',
    ],
    readers: ['GET /api/stores/:id/stock'],
    buys: "A store's stock from the lines the writers keep instead of joining the open orders with their trains (API p99 50.0 ms, SQL alone 59 ms before, decision 0055).",
    scaleSeed: 'rebuild',
  },
  {
    table: 'pending_order_lines',
    migration: '0028_pending_order_lines.sql',
    decision: 'docs/decisions/0054-pending-and-loadable-lists.md',
    rebuild: 'rebuild_pending_order_lines',
    content: 'select order_id, product_ids, quantities from pending_order_lines',
    compare: 'equal',
    sources: ['order_items: insert, update, delete', 'orders: update of status (to or from Pending)'],
    readers: ['GET /api/planning/pending-orders', 'planning proposals (GET /api/planning/proposals/current)'],
    buys: "The planner's pending list reads each Pending order's lines from one row (API p99 55-60 ms, SQL alone 59-80 ms before, decision 0054).",
    scaleSeed: 'rebuild',
  },
  {
    table: 'delivery_failures',
    columns: ['open'],
    migration: '0030_failed_items_and_returns.sql',
    decision: 'docs/decisions/0058-failed-items-partly-delivered-orders-and-returns.md',
    rebuild: 'rebuild_delivery_failures_open',
    content: 'select failure_id, open from delivery_failures',
    compare: 'equal',
    sources: [
      'delivery_failures: insert, delete',
      'delivery_orders: insert, update, delete',
      'orders: update of status (to or from Scheduled)',
    ],
    readers: [
      'GET /api/dashboard/manager-stats (alerts)',
      'GET /api/dashboard/admin-alerts',
      'GET /api/deliveries/:id/loadable-orders, GET /api/search',
    ],
    buys: 'The manager\'s open-failure alerts from a partial index (delivery_failures_open_idx) instead of deriving "latest failure, back at the store, on no truck" per request (decision 0058).',
    scaleSeed: 'rebuild',
  },
  {
    table: 'support_requests',
    columns: ['message_count', 'last_message_at', 'last_message_side'],
    migration: '0035_support_inbox.sql',
    decision: 'docs/decisions/0062-support-inbox.md',
    rebuild: 'rebuild_support_request_messages',
    content: 'select request_id, message_count, last_message_at, last_message_side from support_requests',
    compare: 'equal',
    sources: ['support_messages: insert (support_messages_state)'],
    readers: [
      'GET /api/support/requests (the inbox, sorted by the last message)',
      'GET /api/support/requests/:id',
    ],
    buys: 'The inbox sorts and labels requests by their last message without reading the messages (decision 0062; no separate figure was measured).',
    scaleSeed: 'loaded',
  },
];

/**
 * Tables that triggers write which are not derived data: they hold facts or history that no
 * query over other tables can compute, so they have no rebuild. The completeness check of
 * derived-tables.test.ts accepts these and every entry above, nothing else.
 */
export const TRIGGER_WRITTEN_NOT_DERIVED: Readonly<Record<string, string>> = {
  audit_log: 'the history of every change (audit_row, audit_rows_inserted): appended, never recomputed',
  users: "token_version counts the invalidations of a user's tokens (employees_token_version): a history",
  support_messages:
    "the opening message of a request (support_requests_opening_message) is the customer's text, a fact",
};

/** The rebuild functions in list order, each once: what the scale seed calls after its load. */
export function scaleSeedRebuilds(): string[] {
  return [...new Set(DERIVED_TABLES.filter((t) => t.scaleSeed === 'rebuild').map((t) => t.rebuild))];
}
