export const planningEndpoints = {
  pending: '/planning/pending-orders',
  proposals: '/planning/proposals',
  current: '/planning/proposals/current',
  proposal: (id: number) => `/planning/proposals/${id}`,
  commit: (id: number) => `/planning/proposals/${id}/commit`,
} as const;

/** Every planning query lives under ['planning']. */
export const planningKeys = {
  all: ['planning'] as const,
  pending: (from: string, to: string) => [...planningKeys.all, 'pending', from, to] as const,
  proposal: (id: number) => [...planningKeys.all, 'proposal', id] as const,
  current: () => [...planningKeys.all, 'current'] as const,
};
