import { z } from 'zod';
import { TRIP_LOAD_STATUSES } from '../constants';
import { isoDateTime, pageQuery, periodQuery, spaceAmount } from './common';
import { orderStatusSchema } from './orders';

export const tripLoadStatusSchema = z.enum(TRIP_LOAD_STATUSES);
/** Where the train is, by the clock: not left yet, on the rails, or at its destination. */
export const tripJourneySchema = z.enum(['Upcoming', 'Departed', 'Arrived']);

/** A train trip with its booked space (GET /train-trips row). */
export const trainTripSchema = z.object({
  train_trip_id: z.number().int(),
  train_name: z.string(),
  departure_city: z.string(),
  arrival_city: z.string(),
  departure_date_time: z.string(),
  arrival_date_time: z.string(),
  total_capacity: z.number(),
  used_capacity: z.number(),
  free_capacity: z.number(),
  /** used / total in percent, one decimal. */
  utilization_percent: z.number(),
  status: tripLoadStatusSchema,
  journey: tripJourneySchema,
  orders_count: z.number().int(),
});
export type TrainTrip = z.infer<typeof trainTripSchema>;
export const trainTripListResponse = z.array(trainTripSchema);

export const tripOrderSchema = z.object({
  order_id: z.number().int(),
  customer_name: z.string(),
  status: orderStatusSchema,
  schedule_date: z.string(),
  allocated_space: z.number(),
});
export type TripOrder = z.infer<typeof tripOrderSchema>;

/** GET /train-trips/{id}: the trip and the orders booked on it. */
export const trainTripDetailSchema = trainTripSchema.extend({ orders: z.array(tripOrderSchema) });
export type TrainTripDetail = z.infer<typeof trainTripDetailSchema>;

/** GET /train-trips: by arrival city and departure period (default: from today on), earliest first. */
export const trainTripListQuery = z
  .object({ arrival_city: z.string().trim().max(100).optional() })
  .extend(periodQuery.shape)
  .extend(pageQuery(20, 100).shape);
export type TrainTripListQuery = z.infer<typeof trainTripListQuery>;

/** POST /train-trips: every trip departs from Kandy. */
export const createTrainTripRequest = z.object({
  train_name: z.string().trim().max(100).optional(),
  arrival_city: z.string().trim().min(1, 'arrival_city is required').max(100),
  departure_date_time: isoDateTime,
  arrival_date_time: isoDateTime,
  total_capacity: spaceAmount,
});
export type CreateTrainTripRequest = z.infer<typeof createTrainTripRequest>;

/** PUT /train-trips/{id}: a new total capacity, never below what is booked. */
export const updateTrainTripRequest = z.object({ total_capacity: spaceAmount });
export type UpdateTrainTripRequest = z.infer<typeof updateTrainTripRequest>;
