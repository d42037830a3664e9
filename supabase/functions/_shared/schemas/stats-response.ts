import { z } from 'zod';

// GET /api/stats: the community's rides and members, as app.community_stats() counts them
// (issue 36 §4). Public: the home screen shows them to visitors.
export const communityStatsSchema = z
  .object({
    totalRides: z.number().int().nonnegative(),
    totalUsers: z.number().int().nonnegative(),
  })
  .meta({ id: 'CommunityStats' });
export type CommunityStats = z.infer<typeof communityStatsSchema>;
