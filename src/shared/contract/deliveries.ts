import { z } from 'zod';
import { DELIVERY_STATUSES } from '../order-status';
import { idNumber, idString, isoDateTime, pageQuery, periodQuery } from './common';
import { orderStatusSchema } from './orders';

export const TRUCK_STATUSES = ['Available', 'In Service', 'Under Repair'] as const;
export const deliveryStatusSchema = z.enum(DELIVERY_STATUSES);

/**
 * GET /Trucks/trucks row: the kept truck fields (truck_id, plate_number, status;
 * docs/product/api.md#trucks-routes-and-deliveries) with its capacity and store.
 */
export const truckSchema = z.object({
  truck_id: z.number().int(),
  plate_number: z.string(),
  status: z.enum(TRUCK_STATUSES),
  capacity: z.number(),
  store_id: z.number().int(),
  store_city: z.string(),
  /** Why it has its status (always set Under Repair) and since when (docs/decisions/0057). */
  status_note: z.string().nullable(),
  status_changed_at: z.string(),
  /** Its runs not started yet: an Under Repair truck's need another truck. */
  scheduled_runs: z.number().int(),
});
export type Truck = z.infer<typeof truckSchema>;

/**
 * GET /routes/routes row: the kept route fields (route_id, start_location, end_location;
 * docs/product/api.md#trucks-routes-and-deliveries) and its area.
 */
export const routeSchema = z.object({
  route_id: z.number().int(),
  name: z.string(),
  start_location: z.string(),
  end_location: z.string(),
  covered_towns: z.array(z.string()),
  store_id: z.number().int(),
  store_city: z.string(),
  max_delivery_hours: z.number(),
});
export type Route = z.infer<typeof routeSchema>;

export const deliveryOrderSchema = z.object({
  order_id: z.number().int(),
  customer_name: z.string(),
  status: orderStatusSchema,
  schedule_date: z.string(),
  space: z.number(),
});

/**
 * GET /deliveries/deliveries row: the kept delivery fields (docs/product/api.md#trucks-routes-and-deliveries)
 * with truck, route, crew, load and orders.
 */
export const deliverySchema = z.object({
  delivery_id: z.number().int(),
  route_id: z.number().int(),
  route_name: z.string(),
  end_location: z.string(),
  store_city: z.string(),
  truck_id: z.number().int(),
  plate_number: z.string(),
  truck_capacity: z.number(),
  /** The truck's condition now: a Scheduled run on an Under Repair truck needs another truck. */
  truck_status: z.enum(TRUCK_STATUSES),
  truck_status_note: z.string().nullable(),
  delivery_date_time: z.string(),
  end_date_time: z.string(),
  status: deliveryStatusSchema,
  driver_employee_id: z.number().int().nullable(),
  driver_name: z.string().nullable(),
  assistant_employee_id: z.number().int().nullable(),
  assistant_name: z.string().nullable(),
  loaded_space: z.number(),
  order_count: z.number().int(),
  /** Orders that left this run with items not delivered (decision 0058): a Failed run has only these. */
  failed_order_count: z.number().int(),
  orders: z.array(deliveryOrderSchema),
});
export type Delivery = z.infer<typeof deliverySchema>;

/**
 * GET /deliveries/deliveries: without a period or status, the deliveries not yet done (scheduled
 * or on the road), earliest first; with `from`/`to`, those starting in that period.
 */
export const deliveryListQuery = z
  .object({
    status: deliveryStatusSchema.optional(),
    route_id: idString.optional(),
    truck_id: idString.optional(),
    /** A driver's or assistant's deliveries (either seat): the crew member's schedule. */
    employee_id: idString.optional(),
  })
  .extend(periodQuery.shape)
  .extend(pageQuery(20, 100).shape);
export type DeliveryListQuery = z.infer<typeof deliveryListQuery>;

/**
 * An optional id in a query string; a client sends `null` for an empty crew slot
 * (docs/product/api.md#compatibility-promise).
 */
const optionalIdString = z.preprocess(
  (value) => (value === 'null' || value === '' ? undefined : value),
  idString.optional(),
);

/**
 * POST /deliveries/deliveries: query parameters, no body, as the API contract keeps it
 * (docs/product/api.md#compatibility-promise).
 */
export const createDeliveryQuery = z.object({
  truck_id: idString,
  route_id: idString,
  user_id: idString,
  delivery_date_time: isoDateTime,
  driver_employee_id: optionalIdString,
  assistant_employee_id: optionalIdString,
});
export type CreateDeliveryQuery = z.infer<typeof createDeliveryQuery>;

/** PUT /deliveries/{id}/truck: a Scheduled run moves to another truck of its store. */
export const truckChangeRequest = z.object({ truck_id: idNumber });
export type TruckChangeRequest = z.infer<typeof truckChangeRequest>;

/** PUT /deliveries/{id}/crew: either may be null (left empty for now). */
export const crewUpdateRequest = z.object({
  driver_employee_id: idNumber.nullable(),
  assistant_employee_id: idNumber.nullable(),
});
export type CrewUpdateRequest = z.infer<typeof crewUpdateRequest>;

/** PUT /deliveries/{id}/orders: the complete set of orders the truck carries. */
export const loadOrdersRequest = z.object({
  order_ids: z
    .array(idNumber)
    .max(200, 'a delivery can carry at most 200 orders')
    .refine((ids) => new Set(ids).size === ids.length, 'order_ids must not repeat an order'),
});
export type LoadOrdersRequest = z.infer<typeof loadOrdersRequest>;

/** GET /deliveries/crew-options: who could crew a delivery of that route at that time. */
export const crewOptionsQuery = z.object({
  route_id: idString,
  delivery_date_time: isoDateTime,
  /** The delivery being edited, so that it does not clash with itself. */
  delivery_id: idString.optional(),
});
export type CrewOptionsQuery = z.infer<typeof crewOptionsQuery>;

export const crewOptionSchema = z.object({
  employee_id: z.number().int(),
  name: z.string(),
  store_city: z.string().nullable(),
  /** Scheduled hours in the calendar week of the delivery (before it). */
  week_hours: z.number(),
  weekly_limit: z.number(),
  available: z.boolean(),
  /** The rule this person would break, and the server's sentence for it. */
  rule: z.string().nullable(),
  reason: z.string().nullable(),
});
export type CrewOption = z.infer<typeof crewOptionSchema>;

export const crewOptionsResponse = z.object({
  delivery_date_time: z.string(),
  end_date_time: z.string(),
  drivers: z.array(crewOptionSchema),
  assistants: z.array(crewOptionSchema),
});
export type CrewOptions = z.infer<typeof crewOptionsResponse>;

/** GET /deliveries/{id}/loadable-orders: approved orders of the route and whether they can go on it. */
export const loadableOrderSchema = z.object({
  order_id: z.number().int(),
  customer_name: z.string(),
  delivery_address: z.string(),
  schedule_date: z.string(),
  space: z.number(),
  /** When the last train leg arrives at the store (null: not booked on a train). */
  train_arrival: z.string().nullable(),
  on_this_delivery: z.boolean(),
  /** Null when it can be loaded; else why not. */
  reason: z.string().nullable(),
});
export type LoadableOrder = z.infer<typeof loadableOrderSchema>;
