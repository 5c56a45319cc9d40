import { NEAR_FULL_PERCENT, TRUCK_HOURS_PER_DAY } from './constants';
import type { Permission } from './permissions';

/**
 * Every report's metadata, stated once (docs/decisions/0077): the server registers each report from
 * its entry here (src/server/http/report-route.ts: path, OpenAPI text, CSV header, PDF table, the
 * family the permission table gives its roles) and the admin report center lists and draws every
 * entry with a `center` (src/web/features/admin-reports/report-catalog.ts). No SQL and no zod
 * here: the web bundle carries only these lines. A new report is an entry here and its server
 * definition (rows, queries); the web needs no file of its own for it.
 */

/**
 * How a value is written: CSV and PDF (src/server/http/report-route.ts) and the screen
 * (src/web/features/admin-reports/components/report-cells.tsx). JSON always carries the raw value.
 * A `badge` is text the screen shows as a coloured status; downloads write it as text. A
 * `fraction` is a share of 1 shown as a percentage.
 */
export type ReportCellKind =
  | 'text'
  | 'badge'
  | 'int'
  | 'number'
  | 'money'
  | 'percent'
  | 'fraction'
  | 'hours'
  | 'date'
  | 'datetime';

const NUMERIC_KINDS: ReadonlySet<ReportCellKind | undefined> = new Set([
  'int',
  'number',
  'money',
  'percent',
  'fraction',
  'hours',
]);

/** A figure: aligned right in the PDF and on screen. */
export const isNumericKind = (kind: ReportCellKind | undefined): boolean => NUMERIC_KINDS.has(kind);

/**
 * The PDF holds at most this many rows: a document of about ten pages that can be read, with the
 * count of every row, totals of every row, and a pointer to the CSV, which holds them all.
 */
export const PDF_ROW_CAP = 250;
/** Days before today a report's period starts when neither the report nor the query says. */
export const REPORT_DEFAULT_DAYS = 365;
/** Orders the customer order history answers (JSON and CSV) unless `limit` says otherwise. */
export const CUSTOMER_ORDERS_DEFAULT_LIMIT = 500;
/** Rows the delivery performance JSON answers unless `limit` says otherwise. */
export const PERFORMANCE_JSON_DEFAULT_LIMIT = 1000;

export interface ReportColumnMeta<Key extends string = string> {
  key: Key;
  /** The CSV header and the PDF column; the screen's header unless the center says otherwise. */
  label: string;
  kind?: ReportCellKind;
  /** The PDF totals row: the sum or the mean of the column. */
  total?: 'sum' | 'avg';
}

/** A filter beyond the period, by its query parameter (the server validates each with zod). */
export type ReportFilter = 'quarter' | 'month' | 'customer_id' | 'limit' | 'offset';

export const REPORT_CATEGORIES = ['Financial', 'Operations', 'Inventory', 'Business'] as const;
export type ReportCategory = (typeof REPORT_CATEGORIES)[number];

/** A column on screen: the report's column, with a shorter header or another kind where given. */
export type CenterColumn<Key extends string> = Key | { key: Key; label?: string; kind?: ReportCellKind };

/** How the admin report center shows a report (docs/product/portals.md#admin). */
export interface ReportCenterMeta<Key extends string = string> {
  category: ReportCategory;
  /** The title in the center's list, when shorter than the report's. */
  title?: string;
  /** One line under the title. */
  summary: string;
  /** The columns on screen, in their order; all the report's columns when omitted. */
  columns?: readonly CenterColumn<Key>[];
  /** A bar chart of `y` per `x` (summed when several rows share an x), the first bars. */
  chart?: { x: Key; y: Key; label: string; kind?: ReportCellKind; series?: Key };
  /** The days back of the period the center opens with, when not the report's default. */
  days?: number;
  /** JSON rows asked for on screen (the CSV download holds every row; the PDF the first 250 and the totals of all). */
  limit?: number;
}

