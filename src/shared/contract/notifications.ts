import { z } from 'zod';
import { intString } from './common';

export const NOTIFICATION_TYPES = ['Alert', 'Info'] as const;

/**
 * A notification (the kept fields type, message, timestamp: docs/product/api.md#notifications-and-events)
 * with its read state and subject.
 */
export const notificationSchema = z.object({
  notification_id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  message: z.string(),
  timestamp: z.string(),
  read: z.boolean(),
  delivery_id: z.number().int().nullable(),
  order_id: z.number().int().nullable(),
  /** The support request it is about (docs/decisions/0062). */
  request_id: z.number().int().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** Newest first; the unread count of all of them goes in X-Unread-Count. */
export const notificationListQuery = z.object({ limit: intString(1, 200).default(50) });

export const readAllResponse = z.object({ updated: z.number().int() });

/** What GET /events pushes (data of each server-sent event, JSON). */
export type LiveEvent =
  | {
      kind: 'notification';
      notification_id: number;
      type: string;
      delivery_id: number | null;
      order_id: number | null;
      request_id: number | null;
    }
  | { kind: 'delivery'; delivery_id: number; status: string }
  | { kind: 'order'; order_id: number; status: string }
  | { kind: 'support'; request_id: number; status: string };
