export const pushKeys = {
  all: ['push'] as const,
  serverKey: () => [...pushKeys.all, 'server-key'] as const,
  // This browser's own subscription (pushManager), before the server is asked about it.
  device: () => [...pushKeys.all, 'device'] as const,
  subscription: (endpoint: string) => [...pushKeys.all, 'subscription', endpoint] as const,
};