export interface ReportMeta<Key extends string = string> {
  /** The last path segment: GET /api/report/{name}. */
  name: string;
  title: string;
  /** The OpenAPI description of the route. */
  description: string;
  /** The report family; src/shared/permissions.ts gives each family its roles (docs/decisions/0061). */
  permission: Permission;
  columns: readonly ReportColumnMeta<Key>[];
  /** Filters beyond the period; the server's definition validates exactly these. */
  filters?: readonly ReportFilter[];
  /** Days before today the period starts by default (REPORT_DEFAULT_DAYS); the default end is today. */
  defaultDays?: number;
  /** Days after today the period ends by default (reports about what is coming, like trips). */
  defaultDaysAhead?: number;
  /** The period does not apply: a report about now. */
  noPeriod?: true;
  /** Listed in the admin report center, and how (its keys are the columns', never a new one). */
  center?: ReportCenterMeta<NoInfer<Key>>;
}

/** A report's entry, its column keys kept as literals (the server checks them against its rows). */
const report = <const Key extends string>(meta: ReportMeta<Key>): ReportMeta<Key> => meta;

/** The reports, in the order the report center lists them within each category. */
export const REPORTS = {
  'revenue-analysis': report({
    name: 'revenue-analysis',
    title: 'Revenue Analysis',
    description:
      'Orders placed in the period and not cancelled, per month and customer type: count, revenue (goods at the captured prices + delivery fee), average order value, and the customers of the type who ordered in the month.',
    permission: 'reports:financial',
    columns: [
      { key: 'month', label: 'Month' },
      { key: 'customer_type', label: 'Customer type', kind: 'badge' },
      { key: 'order_count', label: 'Orders', kind: 'int', total: 'sum' },
      { key: 'total_revenue', label: 'Revenue', kind: 'money', total: 'sum' },
      { key: 'avg_order_value', label: 'Average order', kind: 'money' },
      { key: 'unique_customers', label: 'Customers', kind: 'int' },
    ],
    center: {
      category: 'Financial',
      summary: 'Orders and revenue per month and customer type.',
      chart: { x: 'month', y: 'total_revenue', label: 'Revenue', kind: 'money', series: 'customer_type' },
    },
  }),
  'product-performance': report({
    name: 'product-performance',
    title: 'Product Performance',
    description:
      'Units sold, revenue and orders per product in the period (orders not cancelled, by order date), with the stock status now.',
    permission: 'reports:stock',
    columns: [
      { key: 'product_name', label: 'Product' },
      { key: 'category', label: 'Category' },
      { key: 'unit_price', label: 'Unit price', kind: 'money' },
      { key: 'total_quantity_sold', label: 'Units sold', kind: 'int', total: 'sum' },
      { key: 'total_revenue', label: 'Revenue', kind: 'money', total: 'sum' },
      { key: 'order_count', label: 'Orders', kind: 'int', total: 'sum' },
      { key: 'available_units', label: 'Available units', kind: 'int', total: 'sum' },
      { key: 'stock_status', label: 'Stock status', kind: 'badge' },
    ],
    center: {
      category: 'Financial',
      summary: 'Units sold, revenue and orders per product, with its stock now.',
      columns: [
        'product_name',
        'category',
        'unit_price',
        'total_quantity_sold',
        'total_revenue',
        'order_count',
        { key: 'stock_status', label: 'Stock' },
      ],
      chart: { x: 'product_name', y: 'total_revenue', label: 'Revenue', kind: 'money' },
    },
  }),
  'train-capacity-utilization': report({
    name: 'train-capacity-utilization',
    title: 'Train Capacity Utilization',
    description: `Train trips departing in the period (default: the last and next 30 days): capacity booked of total and the orders on board; above ${NEAR_FULL_PERCENT} % a trip is Near Full, with no space left Full.`,
    permission: 'reports:operations',
    defaultDays: 60,
    defaultDaysAhead: 30,
    columns: [
      { key: 'train_trip_id', label: 'Trip', kind: 'int' },
      { key: 'train_name', label: 'Train' },
      { key: 'departure_city', label: 'From' },
      { key: 'arrival_city', label: 'To' },
      { key: 'departure_date_time', label: 'Departs', kind: 'datetime' },
      { key: 'total_capacity', label: 'Capacity', kind: 'number', total: 'sum' },
      { key: 'used_capacity', label: 'Booked', kind: 'number', total: 'sum' },
      { key: 'utilization_percent', label: 'Utilisation', kind: 'percent', total: 'avg' },
      { key: 'orders_count', label: 'Orders', kind: 'int', total: 'sum' },
      { key: 'status', label: 'Status', kind: 'badge' },
    ],
    center: {
      category: 'Operations',
      summary: `Booked and total capacity of each train trip; above ${NEAR_FULL_PERCENT} % a trip is Near Full, with no space left Full.`,
      columns: [
        'train_name',
        'arrival_city',
        'departure_date_time',
        'used_capacity',
        'total_capacity',
        'utilization_percent',
        'orders_count',
        'status',
      ],
      chart: { x: 'arrival_city', y: 'used_capacity', label: 'Space booked', kind: 'number' },
    },
  }),
  'delivery-performance': report({
    name: 'delivery-performance',
    title: 'Delivery performance',
    description: `Each order on a delivery that starts in the period, latest first: On Time when delivered by the end of its requested day, Late after it, Pending while out and not yet late; Failed or Partly delivered when it left that delivery with items not delivered (a row for each delivery it was on). JSON answers ${PERFORMANCE_JSON_DEFAULT_LIMIT} rows unless \`limit\` says otherwise (\`offset\` pages on; the summary report has the totals); the CSV holds every row (read in batches as the client takes them); the PDF shows the counts of every row and the latest ${PDF_ROW_CAP}.`,
    permission: 'reports:operations',
    filters: ['limit', 'offset'],
    defaultDays: 29,
    columns: [
      { key: 'delivery_id', label: 'Delivery', kind: 'int' },
      { key: 'order_id', label: 'Order', kind: 'int' },
      { key: 'customer_name', label: 'Customer' },
      { key: 'route_name', label: 'Route' },
      { key: 'status', label: 'Delivery status', kind: 'badge' },
      { key: 'schedule_date', label: 'Requested', kind: 'date' },
      { key: 'delivery_date_time', label: 'Delivered / leaves', kind: 'datetime' },
      { key: 'performance_status', label: 'Performance', kind: 'badge' },
      { key: 'hours_delay', label: 'Delay', kind: 'hours', total: 'avg' },
    ],
    center: {
      category: 'Operations',
      title: 'Delivery Performance',
      summary:
        'Each order on a delivery: On Time, Late (hours past its requested day), Pending, or Failed / Partly delivered on that run.',
      columns: [
        'delivery_id',
        'order_id',
        'customer_name',
        'status',
        'performance_status',
        { key: 'delivery_date_time', label: 'Delivered / failed / leaves' },
        'hours_delay',
      ],
      limit: 200,
    },
  }),
  'employee-workload': report({
    name: 'employee-workload',
    title: 'Employee Workload',
    description:
      'Deliveries of every driver and assistant that start in the period (default the last 30 days): assignments, scheduled hours, average hours, assignments this week (Monday to Sunday) and the latest assignment.',
    permission: 'reports:operations',
    defaultDays: 29,
    columns: [
      { key: 'first_name', label: 'First name' },
      { key: 'last_name', label: 'Last name' },
      { key: 'employee_type', label: 'Role', kind: 'badge' },
      { key: 'total_assignments', label: 'Assignments', kind: 'int', total: 'sum' },
      { key: 'total_hours', label: 'Hours', kind: 'hours', total: 'sum' },
      { key: 'avg_hours_per_assignment', label: 'Hours / assignment', kind: 'hours' },
      { key: 'assignments_this_week', label: 'This week', kind: 'int', total: 'sum' },
      { key: 'last_assignment', label: 'Latest assignment', kind: 'datetime' },
    ],
    center: {
      category: 'Operations',
      summary: 'Assignments and hours of every driver and assistant.',
      columns: [
        'first_name',
        'last_name',
        'employee_type',
        'total_assignments',
        'total_hours',
        'avg_hours_per_assignment',
        'assignments_this_week',
        { key: 'last_assignment', label: 'Latest' },
      ],
      chart: { x: 'last_name', y: 'total_hours', label: 'Hours', kind: 'hours' },
    },
  }),
  'inventory-alerts': report({
    name: 'inventory-alerts',
    title: 'Inventory Alerts',
    description:
      'Products out of stock or below their reorder point, now: critical at or below a third of the reorder point, else warning; with the suggested reorder point and the demand of pending orders in the next 14 days. The period does not apply (alerts are about the stock now).',
    permission: 'reports:stock',
    noPeriod: true,
    columns: [
      { key: 'product_id', label: 'Product ID', kind: 'int' },
      { key: 'product_name', label: 'Product' },
      { key: 'category', label: 'Category' },
      { key: 'alert_level', label: 'Alert level', kind: 'badge' },
      { key: 'available_units', label: 'Available units', kind: 'int', total: 'sum' },
      { key: 'reorder_point', label: 'Reorder point', kind: 'int' },
      { key: 'suggested_reorder_point', label: 'Suggested reorder point', kind: 'int' },
      { key: 'reorder_quantity', label: 'Reorder quantity', kind: 'int', total: 'sum' },
      { key: 'pending_demand_units', label: 'Pending demand (14 days)', kind: 'int', total: 'sum' },
    ],
    center: {
      category: 'Inventory',
      summary: 'Products out of stock or below their reorder point, now, with what to reorder.',
      columns: [
        'product_name',
        'category',
        'alert_level',
        { key: 'available_units', label: 'Units' },
        'reorder_point',
        { key: 'suggested_reorder_point', label: 'Suggested point' },
        { key: 'reorder_quantity', label: 'Reorder' },
      ],
    },
  }),
  'quarterly-sales': report({
    name: 'quarterly-sales',
    title: 'Quarterly Sales',
    description:
      'Value and volume of the orders placed in each calendar quarter of the period and not cancelled: orders, units, train space, goods revenue at the captured prices, delivery fees.',
    permission: 'reports:financial',
    columns: [
      { key: 'quarter', label: 'Quarter' },
      { key: 'orders', label: 'Orders', kind: 'int', total: 'sum' },
      { key: 'units', label: 'Units', kind: 'int', total: 'sum' },
      { key: 'space', label: 'Train space', kind: 'number', total: 'sum' },
      { key: 'goods_revenue', label: 'Goods', kind: 'money', total: 'sum' },
      { key: 'delivery_fees', label: 'Delivery fees', kind: 'money', total: 'sum' },
      { key: 'total_revenue', label: 'Revenue', kind: 'money', total: 'sum' },
      { key: 'avg_order_value', label: 'Average order', kind: 'money' },
    ],
    center: {
      category: 'Business',
      summary: 'Value and volume per calendar quarter.',
      columns: [
        'quarter',
        'orders',
        'units',
        'space',
        'goods_revenue',
        { key: 'delivery_fees', label: 'Fees' },
        'total_revenue',
      ],
      chart: { x: 'quarter', y: 'total_revenue', label: 'Revenue', kind: 'money' },
      days: 730,
    },
  }),
  'top-items': report({
    name: 'top-items',
    title: 'Most Ordered Items',
    description:
      'The products ordered most (units) in `quarter` (YYYY-Qn) or in the period, orders not cancelled; `limit` rows (default 10).',
    permission: 'reports:financial',
    filters: ['quarter', 'limit'],
    columns: [
      { key: 'rank', label: 'Rank', kind: 'int' },
      { key: 'product_name', label: 'Product' },
      { key: 'category', label: 'Category' },
      { key: 'units', label: 'Units', kind: 'int', total: 'sum' },
      { key: 'orders', label: 'Orders', kind: 'int', total: 'sum' },
      { key: 'revenue', label: 'Revenue', kind: 'money', total: 'sum' },
    ],
    center: {
      category: 'Business',
      summary: 'The products ordered most in a quarter (or the period).',
      chart: { x: 'product_name', y: 'units', label: 'Units', kind: 'int' },
      days: 90,
    },
  }),
  'city-sales': report({
    name: 'city-sales',
    title: 'Sales by City',
    description:
      'Orders, units and revenue (goods + delivery fee) per destination city, orders placed in the period and not cancelled.',
    permission: 'reports:financial',
    columns: [
      { key: 'city', label: 'City' },
      { key: 'orders', label: 'Orders', kind: 'int', total: 'sum' },
      { key: 'units', label: 'Units', kind: 'int', total: 'sum' },
      { key: 'total_revenue', label: 'Revenue', kind: 'money', total: 'sum' },
      { key: 'percent', label: 'Share', kind: 'percent' },
    ],
    center: {
      category: 'Business',
      summary: 'Orders and revenue per destination city.',
      chart: { x: 'city', y: 'total_revenue', label: 'Revenue', kind: 'money' },
    },
  }),
  'route-sales': report({
    name: 'route-sales',
    title: 'Sales by Route',
    description:
      'Orders, units and revenue (goods + delivery fee) per truck route, orders placed in the period and not cancelled.',
    permission: 'reports:financial',
    columns: [
      { key: 'route', label: 'Route' },
      { key: 'city', label: 'Store city' },
      { key: 'orders', label: 'Orders', kind: 'int', total: 'sum' },
      { key: 'units', label: 'Units', kind: 'int', total: 'sum' },
      { key: 'total_revenue', label: 'Revenue', kind: 'money', total: 'sum' },
      { key: 'percent', label: 'Share', kind: 'percent' },
    ],
    center: {
      category: 'Business',
      summary: 'Orders and revenue per truck route.',
      chart: { x: 'route', y: 'total_revenue', label: 'Revenue', kind: 'money' },
    },
  }),
  'crew-hours': report({
    name: 'crew-hours',
    title: 'Driver and Assistant Working Hours',
    description:
      'Scheduled hours of every driver and assistant on the deliveries starting in the period (default the last 30 days), with the average per week against their weekly limit.',
    permission: 'reports:operations',
    defaultDays: 29,
    columns: [
      { key: 'name', label: 'Name' },
      { key: 'employee_type', label: 'Role', kind: 'badge' },
      { key: 'deliveries', label: 'Deliveries', kind: 'int', total: 'sum' },
      { key: 'total_hours', label: 'Hours', kind: 'hours', total: 'sum' },
      { key: 'avg_hours_per_week', label: 'Hours / week', kind: 'hours' },
      { key: 'weekly_hour_limit', label: 'Weekly limit', kind: 'hours' },
    ],
    center: {
      category: 'Business',
      title: 'Driver & Assistant Hours',
      summary: 'Working hours of drivers and assistants against their weekly limits.',
      chart: { x: 'name', y: 'total_hours', label: 'Hours', kind: 'hours' },
    },
  }),
  'truck-usage': report({
    name: 'truck-usage',
    title: 'Truck Usage per Month',
    description: `Each truck in each month of the period: deliveries, scheduled hours, and their share of the hours it could run (${TRUCK_HOURS_PER_DAY} h a day, the month's days within the period).`,
    permission: 'reports:operations',
    columns: [
      { key: 'month', label: 'Month' },
      { key: 'plate_number', label: 'Truck' },
      { key: 'deliveries', label: 'Deliveries', kind: 'int', total: 'sum' },
      { key: 'hours_used', label: 'Hours used', kind: 'hours', total: 'sum' },
      { key: 'hours_available', label: 'Hours available', kind: 'hours', total: 'sum' },
      { key: 'usage_percent', label: 'Usage', kind: 'percent', total: 'avg' },
    ],
    center: {
      category: 'Business',
      summary: `Scheduled hours of each truck per month against ${TRUCK_HOURS_PER_DAY} hours a day.`,
      columns: [
        'month',
        'plate_number',
        'deliveries',
        'hours_used',
        { key: 'hours_available', label: 'Available' },
        'usage_percent',
      ],
      chart: { x: 'month', y: 'hours_used', label: 'Hours used', kind: 'hours' },
      days: 180,
    },
  }),
  'customer-orders': report({
    name: 'customer-orders',
    title: 'Customer Order History',
    description: `Orders placed in the period, newest first, of \`customer_id\` when given: status, items, total, and the truck delivery that carries each (truck, driver, departure, delivery time). JSON and the CSV hold up to \`limit\` orders (default ${CUSTOMER_ORDERS_DEFAULT_LIMIT}, at most 5,000); the PDF the first ${PDF_ROW_CAP} of them, with the totals of all.`,
    permission: 'reports:operations',
    filters: ['customer_id', 'limit'],
    columns: [
      { key: 'order_id', label: 'Order', kind: 'int' },
      { key: 'customer_name', label: 'Customer' },
      { key: 'order_date', label: 'Ordered', kind: 'datetime' },
      { key: 'schedule_date', label: 'Requested', kind: 'date' },
      { key: 'status', label: 'Status', kind: 'badge' },
      { key: 'items', label: 'Items', kind: 'int', total: 'sum' },
      { key: 'order_total', label: 'Total', kind: 'money', total: 'sum' },
      { key: 'plate_number', label: 'Truck' },
      { key: 'driver_name', label: 'Driver' },
      { key: 'delivery_date_time', label: 'Truck leaves', kind: 'datetime' },
      { key: 'delivered_at', label: 'Delivered', kind: 'datetime' },
    ],
    center: {
      category: 'Business',
      summary: "A customer's orders with the truck delivery of each.",
      columns: [
        'order_id',
        'customer_name',
        // the day on screen; the downloads keep the time
        { key: 'order_date', kind: 'date' },
        'status',
        'items',
        'order_total',
        'plate_number',
        'driver_name',
        'delivered_at',
      ],
    },
  }),
  // the manager's and the warehouse's own pages read these (not in the report center)
  truck_usage: report({
    name: 'truck_usage',
    title: 'Truck usage',
    description: `Scheduled hours of each truck over the hours it could run (${TRUCK_HOURS_PER_DAY} h a day) in the period, or in \`month\` (YYYY-MM) when given.`,
    permission: 'reports:operations',
    filters: ['month'],
    defaultDays: 29,
    columns: [
      { key: 'plate_number', label: 'Truck' },
      { key: 'store_city', label: 'Store' },
      { key: 'deliveries', label: 'Deliveries', kind: 'int', total: 'sum' },
      { key: 'hours_used', label: 'Hours used', kind: 'hours', total: 'sum' },
      { key: 'hours_available', label: 'Hours available', kind: 'hours', total: 'sum' },
      { key: 'usageRate', label: 'Usage', kind: 'fraction', total: 'avg' },
    ],
  }),
  'driver-hours': report({
    name: 'driver-hours',
    title: 'Driver and assistant hours',
    description: 'Scheduled hours of every driver and assistant on the deliveries that start in the period.',
    permission: 'reports:operations',
    defaultDays: 29,
    columns: [
      { key: 'name', label: 'Name' },
      { key: 'employee_type', label: 'Role', kind: 'badge' },
      { key: 'deliveries', label: 'Deliveries', kind: 'int', total: 'sum' },
      { key: 'totalHours', label: 'Hours', kind: 'hours', total: 'sum' },
    ],
  }),
  'delivery-performance-summary': report({
    name: 'delivery-performance-summary',
    title: 'Delivery performance summary',
    description:
      'How many orders on the deliveries of the period were On Time, Late, still Pending, Failed or Partly delivered.',
    permission: 'reports:operations',
    defaultDays: 29,
    columns: [
      { key: 'performance_status', label: 'Performance', kind: 'badge' },
      { key: 'orders', label: 'Orders', kind: 'int', total: 'sum' },
      { key: 'percent', label: 'Share', kind: 'percent' },
    ],
  }),
  'current-stock': report({
    name: 'current-stock',
    title: 'Current Stock',
    description:
      'Units available at the Kandy warehouse now, their value at the current price, and the units sold in the period.',
    permission: 'reports:stock',
    columns: [
      { key: 'product_name', label: 'Product' },
      { key: 'category', label: 'Category' },
      { key: 'current_stock', label: 'Current stock', kind: 'int', total: 'sum' },
      { key: 'unit_price', label: 'Unit price', kind: 'money' },
      { key: 'stock_value', label: 'Stock value', kind: 'money', total: 'sum' },
      { key: 'total_quantity_sold', label: 'Units sold', kind: 'int', total: 'sum' },
      { key: 'stock_status', label: 'Stock status', kind: 'badge' },
    ],
  }),
} as const;

export type ReportName = keyof typeof REPORTS;
