import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { StockMovement } from '#shared/contract/products';
import { apiPage } from '#web/lib/api-client';
import { inventoryEndpoints, inventoryKeys } from './inventory-keys';

export const MOVEMENTS_PAGE_SIZE = 20;

export function getMovements(productId: number, page: number, signal?: AbortSignal) {
  return apiPage<StockMovement>(inventoryEndpoints.movements(productId), {
    query: { page, page_size: MOVEMENTS_PAGE_SIZE },
    signal,
  });
}

/** GET /products/{id}/movements: one page of the product's ledger, newest first, with the total. */
export function useMovements(productId: number, page: number) {
  return useQuery({
    queryKey: inventoryKeys.movements(productId, page),
    queryFn: ({ signal }) => getMovements(productId, page, signal),
    placeholderData: keepPreviousData,
  });
}
