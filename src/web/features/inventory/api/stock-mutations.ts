import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateProductRequest,
  InventoryProduct,
  ProductDetailsRequest,
  StockChangeResponse,
  StockCountRequest,
  StockReceiptRequest,
} from '#shared/contract/products';
import { api } from '#web/lib/api-client';
import { inventoryEndpoints, STOCK_DEPENDENT_KEYS } from './inventory-keys';

/**
 * A mutation that refreshes every figure a stock or product change moves; after a refusal too:
 * a count refused because the balance changed since it was read (409) names the new balance,
 * which the screen then shows, so a count made against it applies.
 */
function useStockMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all(STOCK_DEPENDENT_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** PUT /products/{id}: a manual count against the units the screen showed. */
export function useUpdateStock() {
  return useStockMutation(({ productId, ...body }: StockCountRequest & { productId: number }) =>
    api<StockChangeResponse>(inventoryEndpoints.count(productId), { method: 'PUT', body }),
  );
}

/** POST /products/{id}/receipts: new production arriving at the warehouse. */
export function useRecordReceipt() {
  return useStockMutation(({ productId, ...body }: StockReceiptRequest & { productId: number }) =>
    api<StockChangeResponse>(inventoryEndpoints.receipts(productId), { method: 'POST', body }),
  );
}

/** POST /products. */
export function useCreateProduct() {
  return useStockMutation((body: CreateProductRequest) =>
    api<InventoryProduct>(inventoryEndpoints.products, { method: 'POST', body }),
  );
}

/** PUT /products/{id}/details. */
export function useUpdateProductDetails() {
  return useStockMutation(({ productId, ...body }: ProductDetailsRequest & { productId: number }) =>
    api<InventoryProduct>(inventoryEndpoints.details(productId), { method: 'PUT', body }),
  );
}
