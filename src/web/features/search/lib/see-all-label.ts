import { SEARCH_OWN_RECENT_ORDERS, type SearchGroup } from '#shared/contract/search';
import type { Portal } from '#shared/roles';
import type { Translate } from '#web/i18n/provider';
import { GROUP_NAMES } from './search-hint';

/**
 * The text of a group's "see all" link: the words the list will filter by, read from the link
 * itself (after a typo the server links the words as the best match spells them, so the label
 * shows what opens, not what was typed). A link without a `q` falls back to the typed text.
 */
export function seeAllLabel(
  t: Translate,
  group: Pick<SearchGroup, 'kind' | 'more_path'>,
  typed: string,
): string {
  const query = group.more_path?.split('?')[1] ?? '';
  const words = new URLSearchParams(query).get('q')?.trim() || typed;
  return t('search.seeAll', { kind: t(GROUP_NAMES[group.kind]).toLocaleLowerCase(), q: words });
}

/** What a group's hits are drawn from when that is not everything (the see-all list is). */
export function seeAllNote(t: Translate, group: Pick<SearchGroup, 'kind'>, portal: Portal): string | null {
  if (group.kind !== 'order') return null;
  if (portal === 'customer') return t('search.note.customer', { count: SEARCH_OWN_RECENT_ORDERS });
  if (portal === 'manager') return t('search.note.manager');
  return null;
}
