import { z } from 'zod';
import { idNumber } from './common';

export const createSupportRequest = z.object({
  subject: z.string().trim().min(1, 'subject is required').max(200),
  message: z.string().trim().min(1, 'message is required').max(5000),
  order_id: idNumber.optional().nullable(),
});
export type CreateSupportRequest = z.infer<typeof createSupportRequest>;

export const supportRequestSchema = z.object({
  request_id: z.number().int(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  order_id: z.number().int().nullable(),
  subject: z.string(),
  message: z.string(),
  status: z.string(),
  created_at: z.string(),
});
export type SupportRequest = z.infer<typeof supportRequestSchema>;
