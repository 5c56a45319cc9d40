import { SEARCH_OWN_RECENT_ORDERS, type SearchGroup } from '#shared/contract/search';
import type { Portal } from '#shared/roles';

/**
 * The text of a group's "see all" link: the words the list will filter by, read from the link
 * itself (after a typo the server links the words as the best match spells them, so the label
 * shows what opens, not what was typed). A link without a `q` falls back to the typed text.
 */
export function seeAllLabel(group: Pick<SearchGroup, 'label' | 'more_path'>, typed: string): string {
  const query = group.more_path?.split('?')[1] ?? '';
  const words = new URLSearchParams(query).get('q')?.trim() || typed;
  return `See all ${group.label.toLowerCase()} for "${words}"`;
}

/** What a group's hits are drawn from when that is not everything (the see-all list is). */
export function seeAllNote(group: Pick<SearchGroup, 'kind'>, portal: Portal): string | null {
  if (group.kind !== 'order') return null;
  if (portal === 'customer')
    return `Words search your latest ${SEARCH_OWN_RECENT_ORDERS} orders, numbers any order; the full list searches them all.`;
  if (portal === 'manager') return 'The list holds the orders not yet delivered, a tab per status.';
  return null;
}
