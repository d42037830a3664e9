import { Hono } from 'hono';

import type { AppEnv } from '../lib/env.ts';

export const statsRoutes = new Hono<AppEnv>();

statsRoutes.get('/stats', async (c) => {
  const row = await c
    .get('db')
    .one<{ stats: { totalRides: number; totalUsers: number } }>('select app.community_stats() as stats');
  return c.json(row!.stats);
});
