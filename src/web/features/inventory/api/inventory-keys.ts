/** API paths of the warehouse's product endpoints (the client adds /api). */
export const inventoryEndpoints = {
  products: '/products',
  count: (id: number) => `/products/${id}`,
  details: (id: number) => `/products/${id}/details`,
  receipts: (id: number) => `/products/${id}/receipts`,
  movements: (id: number) => `/products/${id}/movements`,
} as const;

/**
 * Under ['products'] (the catalogue's key too), so a stock change refreshes every product list;
 * the warehouse's other screens (dashboard, alerts, reports) are invalidated with it.
 */
export const inventoryKeys = {
  all: ['products'] as const,
  list: () => [...inventoryKeys.all, 'inventory'] as const,
  movements: (id: number, page: number) => [...inventoryKeys.all, 'movements', id, page] as const,
};

/** Queries whose figures a stock or product change moves. */
export const STOCK_DEPENDENT_KEYS = [['products'], ['warehouse'], ['reports']] as const;
