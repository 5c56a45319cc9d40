/**
 * The fleet's calls (docs/decisions/0057); the lists keep their paths
 * (docs/product/api.md#compatibility-promise).
 */
export const fleetEndpoints = {
  trucks: '/Trucks/trucks',
  truck: (id: number) => `/Trucks/trucks/${id}`,
  truckStatus: (id: number) => `/Trucks/trucks/${id}/status`,
  routes: '/routes/routes',
  route: (id: number) => `/routes/routes/${id}`,
  stores: '/stores',
  store: (id: number) => `/stores/${id}`,
  cities: '/cities',
} as const;

/** The same keys as the scheduling form's lists, so both read one copy of the trucks and routes. */
export const fleetKeys = {
  trucks: ['fleet', 'trucks'] as const,
  routes: ['fleet', 'routes'] as const,
  stores: ['fleet', 'stores'] as const,
  cities: ['fleet', 'cities'] as const,
};
