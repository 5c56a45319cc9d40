import { z } from 'zod';
import { intString } from './common';

/**
 * GET /report/truck_usage row (the contract keeps truckId, and usageRate as a fraction:
 * docs/product/api.md#compatibility-promise).
 */
export const truckUsageRow = z.object({
  truckId: z.number().int(),
  usageRate: z.number(),
  plate_number: z.string(),
  store_city: z.string(),
  deliveries: z.number().int(),
  hours_used: z.number(),
  hours_available: z.number(),
});
export type TruckUsageRow = z.infer<typeof truckUsageRow>;

/**
 * GET /report/driver-hours row (the contract keeps employeeId, totalHours:
 * docs/product/api.md#compatibility-promise), drivers and assistants.
 */
export const driverHoursRow = z.object({
  employeeId: z.number().int(),
  totalHours: z.number(),
  name: z.string(),
  employee_type: z.string(),
  deliveries: z.number().int(),
});
export type DriverHoursRow = z.infer<typeof driverHoursRow>;

/**
 * On Time, Late, Pending (still out); Failed and Partly delivered: the order left that delivery
 * with items not delivered (decision 0059).
 */
export const PERFORMANCE_STATUSES = ['On Time', 'Late', 'Pending', 'Failed', 'Partly delivered'] as const;
export const performanceStatusSchema = z.enum(PERFORMANCE_STATUSES);
export type PerformanceStatus = (typeof PERFORMANCE_STATUSES)[number];

/** GET /report/delivery-performance row (docs/product/business-rules.md#reports). */
export const deliveryPerformanceRow = z.object({
  delivery_id: z.number().int(),
  order_id: z.number().int(),
  customer_name: z.string(),
  status: z.string(),
  performance_status: performanceStatusSchema,
  /** When the order was delivered, or failed on this delivery, else when its truck leaves. */
  delivery_date_time: z.string(),
  /** Hours past the end of the requested day (0 when on time). */
  hours_delay: z.number(),
  schedule_date: z.string(),
  route_name: z.string(),
});
export type DeliveryPerformanceRow = z.infer<typeof deliveryPerformanceRow>;

/** `month` (YYYY-MM) narrows the truck usage report to one calendar month. */
export const monthFilter = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month in the form YYYY-MM')
  .optional();

/** GET /report/delivery-performance-summary row: orders per performance status in the period. */
export const deliveryPerformanceSummaryRow = z.object({
  performance_status: performanceStatusSchema,
  orders: z.number().int(),
  /** Share of the period's orders, in percent. */
  percent: z.number(),
});
export type DeliveryPerformanceSummaryRow = z.infer<typeof deliveryPerformanceSummaryRow>;

/** Paging of the delivery performance rows (newest first); JSON answers 1,000 rows unless asked. */
export const performancePaging = {
  limit: intString(1, 10_000).optional(),
  offset: intString(0, 10_000_000).optional(),
};
export { PERFORMANCE_JSON_DEFAULT_LIMIT } from '../reports';
