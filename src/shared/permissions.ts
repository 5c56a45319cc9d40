import type { Portal } from './roles';

const ALL: readonly Portal[] = ['admin', 'manager', 'warehouse', 'assistant', 'customer'];
const STAFF: readonly Portal[] = ['admin', 'manager', 'warehouse'];

/**
 * The one table of what each portal may do. Every API route declares one of these keys (or is
 * explicitly public); the server enforces it and the web hides what it denies. Row ownership
 * (a customer's own orders, a crew member's own deliveries) is enforced in the queries.
 */
export const PERMISSIONS = {
  'profile:read': ALL,
  'products:read': ALL,
  'products:update-stock': ['admin', 'warehouse'],
  'orders:create': ['customer', 'manager', 'admin'],
  'orders:read': ['customer', 'admin', 'manager', 'warehouse'],
  'orders:update-status': ['manager', 'admin'],
  'orders:allocate-train': ['manager', 'admin'],
  // a failed delivery's undelivered items sent back to Kandy and credited (decision 0058)
  'orders:return-to-kandy': ['manager', 'admin'],
  'dashboard:customer': ['customer'],
  'support:create': ['customer'],
  'support:read': ['customer', 'admin', 'manager'],
  'users:manage': ['admin'],
  'roles:manage': ['admin'],
  'audit:read': ['admin'],
  'reports:read': STAFF,
  'stores:read': ALL,
  'employees:read': ['admin', 'manager'],
  'deliveries:read': ['admin', 'manager'],
  'deliveries:schedule': ['manager', 'admin'],
  'deliveries:crew': ['assistant'],
  'deliveries:assignments': ['assistant', 'manager', 'admin'],
  'notifications:read': ALL,
  'events:read': ALL,
  'products:manage': ['admin', 'warehouse'],
  'stock:read': STAFF,
  'dashboard:warehouse': ['warehouse', 'admin'],
  'inventory-alerts:dismiss': STAFF,
  'trains:read': STAFF,
  'trains:schedule': ['manager', 'admin'],
  'dashboard:manager': ['manager', 'admin'],
  // global search (issue 13): the box is everyone's; each kind of result needs its own key, and
  // the rows are further limited by ownership (a customer's orders, a crew's deliveries)
  'search:use': ALL,
  'search:orders': ['customer', 'assistant', 'manager', 'admin'],
  'search:customers': ['manager', 'admin'],
  'search:products': ['customer', 'warehouse', 'admin'],
  'search:stores': ['warehouse', 'admin'],
  'search:stock-movements': ['warehouse', 'admin'],
  'search:train-trips': ['manager', 'admin'],
  'search:deliveries': ['assistant', 'manager', 'admin'],
  'search:trucks': ['manager', 'admin'],
  'search:routes': ['manager', 'admin'],
  'search:employees': ['manager', 'admin'],
  'search:users': ['admin'],
  'search:roles': ['admin'],
  'planning:plan': ['manager', 'admin'],
  'dashboard:admin': ['admin'],
  'employees:manage': ['admin'],
  'reports:business': ['admin', 'manager'],
} as const satisfies Record<string, readonly Portal[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(portal: Portal | null, permission: Permission): boolean {
  return portal !== null && (PERMISSIONS[permission] as readonly Portal[]).includes(portal);
}
