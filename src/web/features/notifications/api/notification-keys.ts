export const notificationEndpoints = {
  mine: '/notifications',
  crew: (employeeId: number) => `/deliveries/assistant/${employeeId}/notifications`,
  read: (id: number) => `/notifications/${id}/read`,
  readAll: '/notifications/read-all',
} as const;

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (source: string) => [...notificationKeys.all, source] as const,
};
