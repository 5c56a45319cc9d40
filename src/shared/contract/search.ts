import { z } from 'zod';
import type { Permission } from '../permissions';
import { intString } from './common';

/** What global search finds, in the order groups appear when their best matches tie. */
export const SEARCH_KINDS = [
  'order',
  'delivery',
  'train_trip',
  'customer',
  'product',
  'store',
  'stock_movement',
  'truck',
  'route',
  'employee',
  'user',
  'role',
] as const;
export const searchKindSchema = z.enum(SEARCH_KINDS);
export type SearchKind = z.infer<typeof searchKindSchema>;

/** The key of the permission table a caller needs to find each kind (rows further limited by ownership). */
export const SEARCH_KIND_PERMISSION: Record<SearchKind, Permission> = {
  order: 'search:orders',
  delivery: 'search:deliveries',
  train_trip: 'search:train-trips',
  customer: 'search:customers',
  product: 'search:products',
  store: 'search:stores',
  stock_movement: 'search:stock-movements',
  truck: 'search:trucks',
  route: 'search:routes',
  employee: 'search:employees',
  user: 'search:users',
  role: 'search:roles',
};

export const SEARCH_MAX_LENGTH = 100;

/**
 * A customer's orders found by words in the search box are among its latest this many (any of
 * its orders by number); the box's "see all" link opens its order list, which reads them all.
 */
export const SEARCH_OWN_RECENT_ORDERS = 500;

export const searchQuery = z.object({
  q: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'must not be empty')
    .max(SEARCH_MAX_LENGTH, `must be at most ${SEARCH_MAX_LENGTH} characters`),
  /** Results per kind. */
  limit: intString(1, 20).default(5),
});
export type SearchQuery = z.infer<typeof searchQuery>;

/** A matched stretch of a title or subtitle: UTF-16 offsets, as String.slice takes them. */
export const highlightSchema = z.object({ start: z.number().int(), length: z.number().int() });
export type Highlight = z.infer<typeof highlightSchema>;

export const searchHitSchema = z.object({
  kind: searchKindSchema,
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  /** The web app path that opens it in the caller's portal. */
  path: z.string(),
  /** Higher is better; comparable across kinds of one answer. */
  score: z.number(),
  title_highlights: z.array(highlightSchema),
  subtitle_highlights: z.array(highlightSchema),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

export const searchGroupSchema = z.object({
  kind: searchKindSchema,
  label: z.string(),
  hits: z.array(searchHitSchema),
  /** The full list view filtered by the text, where the portal has one. */
  more_path: z.string().nullable(),
});
export type SearchGroup = z.infer<typeof searchGroupSchema>;

export const searchResponse = z.object({
  q: z.string(),
  /** Best group first; kinds without a match are left out. */
  groups: z.array(searchGroupSchema),
});
export type SearchResponse = z.infer<typeof searchResponse>;
