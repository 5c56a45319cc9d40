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
  // the signed-in user's own language (issue 26): everyone chooses their own
  'profile:language': ALL,
  'products:read': ALL,
  'products:update-stock': ['admin', 'warehouse'],
  'orders:create': ['customer', 'manager', 'admin'],
  'orders:read': ['customer', 'admin', 'manager', 'warehouse'],
  'orders:update-status': ['manager', 'admin'],
  'orders:allocate-train': ['manager', 'admin'],
  // a customer's own Pending order (decision 0063): cancel it, change its lines and date
  'orders:cancel-own': ['customer'],
  'orders:change-own': ['customer'],
  // a failed delivery's undelivered items sent back to Kandy and credited (decision 0058)
  'orders:return-to-kandy': ['manager', 'admin'],
  'dashboard:customer': ['customer'],
  'support:create': ['customer'],
  'support:read': ['customer', 'admin', 'manager'],
  // a message on a request: the customer on its own (ownership in the query), staff on any
  'support:reply': ['customer', 'manager', 'admin'],
  // the staff side of the inbox: a message written as the staff's answer, closing a request
  'support:answer': ['manager', 'admin'],
  'users:manage': ['admin'],
  'roles:manage': ['admin'],
  'audit:read': ['admin'],
  // reports by family (docs/decisions/0061): every report route declares the one it belongs to
  'reports:stock': ['warehouse', 'admin'],
  'reports:operations': ['manager', 'admin'],
  'reports:financial': ['admin'],
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
  // whoever reads the inventory alerts (reports:stock) may hide them for themselves
  'inventory-alerts:dismiss': ['warehouse', 'admin'],
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
  // the fleet managed in the portal (docs/decisions/0057): admins add, edit and delete trucks,
  // routes and stores; managers (and admins) set a truck's status with a note
  'fleet:manage': ['admin'],
  'trucks:status': ['manager', 'admin'],
} as const satisfies Record<string, readonly Portal[]>;

export type Permission = keyof typeof PERMISSIONS;

/** What a refusal (403) says the role cannot do, where "do this" would not name it. */
export const REFUSED_ACTION: Partial<Record<Permission, string>> = {
  'reports:stock': 'read the stock reports (current stock, product performance, inventory alerts)',
  'reports:operations':
    'read the operations reports (truck usage, crew hours, delivery performance, train capacity, workload)',
  'reports:financial': 'read the financial reports (revenue and sales)',
};

export function can(portal: Portal | null, permission: Permission): boolean {
  return portal !== null && (PERMISSIONS[permission] as readonly Portal[]).includes(portal);
}
