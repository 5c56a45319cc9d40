/** The crew portal's calls (their paths kept: docs/product/api.md#crew). */
export const crewEndpoints = {
  assignments: (employeeId: number) => `/deliveries/assistant/${employeeId}/assignments`,
  items: (deliveryId: number) => `/deliveries/${deliveryId}/order-items`,
  start: (deliveryId: number) => `/deliveries/${deliveryId}/start`,
  confirm: (deliveryId: number) => `/deliveries/${deliveryId}/confirm-item`,
  fail: (deliveryId: number, orderId: number) => `/deliveries/${deliveryId}/orders/${orderId}/fail`,
  failItem: (deliveryId: number) => `/deliveries/${deliveryId}/fail-item`,
} as const;

export const crewKeys = {
  all: ['crew'] as const,
  assignments: (employeeId: number) => [...crewKeys.all, 'assignments', employeeId] as const,
  items: (deliveryId: number) => [...crewKeys.all, 'items', deliveryId] as const,
  queue: [...['crew'], 'queue'] as const,
};
