import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateOrderRequest, CreateOrderResponse } from '#shared/contract/orders';
import { api } from '#web/lib/api-client';
import { orderEndpoints, orderKeys } from './order-keys';

export interface CreateOrderInput {
  customerId: number;
  request: CreateOrderRequest;
  files: readonly File[];
}

/** JSON without files; with files a multipart body: `payload` (the same JSON) plus one `files` part each. */
export function buildCreateOrderBody(
  request: CreateOrderRequest,
  files: readonly File[],
): CreateOrderRequest | FormData {
  if (files.length === 0) return request;
  const form = new FormData();
  form.append('payload', JSON.stringify(request));
  for (const file of files) form.append('files', file, file.name);
  return form;
}

export function createOrder({ customerId, request, files }: CreateOrderInput): Promise<CreateOrderResponse> {
  return api<CreateOrderResponse>(orderEndpoints.create(customerId), {
    method: 'POST',
    body: buildCreateOrderBody(request, files),
  });
}

/** POST /customers/{id}/orders; refreshes every orders query (lists, details, customer stats). */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
