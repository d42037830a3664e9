export const profileKeys = {
  all: ['profile'] as const,
  resetRequests: () => [...profileKeys.all, 'password-reset-requests'] as const,
};
