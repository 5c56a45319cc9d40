import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Confirmation, DeliveryItem } from '#shared/contract/crew';
import {
  enqueue,
  flushQueue,
  listQueued,
  newConfirmationId,
  type QueuedConfirmation,
} from '../lib/confirmation-queue';
import { crewKeys } from './crew-keys';

export interface ConfirmInput {
  deliveryId: number;
  items: { order_id: number; product_id: number }[];
  recipient_name: string;
  signature: string | null;
  note: string | null;
}

/** Marks an acknowledged item confirmed in the delivery's cached items (the refetch follows). */
const markConfirmed = (queryClient: QueryClient) => (c: Confirmation) =>
  queryClient.setQueryData<DeliveryItem[]>(crewKeys.items(c.delivery_id), (items) =>
    items?.map((item) =>
      item.order_id === c.order_id && item.product_id === c.product_id
        ? {
            ...item,
            confirmed: true,
            confirmation_id: c.confirmation_id,
            recipient_name: c.recipient_name,
            confirmed_by: c.confirmed_by,
            confirmed_at: c.confirmed_at,
            order_status: c.order_status,
          }
        : item,
    ),
  );

/** The confirmations kept on the phone that the server has not acknowledged yet. */
export function useQueuedConfirmations() {
  return useQuery({ queryKey: crewKeys.queue, queryFn: listQueued, networkMode: 'always' });
}

/**
 * POST /deliveries/{id}/confirm-item for each item: queued in IndexedDB first, then sent; without
 * a connection they wait and go when it returns (useQueueFlusher).
 */
export function useConfirmItems() {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async (input: ConfirmInput) => {
      const now = new Date().toISOString();
      const queued: QueuedConfirmation[] = input.items.map((item) => ({
        confirmation_id: newConfirmationId(),
        delivery_id: input.deliveryId,
        order_id: item.order_id,
        product_id: item.product_id,
        recipient_name: input.recipient_name,
        signature: input.signature,
        note: input.note,
        queued_at: now,
      }));
      await enqueue(queued);
      await queryClient.invalidateQueries({ queryKey: crewKeys.queue });
      return flushQueue(markConfirmed(queryClient));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: crewKeys.all }),
  });
}

/** Sends what is waiting when the page opens and whenever the connection returns. */
export function useQueueFlusher(onResult?: (r: Awaited<ReturnType<typeof flushQueue>>) => void) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const flush = () =>
      flushQueue(markConfirmed(queryClient))
        .then((r) => {
          if (r.sent.length > 0 || r.refused.length > 0) onResult?.(r);
        })
        .catch(() => undefined)
        .finally(() => queryClient.invalidateQueries({ queryKey: crewKeys.all }));
    flush();
    window.addEventListener('online', flush);
    return () => window.removeEventListener('online', flush);
  }, [queryClient, onResult]);
}
