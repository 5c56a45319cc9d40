import type { z } from 'zod';
import type { crewOptionsQuery, deliveryListQuery } from '#shared/contract/deliveries';

export type DeliveryListParams = z.input<typeof deliveryListQuery>;
export type CrewOptionsParams = z.input<typeof crewOptionsQuery>;

/**
 * The API contract spells these paths oddly and keeps them (docs/product/api.md#compatibility-promise); so
 * does the client.
 */
export const deliveryEndpoints = {
  list: '/deliveries/deliveries',
  detail: (id: number) => `/deliveries/${id}`,
  crew: (id: number) => `/deliveries/${id}/crew`,
  truck: (id: number) => `/deliveries/${id}/truck`,
  orders: (id: number) => `/deliveries/${id}/orders`,
  loadable: (id: number) => `/deliveries/${id}/loadable-orders`,
  crewOptions: '/deliveries/crew-options',
  trucks: '/Trucks/trucks',
  routes: '/routes/routes',
} as const;

export const deliveryKeys = {
  all: ['deliveries'] as const,
  list: (query: DeliveryListParams) => [...deliveryKeys.all, 'list', query] as const,
  detail: (id: number) => [...deliveryKeys.all, 'detail', id] as const,
  loadable: (id: number) => [...deliveryKeys.all, 'loadable', id] as const,
  crewOptions: (query: CrewOptionsParams) => [...deliveryKeys.all, 'crew-options', query] as const,
  trucks: ['fleet', 'trucks'] as const,
  routes: ['fleet', 'routes'] as const,
};
