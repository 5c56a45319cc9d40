import type { z } from 'zod';
import type { trainTripListQuery } from '#shared/contract/train-trips';

export type TrainTripListParams = z.input<typeof trainTripListQuery>;

export const trainEndpoints = {
  list: '/train-trips',
  detail: (id: number) => `/train-trips/${id}`,
} as const;

/** Every train query lives under ['train-trips']; bookings elsewhere invalidate it whole. */
export const trainKeys = {
  all: ['train-trips'] as const,
  list: (query: TrainTripListParams) => [...trainKeys.all, 'list', query] as const,
  detail: (id: number) => [...trainKeys.all, 'detail', id] as const,
};
