import { SEARCH_KIND_PERMISSION, SEARCH_KINDS, type SearchKind } from '#shared/contract/search';
import { can } from '#shared/permissions';
import type { Portal } from '#shared/roles';

const NAMES: Record<SearchKind, string> = {
  order: 'orders',
  delivery: 'deliveries',
  train_trip: 'train trips',
  customer: 'customers',
  product: 'products',
  store: 'stores',
  stock_movement: 'stock movements',
  truck: 'trucks',
  route: 'routes',
  employee: 'crew',
  user: 'users',
  role: 'roles',
};

/** What this portal's search finds, from the permission table the server enforces. */
export function searchHint(portal: Portal): string {
  const kinds = SEARCH_KINDS.filter((k) => can(portal, SEARCH_KIND_PERMISSION[k])).map((k) => NAMES[k]);
  const list = kinds.length > 1 ? `${kinds.slice(0, -1).join(', ')} and ${kinds.at(-1)}` : (kinds[0] ?? '');
  const own = portal === 'customer' || portal === 'assistant' ? 'your ' : '';
  return `Search ${own}${list} by name, address or number (#4512).`;
}
