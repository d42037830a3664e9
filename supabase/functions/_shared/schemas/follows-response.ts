import { z } from 'zod';

// Follow an organiser (issue 27): the api's answers (api/routes/follows.ts declares them).

// GET, POST and DELETE /api/organisers/{id}/follow: whether the caller follows them now.
export const followStateSchema = z.object({ following: z.boolean() }).meta({ id: 'FollowState' });

// GET /api/followers: how many follow the caller; never who.
export const followerCountSchema = z.object({ count: z.number().int().nonnegative() }).meta({ id: 'FollowerCount' });
