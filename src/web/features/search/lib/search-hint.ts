import { SEARCH_KIND_PERMISSION, SEARCH_KINDS, type SearchKind } from '#shared/contract/search';
import { can } from '#shared/permissions';
import type { Portal } from '#shared/roles';
import type { MessageKey, Translate } from '#web/i18n/provider';

/** What each kind is called in the hint ("orders", "train trips"). */
const NAMES: Record<SearchKind, MessageKey> = {
  order: 'search.noun.order',
  delivery: 'search.noun.delivery',
  train_trip: 'search.noun.trainTrip',
  customer: 'search.noun.customer',
  product: 'search.noun.product',
  store: 'search.noun.store',
  stock_movement: 'search.noun.stockMovement',
  truck: 'search.noun.truck',
  route: 'search.noun.route',
  employee: 'search.noun.employee',
  user: 'search.noun.user',
  role: 'search.noun.role',
};

/** A group's heading, by kind (the server's English label is the English text). */
export const GROUP_NAMES: Record<SearchKind, MessageKey> = {
  order: 'search.group.order',
  delivery: 'search.group.delivery',
  train_trip: 'search.group.trainTrip',
  customer: 'search.group.customer',
  product: 'search.group.product',
  store: 'search.group.store',
  stock_movement: 'search.group.stockMovement',
  truck: 'search.group.truck',
  route: 'search.group.route',
  employee: 'search.group.employee',
  user: 'search.group.user',
  role: 'search.group.role',
};

/** What this portal's search finds, from the permission table the server enforces. */
export function searchHint(t: Translate, portal: Portal): string {
  const kinds = SEARCH_KINDS.filter((k) => can(portal, SEARCH_KIND_PERMISSION[k])).map((k) => t(NAMES[k]));
  const list =
    kinds.length > 1
      ? t('search.hint.and', { first: kinds.slice(0, -1).join(', '), last: kinds.at(-1)! })
      : (kinds[0] ?? '');
  const own = portal === 'customer' || portal === 'assistant' ? 'yes' : 'no';
  return t('search.hint', { own, list });
}
