import { z } from 'zod';
import { TRIP_LOAD_STATUSES } from '../constants';

export const prioritySchema = z.enum(['High', 'Medium', 'Low']);
export type Priority = z.infer<typeof prioritySchema>;

export const managerAlertSchema = z.object({
  type: z.enum(['trip_near_full', 'order_without_train', 'delivery_without_crew', 'order_delivery_failed']),
  severity: z.enum(['high', 'medium']),
  message: z.string(),
  /**
   * The trip, order or delivery the alert is about. order_delivery_failed: an order back at the
   * store after a failed or partly delivered delivery, until it is loaded on a truck again, sent
   * back to Kandy or cancelled (decision 0058).
   */
  ref_id: z.number().int(),
});
export type ManagerAlert = z.infer<typeof managerAlertSchema>;

/** GET /dashboard/manager-stats (docs/product/api.md#dashboards). */
export const managerStatsSchema = z.object({
  /** Trips that have not arrived yet. */
  active_train_trips: z.number().int(),
  /** Deliveries scheduled or on the road. */
  active_truck_routes: z.number().int(),
  pending_orders: z.number().int(),
  /** Percent of orders delivered on or before their requested date, over the orders delivered in the window; null when none. */
  on_time_rate: z.number().nullable(),
  on_time_window_days: z.number().int(),
  upcoming_trips: z.array(
    z.object({
      id: z.number().int(),
      /** "Kandy → Colombo" */
      route: z.string(),
      /** Departure. */
      date: z.string(),
      /** Utilisation in percent. */
      capacity: z.number(),
      train_name: z.string(),
      total_capacity: z.number(),
      used_capacity: z.number(),
      status: z.enum(TRIP_LOAD_STATUSES),
    }),
  ),
  pending_orders_details: z.array(
    z.object({
      id: z.number().int(),
      priority: prioritySchema,
      customer: z.string(),
      /** Number of item lines. */
      items: z.number().int(),
      /** The requested delivery date. */
      deadline: z.string(),
      days_left: z.number().int(),
    }),
  ),
  alerts: z.array(managerAlertSchema),
});
export type ManagerStats = z.infer<typeof managerStatsSchema>;
