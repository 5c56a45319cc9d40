import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '#shared/contract/products';
import { apiList } from '#web/lib/api-client';

export const productKeys = {
  all: ['products'] as const,
};

export function getProducts(signal?: AbortSignal): Promise<Product[]> {
  return apiList<Product>('/products', { signal });
}

export function productsQueryOptions() {
  return queryOptions({
    queryKey: productKeys.all,
    queryFn: ({ signal }) => getProducts(signal),
  });
}

/** GET /products: the catalogue with prices and the units available at the Kandy warehouse. */
export function useProducts() {
  return useQuery(productsQueryOptions());
}
