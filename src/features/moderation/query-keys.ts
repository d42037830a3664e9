export const moderationKeys = {
  all: ['moderation'] as const,
  queue: () => [...moderationKeys.all, 'queue'] as const,
  suspensionPreview: (reportId: number) => [...moderationKeys.all, 'suspension-preview', reportId] as const,
};
