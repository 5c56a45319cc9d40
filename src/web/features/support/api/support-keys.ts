export const supportEndpoints = {
  requests: '/support/requests',
} as const;

export const supportKeys = {
  all: ['support-requests'] as const,
};
