import { z } from 'zod';
import { TRIP_LOAD_STATUSES } from '../constants';
import { idString, intString } from './common';

/**
 * GET /report/revenue-analysis row (docs/product/business-rules.md#reports); revenue = goods at captured
 * prices + delivery fee.
 */
export const revenueAnalysisRow = z.object({
  month: z.string(),
  customer_type: z.string(),
  order_count: z.number().int(),
  total_revenue: z.number(),
  avg_order_value: z.number(),
  /** Customers of the type who placed an order in the month. */
  unique_customers: z.number().int(),
});

/** GET /report/train-capacity-utilization row (docs/product/business-rules.md#reports). */
export const trainCapacityRow = z.object({
  train_trip_id: z.number().int(),
  train_name: z.string(),
  departure_city: z.string(),
  arrival_city: z.string(),
  departure_date_time: z.string(),
  total_capacity: z.number(),
  used_capacity: z.number(),
  utilization_percent: z.number(),
  orders_count: z.number().int(),
  status: z.enum(TRIP_LOAD_STATUSES),
});

/** GET /report/employee-workload row (docs/product/business-rules.md#reports), drivers and assistants. */
export const employeeWorkloadRow = z.object({
  employee_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  employee_type: z.string(),
  total_assignments: z.number().int(),
  total_hours: z.number(),
  avg_hours_per_assignment: z.number(),
  assignments_this_week: z.number().int(),
  last_assignment: z.string().nullable(),
});

/**
 * GET /report/quarterly-sales row: value and volume per calendar quarter
 * (docs/product/business-rules.md#reports).
 */
export const quarterlySalesRow = z.object({
  quarter: z.string(),
  orders: z.number().int(),
  units: z.number().int(),
  /** Train space of the units sold. */
  space: z.number(),
  goods_revenue: z.number(),
  delivery_fees: z.number(),
  total_revenue: z.number(),
  avg_order_value: z.number(),
});

/** A calendar quarter, e.g. 2026-Q3: narrows a report to it instead of from/to. */
export const quarterFilter = z
  .string()
  .regex(/^\d{4}-Q[1-4]$/, 'must be a quarter in the form YYYY-Qn, e.g. 2026-Q3')
  .optional();

/**
 * GET /report/top-items row: the most ordered items of a quarter (docs/product/business-rules.md#reports).
 */
export const topItemRow = z.object({
  rank: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  category: z.string(),
  units: z.number().int(),
  orders: z.number().int(),
  revenue: z.number(),
});

/** GET /report/city-sales row (docs/product/business-rules.md#reports). */
export const citySalesRow = z.object({
  city: z.string(),
  orders: z.number().int(),
  units: z.number().int(),
  total_revenue: z.number(),
  percent: z.number(),
});

/** GET /report/route-sales row (docs/product/business-rules.md#reports). */
export const routeSalesRow = z.object({
  route: z.string(),
  city: z.string(),
  orders: z.number().int(),
  units: z.number().int(),
  total_revenue: z.number(),
  percent: z.number(),
});

/**
 * GET /report/crew-hours row: working hours of drivers and assistants
 * (docs/product/business-rules.md#reports).
 */
export const crewHoursRow = z.object({
  employee_id: z.number().int(),
  name: z.string(),
  employee_type: z.string(),
  deliveries: z.number().int(),
  total_hours: z.number(),
  avg_hours_per_week: z.number(),
  weekly_hour_limit: z.number(),
});

/** GET /report/truck-usage row: one truck in one month (docs/product/business-rules.md#reports). */
export const truckMonthRow = z.object({
  month: z.string(),
  truck_id: z.number().int(),
  plate_number: z.string(),
  deliveries: z.number().int(),
  hours_used: z.number(),
  hours_available: z.number(),
  usage_percent: z.number(),
});

/**
 * GET /report/customer-orders row: order history with delivery details
 * (docs/product/business-rules.md#reports).
 */
export const customerOrderRow = z.object({
  order_id: z.number().int(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  order_date: z.string(),
  schedule_date: z.string(),
  status: z.string(),
  items: z.number().int(),
  order_total: z.number(),
  delivery_id: z.number().int().nullable(),
  plate_number: z.string().nullable(),
  driver_name: z.string().nullable(),
  delivery_date_time: z.string().nullable(),
  delivered_at: z.string().nullable(),
});

export const customerOrdersQuery = {
  customer_id: idString.optional(),
  limit: intString(1, 5000).optional(),
};
export { CUSTOMER_ORDERS_DEFAULT_LIMIT } from '../reports';
