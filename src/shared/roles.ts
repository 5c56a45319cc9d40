export const PORTALS = ['admin', 'manager', 'warehouse', 'assistant', 'customer'] as const;
export type Portal = (typeof PORTALS)[number];

/**
 * The portal a role belongs to, from its free-text name
 * (docs/product/business-rules.md#roles-and-portals: case-insensitive "contains"). Warehouse is
 * tested before manager so that "Warehouse Manager" reaches the warehouse portal
 * (docs/decisions/0003-role-matching.md). null: the role has no portal.
 */
export function portalForRole(roleName: string | null | undefined): Portal | null {
  const role = (roleName ?? '').toLowerCase();
  if (role.includes('admin')) return 'admin';
  if (role.includes('warehouse')) return 'warehouse';
  if (role.includes('manager')) return 'manager';
  if (role.includes('assistant') || role.includes('driver')) return 'assistant';
  if (role.includes('customer')) return 'customer';
  return null;
}

export const PORTAL_HOME: Record<Portal, string> = {
  admin: '/admin',
  manager: '/manager',
  warehouse: '/warehouse',
  assistant: '/assistant',
  customer: '/customer',
};
