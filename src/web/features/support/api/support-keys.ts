import type { SupportStatus } from '#shared/contract/support';

export const supportEndpoints = {
  requests: '/support/requests',
  request: (id: number) => `/support/requests/${id}`,
  messages: (id: number) => `/support/requests/${id}/messages`,
  close: (id: number) => `/support/requests/${id}/close`,
} as const;

/** What the staff inbox shows: a state (or all) and a search. */
export interface InboxFilter {
  status: SupportStatus | null;
  q: string;
}

export const supportKeys = {
  all: ['support-requests'] as const,
  mine: () => [...supportKeys.all, 'mine'] as const,
  inbox: (filter: InboxFilter) => [...supportKeys.all, 'inbox', filter] as const,
  detail: (id: number) => [...supportKeys.all, 'detail', id] as const,
};
