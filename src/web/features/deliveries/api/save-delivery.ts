import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateDeliveryQuery,
  CrewUpdateRequest,
  Delivery,
  TruckChangeRequest,
} from '#shared/contract/deliveries';
import { api } from '#web/lib/api-client';
import { deliveryEndpoints } from './delivery-keys';

export interface ScheduleDeliveryInput {
  truck_id: number;
  route_id: number;
  user_id: number;
  delivery_date_time: string;
  driver_employee_id: number | null;
  assistant_employee_id: number | null;
}

/**
 * POST /deliveries/deliveries with query parameters and no body
 * (docs/product/api.md#compatibility-promise); an empty crew slot is sent as `null`.
 */
export function scheduleDelivery(input: ScheduleDeliveryInput): Promise<Delivery> {
  const query: Record<keyof CreateDeliveryQuery, string> = {
    truck_id: String(input.truck_id),
    route_id: String(input.route_id),
    user_id: String(input.user_id),
    delivery_date_time: input.delivery_date_time,
    driver_employee_id: input.driver_employee_id === null ? 'null' : String(input.driver_employee_id),
    assistant_employee_id:
      input.assistant_employee_id === null ? 'null' : String(input.assistant_employee_id),
  };
  return api<Delivery>(deliveryEndpoints.list, { method: 'POST', query });
}

// A delivery changes trucks, crews, loads and the dashboard: every active query refreshes.
function useRefreshAll() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries();
}

export function useScheduleDelivery() {
  const refresh = useRefreshAll();
  return useMutation({ mutationFn: scheduleDelivery, onSuccess: refresh });
}

/** PUT /deliveries/{id}/crew */
export function useUpdateCrew(deliveryId: number) {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (body: CrewUpdateRequest) =>
      api<Delivery>(deliveryEndpoints.crew(deliveryId), { method: 'PUT', body }),
    onSuccess: refresh,
  });
}

/** PUT /deliveries/{id}/truck: the run moves to another truck of its store. */
export function useChangeTruck(deliveryId: number) {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (body: TruckChangeRequest) =>
      api<Delivery>(deliveryEndpoints.truck(deliveryId), { method: 'PUT', body }),
    onSuccess: refresh,
  });
}

/** PUT /deliveries/{id}/orders: the complete set of orders on the truck. */
export function useLoadOrders(deliveryId: number) {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (orderIds: number[]) =>
      api<Delivery>(deliveryEndpoints.orders(deliveryId), { method: 'PUT', body: { order_ids: orderIds } }),
    onSuccess: refresh,
  });
}
