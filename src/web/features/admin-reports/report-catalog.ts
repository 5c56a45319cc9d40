import { can, type Permission } from '#shared/permissions';
import type { Portal } from '#shared/roles';

/** How a cell is shown. */
export type CellKind =
  | 'text'
  | 'int'
  | 'number'
  | 'money'
  | 'percent'
  | 'hours'
  | 'date'
  | 'datetime'
  | 'badge';

export interface ReportColumnSpec {
  key: string;
  label: string;
  kind?: CellKind;
}

export interface ReportSpec {
  name: string;
  title: string;
  /** The report family the server checks (src/shared/permissions.ts, docs/decisions/0061). */
  permission: Permission;
  category: 'Financial' | 'Operations' | 'Inventory' | 'Business';
  description: string;
  columns: readonly ReportColumnSpec[];
  /** A bar chart of `y` per `x` (summed when several rows share an x), the first `limit` bars. */
  chart?: { x: string; y: string; label: string; kind?: CellKind; series?: string };
  /** Days back and ahead of the default period (the server's own default). */
  days: number;
  ahead?: number;
  /** Filters beyond the period. */
  extra?: 'quarter' | 'customer' | 'none';
  /** The period does not apply (a report about now). */
  noPeriod?: boolean;
  /** JSON rows asked for on screen (the CSV download holds every row; the PDF the first 250 and the totals of all). */
  limit?: number;
}

/**
 * The report center (/admin/reports: docs/product/portals.md#admin, docs/product/business-rules.md#reports).
 */
