/** Every URL of the web app (portal-spec §2). */
export const paths = {
  home: '/',
  login: '/login',
  customerLogin: '/customer/login',
  customer: {
    root: '/customer',
    newOrder: '/customer/new-order',
    history: '/customer/history',
    order: (id: number | string) => `/customer/orders/${id}`,
    editOrder: (id: number | string) => `/customer/orders/${id}/edit`,
    support: '/customer/support',
    guidelines: '/customer/guidelines',
  },
  admin: { root: '/admin', users: '/admin/users', reports: '/admin/reports', logs: '/admin/logs' },
  manager: {
    root: '/manager',
    train: '/manager/train',
    truck: '/manager/truck',
    orders: '/manager/orders',
    reports: '/manager/reports',
    planner: '/manager/planner',
    order: (id: number | string) => `/manager/orders?order=${id}`,
    trip: (id: number | string) => `/manager/train?trip=${id}`,
    deliveryPerformance: '/manager/reports/delivery-performance',
  },
  warehouse: {
    root: '/warehouse',
    inventory: '/warehouse/inventory',
    reports: '/warehouse/reports',
    stores: '/warehouse/store-stock',
    alerts: '/warehouse/alerts',
  },
  assistant: {
    root: '/assistant',
    assignments: '/assistant/assignments',
    confirmation: '/assistant/confirmation',
    notifications: '/assistant/notifications',
  },
  /** The same portal as /assistant, under the name drivers look for (portal-spec §2 sidebar). */
  driver: { root: '/driver' },
} as const;
