// Whether the caller follows an organiser (issue 27): nothing else changes it.
export const followKeys = {
  all: ['follows'] as const,
  organiser: (organiserId: number) => [...followKeys.all, organiserId] as const,
};
