export const adminKeys = {
  all: ['admin'] as const,
  resetRequests: () => [...adminKeys.all, 'password-reset-requests'] as const,
  vendorApplications: () => [...adminKeys.all, 'vendor-applications'] as const,
};
