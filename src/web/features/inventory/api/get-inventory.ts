import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InventoryProduct } from '#shared/contract/products';
import { apiList } from '#web/lib/api-client';
import { inventoryEndpoints, inventoryKeys } from './inventory-keys';

export function getInventory(signal?: AbortSignal): Promise<InventoryProduct[]> {
  return apiList<InventoryProduct>(inventoryEndpoints.products, { signal });
}

/** GET /products with the warehouse fields (reorder point, space per unit, last movement). */
export function useInventory() {
  return useQuery(
    queryOptions({ queryKey: inventoryKeys.list(), queryFn: ({ signal }) => getInventory(signal) }),
  );
}
