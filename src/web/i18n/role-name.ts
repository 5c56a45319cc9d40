import type { Translate } from './provider';

// The seeded role names (docs/product/business-rules.md#roles-and-portals) in the reader's language;
// a role an admin named otherwise shows as it is.
const ROLES = {
  admin: 'role.admin',
  manager: 'role.manager',
  'warehouse manager': 'role.warehouseManager',
  driver: 'role.driver',
  'driver assistant': 'role.driverAssistant',
  assistant: 'role.driverAssistant',
  customer: 'role.customer',
} as const;

export function roleName(t: Translate, role: string): string {
  const key = ROLES[role.trim().toLowerCase() as keyof typeof ROLES];
  return key ? t(key) : role;
}
