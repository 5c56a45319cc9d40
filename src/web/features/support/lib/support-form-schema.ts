import { z } from 'zod';
import type { CreateSupportRequest } from '#shared/contract/support';

export const supportFormSchema = z.object({
  subject: z
    .string()
    .trim()
    .min(1, 'Please enter a subject')
    .max(200, 'The subject can be at most 200 characters'),
  orderId: z.string(),
  message: z
    .string()
    .trim()
    .min(1, 'Please enter a message')
    .max(5000, 'The message can be at most 5000 characters'),
});
export type SupportFormValues = z.infer<typeof supportFormSchema>;

export const EMPTY_SUPPORT_FORM: SupportFormValues = { subject: '', orderId: '', message: '' };

/** The API request; the order is optional (an empty select sends none). */
export function toSupportRequest(values: SupportFormValues): CreateSupportRequest {
  const orderId = Number(values.orderId);
  return {
    subject: values.subject.trim(),
    message: values.message.trim(),
    ...(values.orderId && Number.isInteger(orderId) ? { order_id: orderId } : {}),
  };
}