export const REPORTS: readonly ReportSpec[] = [
  {
    name: 'revenue-analysis',
    permission: 'reports:financial',
    title: 'Revenue Analysis',
    category: 'Financial',
    description: 'Orders and revenue per month and customer type.',
    days: 365,
    chart: { x: 'month', y: 'total_revenue', label: 'Revenue', kind: 'money', series: 'customer_type' },
    columns: [
      { key: 'month', label: 'Month' },
      { key: 'customer_type', label: 'Customer type', kind: 'badge' },
      { key: 'order_count', label: 'Orders', kind: 'int' },
      { key: 'total_revenue', label: 'Revenue', kind: 'money' },
      { key: 'avg_order_value', label: 'Average order', kind: 'money' },
      { key: 'unique_customers', label: 'Customers', kind: 'int' },
    ],
  },
  {
    name: 'product-performance',
    permission: 'reports:stock',
    title: 'Product Performance',
    category: 'Financial',
    description: 'Units sold, revenue and orders per product, with its stock now.',
    days: 365,
    chart: { x: 'product_name', y: 'total_revenue', label: 'Revenue', kind: 'money' },
    columns: [
      { key: 'product_name', label: 'Product' },
      { key: 'category', label: 'Category' },
      { key: 'unit_price', label: 'Unit price', kind: 'money' },
      { key: 'total_quantity_sold', label: 'Units sold', kind: 'int' },
      { key: 'total_revenue', label: 'Revenue', kind: 'money' },
      { key: 'order_count', label: 'Orders', kind: 'int' },
      { key: 'stock_status', label: 'Stock', kind: 'badge' },
    ],
  },
  {
    name: 'train-capacity-utilization',
    permission: 'reports:operations',
    title: 'Train Capacity Utilization',
    category: 'Operations',
    description:
      'Booked and total capacity of each train trip; above 90 % a trip is Near Full, with no space left Full.',
    days: 60,
    ahead: 30,
    chart: { x: 'arrival_city', y: 'used_capacity', label: 'Space booked', kind: 'number' },
    columns: [
      { key: 'train_name', label: 'Train' },
      { key: 'arrival_city', label: 'To' },
      { key: 'departure_date_time', label: 'Departs', kind: 'datetime' },
      { key: 'used_capacity', label: 'Booked', kind: 'number' },
      { key: 'total_capacity', label: 'Capacity', kind: 'number' },
      { key: 'utilization_percent', label: 'Utilisation', kind: 'percent' },
      { key: 'orders_count', label: 'Orders', kind: 'int' },
      { key: 'status', label: 'Status', kind: 'badge' },
    ],
  },
  {
    name: 'delivery-performance',
    permission: 'reports:operations',
    title: 'Delivery Performance',
    category: 'Operations',
    description:
      'Each order on a delivery: On Time, Late (hours past its requested day), Pending, or Failed / Partly delivered on that run.',
    days: 29,
    limit: 200,
    columns: [
      { key: 'delivery_id', label: 'Delivery', kind: 'int' },
      { key: 'order_id', label: 'Order', kind: 'int' },
      { key: 'customer_name', label: 'Customer' },
      { key: 'status', label: 'Delivery status', kind: 'badge' },
      { key: 'performance_status', label: 'Performance', kind: 'badge' },
      { key: 'delivery_date_time', label: 'Delivered / failed / leaves', kind: 'datetime' },
      { key: 'hours_delay', label: 'Delay', kind: 'hours' },
    ],
  },
  {
    name: 'employee-workload',
    permission: 'reports:operations',
    title: 'Employee Workload',
    category: 'Operations',
    description: 'Assignments and hours of every driver and assistant.',
    days: 29,
    chart: { x: 'last_name', y: 'total_hours', label: 'Hours', kind: 'hours' },
    columns: [
      { key: 'first_name', label: 'First name' },
      { key: 'last_name', label: 'Last name' },
      { key: 'employee_type', label: 'Role', kind: 'badge' },
      { key: 'total_assignments', label: 'Assignments', kind: 'int' },
      { key: 'total_hours', label: 'Hours', kind: 'hours' },
      { key: 'avg_hours_per_assignment', label: 'Hours / assignment', kind: 'hours' },
      { key: 'assignments_this_week', label: 'This week', kind: 'int' },
      { key: 'last_assignment', label: 'Latest', kind: 'datetime' },
    ],
  },
  {
    name: 'inventory-alerts',
    permission: 'reports:stock',
    title: 'Inventory Alerts',
    category: 'Inventory',
    description: 'Products out of stock or below their reorder point, now, with what to reorder.',
    days: 0,
    noPeriod: true,
    columns: [
      { key: 'product_name', label: 'Product' },
      { key: 'category', label: 'Category' },
      { key: 'alert_level', label: 'Alert level', kind: 'badge' },
      { key: 'available_units', label: 'Units', kind: 'int' },
      { key: 'reorder_point', label: 'Reorder point', kind: 'int' },
      { key: 'suggested_reorder_point', label: 'Suggested point', kind: 'int' },
      { key: 'reorder_quantity', label: 'Reorder', kind: 'int' },
    ],
  },
  {
    name: 'quarterly-sales',
    permission: 'reports:financial',
    title: 'Quarterly Sales',
    category: 'Business',
    description: 'Value and volume per calendar quarter.',
    days: 730,
    chart: { x: 'quarter', y: 'total_revenue', label: 'Revenue', kind: 'money' },
    columns: [
      { key: 'quarter', label: 'Quarter' },
      { key: 'orders', label: 'Orders', kind: 'int' },
      { key: 'units', label: 'Units', kind: 'int' },
      { key: 'space', label: 'Train space', kind: 'number' },
      { key: 'goods_revenue', label: 'Goods', kind: 'money' },
      { key: 'delivery_fees', label: 'Fees', kind: 'money' },
      { key: 'total_revenue', label: 'Revenue', kind: 'money' },
    ],
  },
  {
    name: 'top-items',
    permission: 'reports:financial',
    title: 'Most Ordered Items',
    category: 'Business',
    description: 'The products ordered most in a quarter (or the period).',
    days: 90,
    extra: 'quarter',
    chart: { x: 'product_name', y: 'units', label: 'Units', kind: 'int' },
    columns: [
      { key: 'rank', label: 'Rank', kind: 'int' },
      { key: 'product_name', label: 'Product' },
      { key: 'category', label: 'Category' },
      { key: 'units', label: 'Units', kind: 'int' },
      { key: 'orders', label: 'Orders', kind: 'int' },
      { key: 'revenue', label: 'Revenue', kind: 'money' },
    ],
  },
  {
    name: 'city-sales',
    permission: 'reports:financial',
    title: 'Sales by City',
    category: 'Business',
    description: 'Orders and revenue per destination city.',
    days: 365,
    chart: { x: 'city', y: 'total_revenue', label: 'Revenue', kind: 'money' },
    columns: [
      { key: 'city', label: 'City' },
      { key: 'orders', label: 'Orders', kind: 'int' },
      { key: 'units', label: 'Units', kind: 'int' },
      { key: 'total_revenue', label: 'Revenue', kind: 'money' },
      { key: 'percent', label: 'Share', kind: 'percent' },
    ],
  },
  {
    name: 'route-sales',
    permission: 'reports:financial',
    title: 'Sales by Route',
    category: 'Business',
    description: 'Orders and revenue per truck route.',
    days: 365,
    chart: { x: 'route', y: 'total_revenue', label: 'Revenue', kind: 'money' },
    columns: [
      { key: 'route', label: 'Route' },
      { key: 'city', label: 'Store city' },
      { key: 'orders', label: 'Orders', kind: 'int' },
      { key: 'units', label: 'Units', kind: 'int' },
      { key: 'total_revenue', label: 'Revenue', kind: 'money' },
      { key: 'percent', label: 'Share', kind: 'percent' },
    ],
  },
  {
    name: 'crew-hours',
    permission: 'reports:operations',
    title: 'Driver & Assistant Hours',
    category: 'Business',
    description: 'Working hours of drivers and assistants against their weekly limits.',
    days: 29,
    chart: { x: 'name', y: 'total_hours', label: 'Hours', kind: 'hours' },
    columns: [
      { key: 'name', label: 'Name' },
      { key: 'employee_type', label: 'Role', kind: 'badge' },
      { key: 'deliveries', label: 'Deliveries', kind: 'int' },
      { key: 'total_hours', label: 'Hours', kind: 'hours' },
      { key: 'avg_hours_per_week', label: 'Hours / week', kind: 'hours' },
      { key: 'weekly_hour_limit', label: 'Weekly limit', kind: 'hours' },
    ],
  },
  {
    name: 'truck-usage',
    permission: 'reports:operations',
    title: 'Truck Usage per Month',
    category: 'Business',
    description: 'Scheduled hours of each truck per month against 10 hours a day.',
    days: 180,
    chart: { x: 'month', y: 'hours_used', label: 'Hours used', kind: 'hours' },
    columns: [
      { key: 'month', label: 'Month' },
      { key: 'plate_number', label: 'Truck' },
      { key: 'deliveries', label: 'Deliveries', kind: 'int' },
      { key: 'hours_used', label: 'Hours used', kind: 'hours' },
      { key: 'hours_available', label: 'Available', kind: 'hours' },
      { key: 'usage_percent', label: 'Usage', kind: 'percent' },
    ],
  },
  {
    name: 'customer-orders',
    permission: 'reports:operations',
    title: 'Customer Order History',
    category: 'Business',
    description: "A customer's orders with the truck delivery of each.",
    days: 365,
    extra: 'customer',
    columns: [
      { key: 'order_id', label: 'Order', kind: 'int' },
      { key: 'customer_name', label: 'Customer' },
      { key: 'order_date', label: 'Ordered', kind: 'date' },
      { key: 'status', label: 'Status', kind: 'badge' },
      { key: 'items', label: 'Items', kind: 'int' },
      { key: 'order_total', label: 'Total', kind: 'money' },
      { key: 'plate_number', label: 'Truck' },
      { key: 'driver_name', label: 'Driver' },
      { key: 'delivered_at', label: 'Delivered', kind: 'datetime' },
    ],
  },
];

export const CATEGORIES = ['Financial', 'Operations', 'Inventory', 'Business'] as const;

/** The reports a portal may read, by the permission table the server enforces. */
export function reportsFor(portal: Portal): readonly ReportSpec[] {
  return REPORTS.filter((r) => can(portal, r.permission));
}
