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
  'products:manage': ['admin', 'warehouse'],
  'stock:read': STAFF,
  'dashboard:warehouse': ['warehouse', 'admin'],
  'inventory-alerts:dismiss': STAFF,
  'trains:read': STAFF,
  'trains:schedule': ['manager', 'admin'],
  'dashboard:manager': ['manager', 'admin'],
} as const satisfies Record<string, readonly Portal[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(portal: Portal | null, permission: Permission): boolean {
  return portal !== null && (PERMISSIONS[permission] as readonly Portal[]).includes(portal);
}
