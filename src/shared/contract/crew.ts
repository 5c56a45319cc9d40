import { z } from 'zod';
import { DELIVERY_STATUSES, ORDER_STATUSES } from '../order-status';
import { idNumber, idString } from './common';
import { TRUCK_STATUSES } from './deliveries';

/** The failed-delivery reasons the crew can give for a whole stop (issue 9). */
export const FAILURE_REASONS = ['Customer absent', 'Refused', 'Address not found'] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];

/** Why one item could not be handed over (docs/decisions/0058). */
export const ITEM_FAILURE_REASONS = ['Damaged', 'Refused', 'Missing'] as const;
export type ItemFailureReason = (typeof ITEM_FAILURE_REASONS)[number];
/** An item's stored reason: its own, or the stop's when the whole stop failed. */
export const ANY_FAILURE_REASONS = [
  'Damaged',
  'Refused',
  'Missing',
  'Customer absent',
  'Address not found',
] as const;

/** The largest signature: a PNG data URL of 200 KB. */
export const MAX_SIGNATURE_CHARS = 204_800;

export const employeeParam = z.object({ employee_id: idString });
export const deliveryOrderParams = z.object({ id: idString, order_id: idString });

/**
 * GET /deliveries/assistant/{employee_id}/assignments: the kept assignment fields (docs/product/api.md#crew)
 * plus route, crew mate and planned end.
 */
export const assignmentSchema = z.object({
  delivery_id: z.number().int(),
  end_location: z.string(),
  plate_number: z.string(),
  driver_name: z.string().nullable(),
  status: z.enum(DELIVERY_STATUSES),
  order_count: z.number().int(),
  delivery_date_time: z.string(),
  end_date_time: z.string(),
  route_name: z.string(),
  route_towns: z.array(z.string()),
  store_city: z.string(),
  assistant_name: z.string().nullable(),
  /** Driver or Assistant: what the employee asked about is on this delivery. */
  crew_role: z.enum(['Driver', 'Assistant']),
  crew_mate_name: z.string().nullable(),
  item_count: z.number().int(),
  confirmed_count: z.number().int(),
  /** Items reported as not delivered on this delivery. */
  failed_count: z.number().int(),
  started_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  /** The truck's condition and why (docs/decisions/0057): an Under Repair truck cannot start. */
  truck_status: z.enum(TRUCK_STATUSES),
  truck_status_note: z.string().nullable(),
  /**
   * A Scheduled run may start from this instant (START_WINDOW_HOURS before its planned time,
   * docs/decisions/0056); null once it has started.
   */
  start_opens_at: z.string().nullable(),
  /**
   * Why starting it now would be refused, apart from the time (start_opens_at): the very detail
   * of the 409 the start would answer (crew missing, truck under repair, truck or crew on
   * another run on the road, nothing loaded). Null: nothing but possibly the time stops it.
   */
  start_refusal: z.string().nullable(),
  /** The run on the road that holds this run's truck, driver or assistant (start_refusal names it). */
  blocking_delivery_id: z.number().int().nullable(),
});
export type Assignment = z.infer<typeof assignmentSchema>;

/**
 * GET /deliveries/{id}/order-items: the kept item fields (docs/product/api.md#crew) plus where to go and what
 * is confirmed.
 */
export const deliveryItemSchema = z.object({
  order_id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  customer_name: z.string(),
  quantity: z.number().int(),
  delivery_address: z.string(),
  contact_number: z.string().nullable(),
  special_instructions: z.string().nullable(),
  order_status: z.enum(ORDER_STATUSES),
  confirmed: z.boolean(),
  confirmation_id: z.string().nullable(),
  recipient_name: z.string().nullable(),
  confirmed_by: z.string().nullable(),
  confirmed_at: z.string().nullable(),
  /** Reported as not delivered on this delivery ("Could not deliver"), with why and when. */
  failed: z.boolean(),
  failure_id: z.string().nullable(),
  failure_reason: z.enum(ANY_FAILURE_REASONS).nullable(),
  failure_note: z.string().nullable(),
  failed_by: z.string().nullable(),
  failed_at: z.string().nullable(),
});
export type DeliveryItem = z.infer<typeof deliveryItemSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .transform((s) => (s === '' ? null : s))
    .nullish();

/** POST /deliveries/{id}/confirm-item. */
export const confirmItemRequest = z.object({
  order_id: idNumber,
  product_id: idNumber,
  recipient_name: optionalText(120),
  signature: z
    .string()
    .max(MAX_SIGNATURE_CHARS, 'must be a PNG of at most 200 KB')
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/, 'must be a PNG data URL (data:image/png;base64,...)')
    .nullish(),
  note: optionalText(500),
  /** Made by the phone; the same id sent again answers the stored confirmation. */
  confirmation_id: z.uuid('must be a UUID').optional(),
});
export type ConfirmItemRequest = z.input<typeof confirmItemRequest>;

export const confirmationSchema = z.object({
  confirmation_id: z.string(),
  delivery_id: z.number().int(),
  order_id: z.number().int(),
  product_id: z.number().int(),
  recipient_name: z.string().nullable(),
  note: z.string().nullable(),
  has_signature: z.boolean(),
  confirmed_by: z.string().nullable(),
  confirmed_at: z.string(),
  /** The order's and the delivery's status after this confirmation. */
  order_status: z.enum(ORDER_STATUSES),
  delivery_status: z.enum(DELIVERY_STATUSES),
  /** true: this answer is a confirmation stored earlier (a retry changed nothing). */
  replayed: z.boolean(),
});
export type Confirmation = z.infer<typeof confirmationSchema>;

/** POST /deliveries/{id}/orders/{order_id}/fail. */
export const failOrderRequest = z.object({
  reason: z.enum(FAILURE_REASONS, { error: `must be one of: ${FAILURE_REASONS.join(', ')}` }),
  note: optionalText(500),
});
export type FailOrderRequest = z.input<typeof failOrderRequest>;

export const failOrderResponse = z.object({
  delivery_id: z.number().int(),
  order_id: z.number().int(),
  reason: z.enum(FAILURE_REASONS),
  order_status: z.enum(ORDER_STATUSES),
  delivery_status: z.enum(DELIVERY_STATUSES),
  /** Items of the order handed over on this delivery before the stop failed (the rest failed). */
  delivered_items: z.number().int(),
  failed_items: z.number().int(),
});

/** POST /deliveries/{id}/fail-item: one item could not be handed over. */
export const failItemRequest = z.object({
  order_id: idNumber,
  product_id: idNumber,
  reason: z.enum(ITEM_FAILURE_REASONS, { error: `must be one of: ${ITEM_FAILURE_REASONS.join(', ')}` }),
  note: optionalText(500),
  /** Made by the phone; the same id sent again answers the stored failure. */
  failure_id: z.uuid('must be a UUID').optional(),
});
export type FailItemRequest = z.input<typeof failItemRequest>;

export const itemFailureSchema = z.object({
  failure_id: z.string(),
  delivery_id: z.number().int(),
  order_id: z.number().int(),
  product_id: z.number().int(),
  reason: z.enum(ANY_FAILURE_REASONS),
  note: z.string().nullable(),
  failed_by: z.string().nullable(),
  failed_at: z.string(),
  /** The order's and the delivery's status after this report. */
  order_status: z.enum(ORDER_STATUSES),
  delivery_status: z.enum(DELIVERY_STATUSES),
  /** true: this answer is a failure stored earlier (a retry changed nothing). */
  replayed: z.boolean(),
});
export type ItemFailure = z.infer<typeof itemFailureSchema>;
