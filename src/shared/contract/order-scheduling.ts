import { z } from 'zod';
import { orderStatusSchema } from './orders';

/**
 * PUT /orders/{id}/status (docs/product/api.md#orders): a manager approves (Scheduled) or rejects
 * (Cancelled).
 */
export const orderStatusUpdateRequest = z.object({
  status: orderStatusSchema,
  reason: z.string().trim().max(500, 'reason must be at most 500 characters').optional(),
});
export type OrderStatusUpdateRequest = z.infer<typeof orderStatusUpdateRequest>;

export const orderStatusUpdateResponse = z.object({
  order_id: z.number().int(),
  status: orderStatusSchema,
  previous_status: orderStatusSchema,
});
export type OrderStatusUpdateResponse = z.infer<typeof orderStatusUpdateResponse>;

/** One leg of an order's train booking. */
export const trainAllocationSchema = z.object({
  train_trip_id: z.number().int(),
  train_name: z.string(),
  departure_date_time: z.string(),
  arrival_date_time: z.string(),
  allocated_space: z.number(),
});
export type TrainAllocation = z.infer<typeof trainAllocationSchema>;

/** POST /orders/{id}/allocate-train. */
export const allocateTrainResponse = z.object({
  success: z.literal(true),
  allocations: z.array(trainAllocationSchema),
});
export type AllocateTrainResponse = z.infer<typeof allocateTrainResponse>;

export const candidateTripSchema = z.object({
  train_trip_id: z.number().int(),
  train_name: z.string(),
  departure_date_time: z.string(),
  arrival_date_time: z.string(),
  total_capacity: z.number(),
  free_capacity: z.number(),
});

/** GET /orders/{id}/allocation-preview: what allocating would book now, computed by the same rules. */
export const allocationPreviewSchema = z.object({
  order_id: z.number().int(),
  status: orderStatusSchema,
  destination_city: z.string().nullable(),
  schedule_date: z.string(),
  /** Goods must arrive before this instant (the start of the requested day in Colombo). */
  deadline: z.string(),
  space: z.number(),
  /** Legs already booked for the order (then it cannot be allocated again). */
  booked: z.array(trainAllocationSchema),
  /** Trips to the destination that leave after now and arrive before the deadline. */
  trips: z.array(candidateTripSchema),
  can_allocate: z.boolean(),
  /** The legs allocating would book now, when it can. */
  plan: z.array(trainAllocationSchema),
  /** Why it cannot, in the words the allocation would answer with. */
  reason: z.string().nullable(),
});
export type AllocationPreview = z.infer<typeof allocationPreviewSchema>;
