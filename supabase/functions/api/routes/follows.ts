import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';

import { rideIdParams } from '../../_shared/schemas/fields.ts';
import { followerCountSchema, followStateSchema } from '../../_shared/schemas/follows-response.ts';
import type { FollowerCount, FollowState } from '../../_shared/types/follows.ts';
import { contractRoutes, json, mount, refused } from '../lib/contract.ts';
import { type AppEnv, requireCaller } from '../lib/env.ts';
import { readId } from '../lib/validate.ts';

// Follow an organiser (issue 27, supabase/schemas/57_organiser_follows.sql): who may follow is
// the database's rule (app.follow_organiser); RLS lets a member unfollow only for themselves.
// Each route's contract (lib/contract.ts) names the refusals its handler and that function give.
export const followRoutes = contractRoutes();

const tags = ['Follows'];
// The path's id is a member's; its shape is a ride's.
const organiserIdParams = rideIdParams;

async function followState(c: Context<AppEnv>, organiserId: number): Promise<FollowState> {
  const row = await c.get('db').one<FollowState>(
    `select exists (select 1 from public.organiser_follows
                       where follower_id = app.current_user_id() and organiser_id = $1::integer) as following`,
    [organiserId],
  );
  return row!;
}

const getFollow = createRoute({
  method: 'get',
  path: '/organisers/{id}/follow',
  tags,
  summary: 'Whether the caller follows an organiser',
  request: { params: organiserIdParams },
  responses: {
    200: json('Following or not', followStateSchema),
    ...refused({ 400: ['invalid_id'], 401: ['login_required'] }),
  },
});
mount(followRoutes, getFollow, async (c) => {
  requireCaller(c);
  return c.json(await followState(c, readId(c, 'id', 'organiser')), 200);
});

// Following again is not an error: the answer is the same.
const follow = createRoute({
  method: 'post',
  path: '/organisers/{id}/follow',
  tags,
  summary: "The caller follows an organiser they have ridden with: told of the organiser's new rides",
  request: { params: organiserIdParams },
  responses: {
    200: json('Following', followStateSchema),
    ...refused({ 400: ['invalid_id', 'follow_self'], 401: ['login_required'], 403: ['follow_not_ridden'] }),
  },
});
mount(followRoutes, follow, async (c) => {
  requireCaller(c);
  const organiserId = readId(c, 'id', 'organiser');
  await c.get('db').query('select app.follow_organiser($1::integer)', [organiserId]);
  return c.json({ following: true } satisfies FollowState, 200);
});

// Nor is unfollowing someone one does not follow.
const unfollow = createRoute({
  method: 'delete',
  path: '/organisers/{id}/follow',
  tags,
  summary: 'The caller stops following an organiser',
  request: { params: organiserIdParams },
  responses: {
    200: json('Not following', followStateSchema),
    ...refused({ 400: ['invalid_id'], 401: ['login_required'] }),
  },
});
mount(followRoutes, unfollow, async (c) => {
  requireCaller(c);
  const organiserId = readId(c, 'id', 'organiser');
  await c
    .get('db')
    .query('delete from public.organiser_follows where follower_id = app.current_user_id() and organiser_id = $1', [
      organiserId,
    ]);
  return c.json({ following: false } satisfies FollowState, 200);
});

// How many follow the caller; never who.
const countFollowers = createRoute({
  method: 'get',
  path: '/followers',
  tags,
  summary: 'How many members follow the caller',
  responses: {
    200: json('The count', followerCountSchema),
    ...refused({ 401: ['login_required'] }),
  },
});
mount(followRoutes, countFollowers, async (c) => {
  requireCaller(c);
  const row = await c
    .get('db')
    .one<FollowerCount>(
      'select count(*)::int as count from public.organiser_follows where organiser_id = app.current_user_id()',
    );
  return c.json(row!, 200);
});
