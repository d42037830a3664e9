export const borderChecklistKeys = {
  all: ['border-checklist'] as const,
  // Every item, both directions: one cached copy serves any ride offline.
  items: () => [...borderChecklistKeys.all, 'items'] as const,
};
