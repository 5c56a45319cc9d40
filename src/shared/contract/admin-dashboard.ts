import { z } from 'zod';
import { periodQuery } from './common';

/** GET /dashboard/admin-stats (docs/product/api.md#dashboards); docs/decisions/0019. */
export const adminStatsSchema = z.object({
  total_orders: z.number().int(),
  pending_orders: z.number().int(),
  delivered_orders: z.number().int(),
  /** Users (not deleted) who signed in within the last 30 days. */
  active_users: z.number().int(),
  /** Booked / total capacity of the trips departing in the last 30 and next 30 days, %. */
  train_utilization: z.number(),
  /** Scheduled truck hours in the last 30 and next 30 days over the hours the fleet could run, %. */
  truck_utilization: z.number(),
  /** Drivers and assistants on at least one delivery this week (Monday to Sunday, Colombo). */
  staff_active: z.number().int(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

const typeFigures = z.object({ revenue: z.number(), orders: z.number().int(), percent: z.number() });

/**
 * One month of the admin chart:
 * - `revenue`, `orders`: order totals (goods at the captured prices + delivery fee) of the orders
 *   placed in the month and not cancelled; `wholesale` / `retail` split the revenue by customer type;
 * - `current_clients`: customers who placed at least one order in the month;
 * - `subscribers`: customers with a portal login created up to the end of the month (cumulative);
 * - `new_customers`: customer records created in the month.
 */
export const monthFiguresSchema = z.object({
  revenue: z.number(),
  orders: z.number().int(),
  wholesale: z.number(),
  retail: z.number(),
  current_clients: z.number().int(),
  subscribers: z.number().int(),
  new_customers: z.number().int(),
});
export type MonthFigures = z.infer<typeof monthFiguresSchema>;

/** GET /dashboard/admin-chart-data. */
export const adminChartDataSchema = z.object({
  period: z.object({ from: z.string(), to: z.string() }),
  revenue: z.object({
    total: z.number(),
    /** Against the period of the same length just before; null when that period had no revenue. */
    growth_percent: z.number().nullable(),
    previous_total: z.number(),
    /** Keyed by month YYYY-MM, oldest first. */
    monthly_data: z.record(z.string(), monthFiguresSchema),
  }),
  revenue_analysis: z.object({
    total: z.number(),
    wholesale: typeFigures,
    retail: typeFigures,
  }),
});
export type AdminChartData = z.infer<typeof adminChartDataSchema>;
export const adminChartQuery = periodQuery;

export const ADMIN_ALERT_TYPES = [
  'out_of_stock',
  'low_stock',
  'trip_near_full',
  'order_without_train',
  'delivery_late',
  'delivery_failed',
  // an order back at the store after a failed (or partly delivered) delivery, not re-planned yet
  'order_delivery_failed',
] as const;

/** GET /dashboard/admin-alerts row. */
export const adminAlertSchema = z.object({
  type: z.enum(ADMIN_ALERT_TYPES),
  severity: z.enum(['high', 'medium']),
  message: z.string(),
  /** When the condition arose (or the moment it refers to), ISO 8601. */
  time: z.string(),
  ref_id: z.number().int(),
});
export type AdminAlert = z.infer<typeof adminAlertSchema>;
export const adminAlertsSchema = z.array(adminAlertSchema);
