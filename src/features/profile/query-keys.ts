export const profileKeys = {
  all: ['profile'] as const,
  // How many members follow the caller as an organiser (issue 27).
  followers: () => [...profileKeys.all, 'followers'] as const,
};
