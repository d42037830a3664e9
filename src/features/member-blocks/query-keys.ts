// Every query of blocks and records hangs under ['member-blocks'].
export const memberBlockKeys = {
  all: ['member-blocks'] as const,
  list: () => [...memberBlockKeys.all, 'list'] as const,
  record: (userId: number) => [...memberBlockKeys.all, 'record', userId] as const,
};
