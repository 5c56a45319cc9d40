import { z } from 'zod';
import { idNumber, periodDate } from './common';

/** The longest period one proposal may cover (days). */
export const PLAN_MAX_DAYS = 31;
/**
 * How long a stored proposal may be committed after it is computed (minutes). After it the
 * proposal is still read (marked expired) and discarded, but a commit is refused: plan again
 * (docs/decisions/0060). A commit that finds what it relied on changed ends it at once.
 */
export const PROPOSAL_LIFETIME_MINUTES = 30;
/** The most pending orders a manager may add to one proposal. */
export const PLAN_MAX_PENDING = 10_000;

/** POST /planning/proposals: the period (default: the next 7 days) and the pending orders to include. */
export const planRequest = z
  .object({
    from: periodDate.optional(),
    to: periodDate.optional(),
    pending_order_ids: z
      .array(idNumber)
      .max(PLAN_MAX_PENDING, `pending_order_ids: at most ${PLAN_MAX_PENDING} orders`)
      .optional(),
  })
  .strict();
export type PlanRequest = z.infer<typeof planRequest>;

export const unplannedStageSchema = z.enum(['order', 'train', 'truck', 'crew']);

export const plannedBookingSchema = z.object({
  order_id: z.number().int(),
  train_trip_id: z.number().int(),
  train_name: z.string(),
  departure_date_time: z.string(),
  arrival_date_time: z.string(),
  space: z.number(),
});

export const plannedDeliverySchema = z.object({
  /** 1, 2, ... within the proposal. */
  key: z.number().int(),
  /** Its id once the proposal is committed. */
  delivery_id: z.number().int().nullable(),
  route_id: z.number().int(),
  route_name: z.string(),
  store_city: z.string(),
  truck_id: z.number().int(),
  plate_number: z.string(),
  truck_capacity: z.number(),
  delivery_date_time: z.string(),
  end_date_time: z.string(),
  driver_employee_id: z.number().int(),
  driver_name: z.string(),
  assistant_employee_id: z.number().int(),
  assistant_name: z.string(),
  order_ids: z.array(z.number().int()),
  load: z.number(),
});
export type PlannedDeliveryView = z.infer<typeof plannedDeliverySchema>;

/** An order the plan looked at, as stored with the proposal for the commit's check (not answered). */
export const planOrderSchema = z.object({
  order_id: z.number().int(),
  /** The status when the proposal was computed (the commit checks it has not changed). */
  status: z.string(),
  schedule_date: z.string(),
  city: z.string().nullable(),
  space: z.number(),
  /** Booked on a train (before or by this proposal), loaded on a truck and crewed. */
  planned: z.boolean(),
});

export const unplannedSchema = z.object({
  order_id: z.number().int(),
  stage: unplannedStageSchema,
  reason: z.string(),
});

export const planTripSchema = z.object({
  train_trip_id: z.number().int(),
  train_name: z.string(),
  city: z.string(),
  departure_date_time: z.string(),
  arrival_date_time: z.string(),
  total_capacity: z.number(),
  used_before: z.number(),
  used_after: z.number(),
  /** Orders this proposal books on the trip. */
  new_orders: z.number().int(),
});
export type PlanTripView = z.infer<typeof planTripSchema>;

export const timelineItemSchema = z.object({
  kind: z.enum(['existing', 'planned']),
  /** The delivery's id (existing, or planned once committed). */
  delivery_id: z.number().int().nullable(),
  /** The planned delivery's key. */
  key: z.number().int().nullable(),
  route_name: z.string(),
  start: z.string(),
  end: z.string(),
});
export type TimelineItem = z.infer<typeof timelineItemSchema>;

export const planTruckSchema = z.object({
  truck_id: z.number().int(),
  plate_number: z.string(),
  store_city: z.string(),
  status: z.string(),
  capacity: z.number(),
  items: z.array(timelineItemSchema),
});

export const planCrewSchema = z.object({
  employee_id: z.number().int(),
  name: z.string(),
  role: z.enum(['driver', 'assistant']),
  store_city: z.string().nullable(),
  weekly_limit: z.number(),
  /** Scheduled hours of deliveries starting in the period, before and after this proposal. */
  hours_before: z.number(),
  hours_after: z.number(),
  items: z.array(timelineItemSchema),
});

export const planFiguresSchema = z.object({
  orders_total: z.number().int(),
  orders_planned: z.number().int(),
  /** Planned orders whose delivery ends before the end of their requested day. */
  orders_on_time: z.number().int(),
  orders_unplanned: z.number().int(),
  train_bookings: z.number().int(),
  /** Booked / total over the trips on the board, percent with one decimal. */
  train_utilisation_before: z.number(),
  train_utilisation_after: z.number(),
  deliveries: z.number().int(),
  trucks_used: z.number().int(),
  trucks_available: z.number().int(),
  crew_hours_before: z.number(),
  crew_hours_after: z.number(),
  /** Pending orders the commit approves (booked on a train or loaded on a truck by the proposal). */
  orders_to_approve: z.number().int(),
});
export type PlanFigures = z.infer<typeof planFiguresSchema>;

export const proposalSchema = z.object({
  proposal_id: z.number().int(),
  status: z.enum(['Open', 'Committed']),
  created_at: z.string(),
  committed_at: z.string().nullable(),
  /** After it an open proposal cannot be committed (PROPOSAL_LIFETIME_MINUTES after it was computed, or when a commit found a change). */
  expires_at: z.string(),
  /** Open and past `expires_at` by the server's clock when answered: plan again. */
  expired: z.boolean(),
  from: z.string(),
  to: z.string(),
  figures: planFiguresSchema,
  bookings: z.array(plannedBookingSchema),
  deliveries: z.array(plannedDeliverySchema),
  unplanned: z.array(unplannedSchema),
  trips: z.array(planTripSchema),
  trucks: z.array(planTruckSchema),
  crew: z.array(planCrewSchema),
});
export type ProposalView = z.infer<typeof proposalSchema>;

/** GET /planning/proposals/current: the signed-in manager's latest open proposal that has not expired, if any. */
export const currentProposalSchema = z.object({
  proposal_id: z.number().int().nullable(),
  expires_at: z.string().nullable(),
});
export type CurrentProposal = z.infer<typeof currentProposalSchema>;
export type PlanOrderView = z.infer<typeof planOrderSchema>;

/** GET /planning/pending-orders: the Pending orders a manager may add, by requested date. */
export const pendingQuery = z.object({ from: periodDate.optional(), to: periodDate.optional() }).strict();
export const pendingOrderSchema = z.object({
  order_id: z.number().int(),
  customer_name: z.string(),
  schedule_date: z.string(),
  city: z.string().nullable(),
  route_name: z.string().nullable(),
  space: z.number(),
});
export type PendingOrder = z.infer<typeof pendingOrderSchema>;
export const pendingOrdersSchema = z.object({
  from: z.string(),
  to: z.string(),
  orders: z.array(pendingOrderSchema),
});
export type PendingOrders = z.infer<typeof pendingOrdersSchema>;
