/** Every URL of the web app (docs/product/portals.md). */
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
    supportRequest: (id: number | string) => `/customer/support?request=${id}`,
    guidelines: '/customer/guidelines',
  },
  admin: {
    root: '/admin',
    users: '/admin/users',
    reports: '/admin/reports',
    logs: '/admin/logs',
    support: '/admin/support',
    supportRequest: (id: number | string) => `/admin/support?request=${id}`,
    fleet: '/admin/fleet',
  },
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
    support: '/manager/support',
    supportRequest: (id: number | string) => `/manager/support?request=${id}`,
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
  /**
   * The same portal as /assistant, under the name drivers look for
   * (docs/product/portals.md#driver-and-assistant).
   */
  driver: { root: '/driver' },
} as const;
