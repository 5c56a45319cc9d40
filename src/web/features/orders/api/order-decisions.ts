import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AllocateTrainResponse,
  AllocationPreview,
  OrderStatusUpdateRequest,
  OrderStatusUpdateResponse,
} from '#shared/contract/order-scheduling';
import { api } from '#web/lib/api-client';
import { orderKeys } from './order-keys';

const endpoints = {
  status: (id: number) => `/orders/${id}/status`,
  allocate: (id: number) => `/orders/${id}/allocate-train`,
  preview: (id: number) => `/orders/${id}/allocation-preview`,
};

// A decision on an order moves train space, stock and the dashboard: every active query refreshes.
function useRefreshAll() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries();
}

/** PUT /orders/{id}/status: Approve & Schedule (Scheduled) or Reject (Cancelled, with a reason). */
export function useSetOrderStatus(orderId: number) {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (body: OrderStatusUpdateRequest) =>
      api<OrderStatusUpdateResponse>(endpoints.status(orderId), { method: 'PUT', body }),
    onSuccess: refresh,
  });
}

/** POST /orders/{id}/allocate-train: books the order's space on trains and sets it Scheduled. */
export function useAllocateTrain(orderId: number) {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: () => api<AllocateTrainResponse>(endpoints.allocate(orderId), { method: 'POST' }),
    onSuccess: refresh,
  });
}

/** GET /orders/{id}/allocation-preview: what allocating would book now (only while `enabled`). */
export function useAllocationPreview(orderId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...orderKeys.detail(orderId), 'allocation-preview'],
    queryFn: ({ signal }) => api<AllocationPreview>(endpoints.preview(orderId), { signal }),
    enabled,
  });
}
