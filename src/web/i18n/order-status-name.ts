import type { OrderStatus } from '#shared/order-status';
import type { MessageKey, Translate } from './provider';

// An order's status in the reader's language; an unknown one shows as it is.
const STATUS: Record<OrderStatus, MessageKey> = {
  Pending: 'order.status.pending',
  Scheduled: 'order.status.scheduled',
  'In Transit': 'order.status.inTransit',
  Delivered: 'order.status.delivered',
  Cancelled: 'order.status.cancelled',
};

export function orderStatusName(t: Translate, status: string): string {
  const key = STATUS[status as OrderStatus];
  return key ? t(key) : status;
}
