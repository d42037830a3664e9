import { createRoute } from '@hono/zod-openapi';

import { type CommunityStats, communityStatsSchema } from '../../_shared/schemas/stats-response.ts';
import { contractRoutes, json, mount } from '../lib/contract.ts';

export const statsRoutes = contractRoutes();

const getStats = createRoute({
  method: 'get',
  path: '/stats',
  tags: ['Community'],
  summary: "The community's rides and members, counted",
  responses: { 200: json('The counts; the same for visitors and members', communityStatsSchema) },
});
mount(statsRoutes, getStats, async (c) => {
  const row = await c.get('db').one<{ stats: CommunityStats }>('select app.community_stats() as stats');
  return c.json(row!.stats, 200);
});
