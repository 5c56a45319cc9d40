import { z } from 'zod';
import { idNumber, intString } from './common';

/**
 * Open: waiting for the staff (new, or the customer wrote last); Answered: the staff wrote last;
 * Closed: a manager or admin closed it (a customer's message reopens it). docs/decisions/0062.
 */
export const SUPPORT_STATUSES = ['Open', 'Answered', 'Closed'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

export const SUPPORT_SIDES = ['customer', 'staff'] as const;
export type SupportSide = (typeof SUPPORT_SIDES)[number];

const messageText = z.string().trim().min(1, 'message is required').max(5000);

export const createSupportRequest = z.object({
  subject: z.string().trim().min(1, 'subject is required').max(200),
  message: messageText,
  order_id: idNumber.optional().nullable(),
});
export type CreateSupportRequest = z.infer<typeof createSupportRequest>;

export const supportRequestSchema = z.object({
  request_id: z.number().int(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  order_id: z.number().int().nullable(),
  subject: z.string(),
  /** The request's own (first) message. */
  message: z.string(),
  status: z.enum(SUPPORT_STATUSES),
  created_at: z.string(),
  /** When the latest message was written: the lists are newest activity first. */
  last_message_at: z.string(),
  /** Messages in the conversation, the request's own included. */
  message_count: z.number().int(),
  /** Who wrote the latest message. */
  last_message_side: z.enum(SUPPORT_SIDES),
  closed_at: z.string().nullable(),
});
export type SupportRequest = z.infer<typeof supportRequestSchema>;

/** A keyset cursor of the request lists: the X-Next-Cursor header of the previous page. */
const cursorPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z_[1-9]\d{0,9}$/;

export const supportListQuery = z.object({
  status: z.enum(SUPPORT_STATUSES).optional(),
  /**
   * Staff: a request or order number (`12`, `#12`), or words of the customer's name. Ignored for
   * a customer, whose list holds only its own requests.
   */
  q: z.string().trim().max(100).optional(),
  /** Rows per page; without it, up to 200 (the list as it was before paging). */
  limit: intString(1, 200).default(200),
  cursor: z.string().regex(cursorPattern, 'must be the X-Next-Cursor header of the previous page').optional(),
});
export type SupportListQuery = z.infer<typeof supportListQuery>;

export const supportMessageSchema = z.object({
  message_id: z.number().int(),
  side: z.enum(SUPPORT_SIDES),
  /** The customer's name, or for staff the staff member's login (null when a customer reads it). */
  author_name: z.string().nullable(),
  body: z.string(),
  created_at: z.string(),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

export const supportRequestDetailSchema = supportRequestSchema.extend({
  customer: z.object({
    customer_id: z.number().int(),
    name: z.string(),
    type: z.string(),
    city: z.string(),
    contact_number: z.string().nullable(),
    email: z.string().nullable(),
  }),
  order: z
    .object({
      order_id: z.number().int(),
      status: z.string(),
      order_date: z.string(),
      schedule_date: z.string(),
    })
    .nullable(),
  /** The login of the staff member who closed it (null for a customer, or when not closed). */
  closed_by_name: z.string().nullable(),
  messages: supportMessageSchema.array(),
});
export type SupportRequestDetail = z.infer<typeof supportRequestDetailSchema>;

export const createSupportMessage = z.object({ message: messageText });
export type CreateSupportMessage = z.infer<typeof createSupportMessage>;

/** Closing may carry a last message to the customer. */
export const closeSupportRequest = z.object({
  message: z.string().trim().max(5000).optional().nullable(),
});
export type CloseSupportRequest = z.infer<typeof closeSupportRequest>;
